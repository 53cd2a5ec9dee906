import { PREVIEW_LENGTH } from '../constants.ts';

/** Table previews cut descriptions and content to 60 characters (docs/product.md section 9). */
export function preview(text: string, length = PREVIEW_LENGTH): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

/** docs/product.md section 3: type shown in uppercase with underscores as spaces when not 'announcement'. */
export function formatAnnouncementType(type: string): string | null {
  return type === 'announcement' ? null : type.replace(/_/g, ' ').toUpperCase();
}

/**
 * A count with its noun in the right number: `plural(1, 'submission')` is '1 submission',
 * `plural(2, 'submission')` '2 submissions'; irregular plurals are passed in (`plural(n, 'is', 'are')`).
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

import { PREVIEW_LENGTH } from '../constants.ts';

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text as HTML text or an attribute's value: & < > " and ' written as entities. The one HTML escape: the
 * server's e-mails and sandbox payment page (server/src/lib/escape.ts) and the browser's Markdown (raw HTML
 * shown as text) use it.
 */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]);

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

/**
 * Up to two initials of a name: its first and last words' first characters ("Riya Sen" is "RS"). A
 * character is a whole code point: a letter outside the Basic Multilingual Plane is not cut in half, which
 * would leave a lone surrogate that PostgreSQL's jsonb refuses (the audit trail stores the testimonial).
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const firstOf = (word: string) => Array.from(word)[0] ?? '';
  const last = words.length > 1 ? firstOf(words[words.length - 1]) : '';
  return `${firstOf(words[0])}${last}`.toUpperCase();
}

import { formatDateTime } from '@app/common/rules/dates';

// How a material's details read on both screens (docs/product-materials.md).

const mb = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** "2.4 MB", "850 KB". */
export function fileSizeText(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${mb.format(bytes / 1024 / 1024)} MB`;
}

export const providerName = (p: 'youtube' | 'vimeo' | null) => (p === 'vimeo' ? 'Vimeo' : 'YouTube');

/** When students see it first: its publish time, else when it was added (IST). */
export const publishedText = (m: { publishAt: string | null; createdAt: string }) => formatDateTime(m.publishAt ?? m.createdAt);

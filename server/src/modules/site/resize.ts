import { SITE_IMAGE_MAX_PIXELS, SITE_IMAGE_MESSAGES, SITE_IMAGE_WIDTHS } from '@app/common/schemas/site';
import { badRequest } from '../../lib/errors.ts';
import { loadSharp } from '../../lib/lazy-libs.ts';

// Runs in a worker thread (server/src/worker.ts): decoding and resizing a photo takes tens to hundreds of
// milliseconds of processor time and a picture's worth of memory, both off the event loop.

export type ResizedCopy = { width: number; height: number; data: Uint8Array };

/** WebP at this quality: a 1600 px photo in about 150 KB, no visible loss on a page. */
const WEBP_QUALITY = 80;

/** The widths a picture `width` px wide is copied at: the page sizes below it, and it (at most the largest). */
export function copyWidths(width: number): number[] {
  const largest = Math.min(width, SITE_IMAGE_WIDTHS[SITE_IMAGE_WIDTHS.length - 1]);
  return [...SITE_IMAGE_WIDTHS.filter((w) => w < largest), largest];
}

/**
 * The picture decoded (its content decides: a text file named .jpg fails here), turned upright by its
 * EXIF orientation, and written as WebP at each width of `copyWidths`, narrowest first. Its metadata
 * (camera, place) is not copied.
 */
export async function resizeImage(data: Buffer): Promise<ResizedCopy[]> {
  const sharp = await loadSharp();
  const unreadable = () => badRequest(SITE_IMAGE_MESSAGES.unreadable, { file: SITE_IMAGE_MESSAGES.unreadable });
  let meta: { width?: number; height?: number; orientation?: number };
  try {
    meta = await sharp(data, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw unreadable();
  }
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > SITE_IMAGE_MAX_PIXELS) {
    throw badRequest(SITE_IMAGE_MESSAGES.tooManyPixels, { file: SITE_IMAGE_MESSAGES.tooManyPixels });
  }
  // Orientations 5 to 8 turn the picture a quarter: its upright width is the stored height.
  const uprightWidth = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
  const copies: ResizedCopy[] = [];
  try {
    for (const width of copyWidths(uprightWidth)) {
      const { data: out, info } = await sharp(data, { limitInputPixels: SITE_IMAGE_MAX_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      copies.push({ width: info.width, height: info.height, data: out });
    }
  } catch {
    throw unreadable();
  }
  return copies;
}

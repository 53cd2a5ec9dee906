import { asc, eq, inArray } from 'drizzle-orm';
import { SITE_IMAGE_MAX_BYTES, SITE_IMAGE_MESSAGES, SITE_MSG, type SiteImage } from '@app/common/schemas/site';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { siteImageFiles, siteImages } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { sniffImage } from '../../lib/storage.ts';

// Site images (docs/decisions/0024-site-images-library.md): judged by their content, resized in a worker
// thread to the widths the pages show, kept as those copies only, served by their generated keys.

/** The URL a copy is served at. */
export const siteImageFileUrl = (key: string) => `/api/site/images/files/${key}`;
const keyOfUrl = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** Resizing is bounded: a photo takes well under a second; one that takes longer is refused. */
const RESIZE_TIMEOUT_MS = 30_000;

type FileRow = typeof siteImageFiles.$inferSelect;
const toImageDto = (imageId: string, files: FileRow[]): SiteImage => {
  const copies = [...files].sort((a, b) => a.width - b.width);
  const largest = copies[copies.length - 1];
  return {
    _id: imageId,
    url: siteImageFileUrl(largest.storageKey),
    width: largest.width,
    height: largest.height,
    variants: copies.map((f) => ({ url: siteImageFileUrl(f.storageKey), width: f.width })),
  };
};

/** Checks an upload's bytes before anything decodes them: present, within the size, a PNG, JPEG or WebP by content. */
export function assertImageBytes(data: Buffer | null): asserts data is Buffer {
  const refuse = (m: string) => badRequest(m, { file: m });
  if (!data) throw refuse(SITE_IMAGE_MESSAGES.missing);
  if (data.length === 0) throw refuse(SITE_IMAGE_MESSAGES.empty);
  if (data.length > SITE_IMAGE_MAX_BYTES) throw refuse(SITE_IMAGE_MESSAGES.tooLarge);
  if (!sniffImage(data)) throw refuse(SITE_IMAGE_MESSAGES.notImage);
}

/** An image's copies, resized in a worker thread and written to storage, before any row points to them. */
export type PreparedImage = { copies: { storageKey: string; width: number; height: number }[] };

/**
 * Checks and resizes an upload and writes its copies to storage; no transaction is open meanwhile (the
 * resize takes a while). A failure after this leaves files no row points to, never a row without files.
 */
export async function prepareSiteImage(ctx: Ctx, data: Buffer | null): Promise<PreparedImage> {
  assertImageBytes(data);
  const resized = await ctx.workers.run(
    'resizeImage',
    { data },
    {
      timeoutMs: RESIZE_TIMEOUT_MS,
      limits: { time: SITE_IMAGE_MESSAGES.slow, memory: SITE_IMAGE_MESSAGES.tooManyPixels, busy: SITE_IMAGE_MESSAGES.busy, field: 'file' },
    },
  );
  const copies = [];
  for (const c of resized) {
    const bytes = Buffer.from(c.data.buffer, c.data.byteOffset, c.data.byteLength);
    copies.push({ storageKey: await ctx.storage.put(bytes, 'webp'), width: c.width, height: c.height });
  }
  return { copies };
}

/** The rows of a prepared image (in the caller's transaction), audited. */
export async function saveSiteImage(db: Db | Tx, actor: Actor | null, prepared: PreparedImage): Promise<SiteImage> {
  const largest = prepared.copies[prepared.copies.length - 1];
  const [image] = await db
    .insert(siteImages)
    .values({ width: largest.width, height: largest.height, createdBy: actor?.id ?? null })
    .returning({ id: siteImages.id });
  const files = await db
    .insert(siteImageFiles)
    .values(prepared.copies.map((c) => ({ ...c, imageId: image.id, contentType: 'image/webp' })))
    .returning();
  const dto = toImageDto(image.id, files);
  await recordAudit(db, actor, 'site.image.upload', 'site_image', image.id, null, dto);
  return dto;
}

/** POST /api/site/images: an image checked, resized and stored. */
export async function storeSiteImage(ctx: Ctx, actor: Actor, data: Buffer | null): Promise<SiteImage> {
  const prepared = await prepareSiteImage(ctx, data);
  return ctx.db.transaction((tx) => saveSiteImage(tx, actor, prepared));
}

/** Removes an image's rows (in the caller's transaction) and answers its files' keys, to remove once committed. */
export async function dropSiteImage(db: Db | Tx, imageId: string): Promise<string[]> {
  const files = await db.select({ key: siteImageFiles.storageKey }).from(siteImageFiles).where(eq(siteImageFiles.imageId, imageId));
  await db.delete(siteImages).where(eq(siteImages.id, imageId));
  return files.map((f) => f.key);
}

/** The stored images, with their copies, by id. */
export async function findSiteImages(db: Db | Tx, ids: string[]): Promise<Map<string, SiteImage>> {
  const found = new Map<string, SiteImage>();
  if (ids.length === 0) return found;
  const rows = await db.select().from(siteImageFiles).where(inArray(siteImageFiles.imageId, ids)).orderBy(asc(siteImageFiles.width));
  const byImage = new Map<string, FileRow[]>();
  for (const r of rows) byImage.set(r.imageId, [...(byImage.get(r.imageId) ?? []), r]);
  for (const [id, files] of byImage) found.set(id, toImageDto(id, files));
  return found;
}

/**
 * The images behind URLs of their copies (a page's photo fields hold one), by URL. A URL whose copy is
 * gone is not in the answer.
 */
export async function findImagesByUrl(db: Db | Tx, urls: (string | null | undefined)[]): Promise<Map<string, SiteImage>> {
  const wanted = [...new Set(urls.filter((u): u is string => !!u))];
  const found = new Map<string, SiteImage>();
  if (wanted.length === 0) return found;
  const files = await db
    .select({ storageKey: siteImageFiles.storageKey, imageId: siteImageFiles.imageId })
    .from(siteImageFiles)
    .where(inArray(siteImageFiles.storageKey, wanted.map(keyOfUrl)));
  const images = await findSiteImages(
    db,
    files.map((f) => f.imageId),
  );
  for (const f of files) {
    const image = images.get(f.imageId);
    if (image) found.set(siteImageFileUrl(f.storageKey), image);
  }
  return found;
}

/** Refuses a photo field naming an image that is not stored (400 on that field). */
export async function assertImagesExist(db: Db | Tx, fields: Record<string, string | null | undefined>) {
  const found = await findImagesByUrl(db, Object.values(fields));
  const missing = Object.entries(fields).filter(([, url]) => url && !found.has(url));
  if (missing.length > 0) throw badRequest(SITE_MSG.imageNotFound, Object.fromEntries(missing.map(([f]) => [f, SITE_MSG.imageNotFound])));
}

/** One copy's file and type, by its key; null when there is none. */
export async function findSiteImageFile(ctx: Ctx, key: string) {
  const [row] = await ctx.db.select().from(siteImageFiles).where(eq(siteImageFiles.storageKey, key)).limit(1);
  const data = row ? await ctx.storage.get(row.storageKey) : null;
  return row && data ? { data, contentType: row.contentType } : null;
}

import { asc, eq } from 'drizzle-orm';
import type { GalleryCategory } from '@app/common/constants';
import { type GalleryImage, type galleryPatchBody, galleryUploadFields } from '@app/common/schemas/site';
import type { z } from 'zod';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { galleryImages } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { parseBody } from '../../lib/validation.ts';
import { dropSiteImage, findSiteImages, prepareSiteImage, saveSiteImage } from '../site/images.ts';
import { moveTo } from '../site/ordering.ts';

// The gallery (docs/product-site.md): images with a category and a caption, in the institute's order,
// each resized to the widths the pages show (site/images.ts); a hidden one is kept for the editor only.

type Row = typeof galleryImages.$inferSelect;
const MSG = { notFound: 'Gallery image not found' } as const;

/** The full-size file's address (the largest copy; the file as uploaded for an image stored before copies). */
export const galleryFileUrl = (key: string) => `/api/gallery/files/${key}`;

async function toDtos(db: Db | Tx, rows: Row[]): Promise<GalleryImage[]> {
  const images = await findSiteImages(
    db,
    rows.map((r) => r.imageId).filter((id): id is string => !!id),
  );
  return rows.map((r) => {
    const image = r.imageId ? images.get(r.imageId) : undefined;
    return {
      _id: r.id,
      caption: r.title,
      title: r.title,
      category: r.category as GalleryCategory,
      url: image?.url ?? galleryFileUrl(r.storageKey),
      width: image?.width ?? null,
      height: image?.height ?? null,
      variants: image?.variants ?? [],
      hidden: r.hidden,
      position: r.position,
    };
  });
}

const ordered = [asc(galleryImages.position), asc(galleryImages.createdAt)];

/** The gallery in order: what a visitor sees, or (`withHidden`) everything, for the editor. */
export async function findGallery(ctx: Ctx, withHidden: boolean): Promise<GalleryImage[]> {
  const rows = await ctx.db
    .select()
    .from(galleryImages)
    .where(withHidden ? undefined : eq(galleryImages.hidden, false))
    .orderBy(...ordered);
  return toDtos(ctx.db, rows);
}

async function findOne(db: Db | Tx, id: string) {
  const [row] = await db.select().from(galleryImages).where(eq(galleryImages.id, id)).limit(1);
  if (!row) throw notFound(MSG.notFound);
  return row;
}

/** POST /api/gallery: the fields checked first (cheap), then the image; it goes last in the order. */
export async function addGalleryImage(ctx: Ctx, actor: Actor, data: Buffer | null, rawFields: Record<string, string>) {
  const fields = parseBody(galleryUploadFields, rawFields);
  const prepared = await prepareSiteImage(ctx, data);
  const dto = await ctx.db.transaction(async (tx) => {
    const image = await saveSiteImage(tx, actor, prepared);
    const largest = prepared.copies[prepared.copies.length - 1];
    const [row] = await tx
      .insert(galleryImages)
      .values({
        title: fields.caption,
        category: fields.category,
        storageKey: largest.storageKey,
        contentType: 'image/webp',
        imageId: image._id,
        position: 0,
      })
      .returning();
    await moveTo(tx, galleryImages, row.id, undefined);
    const [created] = await toDtos(tx, [await findOne(tx, row.id)]);
    await recordAudit(tx, actor, 'site.gallery.create', 'gallery_image', row.id, null, created);
    return created;
  });
  ctx.caches.publicReads.invalidate();
  return dto;
}

export async function updateGalleryImage(ctx: Ctx, actor: Actor, id: string, patch: z.output<typeof galleryPatchBody>) {
  const dto = await ctx.db.transaction(async (tx) => {
    const before = await findOne(tx, id);
    const set = {
      ...(patch.caption !== undefined ? { title: patch.caption } : {}),
      ...(patch.category !== undefined ? { category: patch.category } : {}),
      ...(patch.hidden !== undefined ? { hidden: patch.hidden } : {}),
    };
    if (Object.keys(set).length > 0) await tx.update(galleryImages).set(set).where(eq(galleryImages.id, id));
    if (patch.position !== undefined) await moveTo(tx, galleryImages, id, patch.position);
    const [was] = await toDtos(tx, [before]);
    const [now] = await toDtos(tx, [await findOne(tx, id)]);
    await recordAudit(tx, actor, 'site.gallery.update', 'gallery_image', id, was, now);
    return now;
  });
  ctx.caches.publicReads.invalidate();
  return dto;
}

/** Removes the image, its copies and their files (after the commit: a failed delete keeps them all). */
export async function deleteGalleryImage(ctx: Ctx, actor: Actor, id: string) {
  const keys = await ctx.db.transaction(async (tx) => {
    const before = await findOne(tx, id);
    const [was] = await toDtos(tx, [before]);
    await tx.delete(galleryImages).where(eq(galleryImages.id, id));
    const copies = before.imageId ? await dropSiteImage(tx, before.imageId) : [];
    const rest = await tx
      .select({ id: galleryImages.id })
      .from(galleryImages)
      .orderBy(...ordered);
    if (rest.length > 0) await moveTo(tx, galleryImages, rest[rest.length - 1].id, rest.length - 1);
    await recordAudit(tx, actor, 'site.gallery.delete', 'gallery_image', id, was, null);
    return [...new Set([before.storageKey, ...copies])];
  });
  ctx.caches.publicReads.invalidate();
  for (const key of keys) await ctx.storage.remove(key);
}

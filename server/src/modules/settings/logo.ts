import { eq } from 'drizzle-orm';
import { LOGO_MAX_BYTES, LOGO_MESSAGES, type InstituteSettings } from '@app/common/schemas/settings';
import type { Actor, Ctx } from '../../context.ts';
import { instituteSettings } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { loadPdfLib } from '../../lib/lazy-libs.ts';
import { sniffImage } from '../../lib/storage.ts';
import { INSTITUTE_ID, toSettingsDto } from './service.ts';

// The institute's logo (docs/product.md section 15, docs/product-invoices.md): PNG or JPEG, judged by its
// content, at most 2 MB, kept through the storage interface; drawn at the top of every receipt, tax
// invoice and credit note.

export type LogoImage = { data: Buffer; type: 'png' | 'jpg' };

const refuse = (message: string) => badRequest(message, { file: message });

/** Checks an uploaded logo: a PNG or JPEG that the PDF writer can draw (so no receipt fails later). */
async function checkLogo(data: Buffer): Promise<{ extension: 'png' | 'jpg'; contentType: string }> {
  if (data.length === 0) throw refuse(LOGO_MESSAGES.empty);
  if (data.length > LOGO_MAX_BYTES) throw refuse(LOGO_MESSAGES.tooLarge);
  const type = sniffImage(data);
  if (!type || type.extension === 'webp') throw refuse(LOGO_MESSAGES.notImage);
  const { PDFDocument } = await loadPdfLib();
  try {
    const doc = await PDFDocument.create();
    if (type.extension === 'png') await doc.embedPng(data);
    else await doc.embedJpg(data);
  } catch {
    throw refuse(LOGO_MESSAGES.unreadable);
  }
  return { extension: type.extension, contentType: type.contentType };
}

async function setLogo(ctx: Ctx, actor: Actor, action: string, logo: { key: string; contentType: string } | null) {
  const { dto, oldKey } = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(instituteSettings).where(eq(instituteSettings.id, INSTITUTE_ID)).for('update');
    // The seed writes the row at every start; a database without it was not migrated and seeded.
    if (!before) throw notFound('The institute settings are missing: restart the server to seed them');
    const [row] = await tx
      .update(instituteSettings)
      .set({ logoKey: logo?.key ?? null, logoContentType: logo?.contentType ?? null, updatedAt: new Date() })
      .where(eq(instituteSettings.id, INSTITUTE_ID))
      .returning();
    const after = toSettingsDto(row);
    await recordAudit(tx, actor, action, 'institute', INSTITUTE_ID, toSettingsDto(before), after);
    return { dto: after, oldKey: before.logoKey };
  });
  ctx.caches.publicReads.invalidate();
  // The replaced file is no longer referenced; a failure to delete it leaves only an orphan file.
  // (S3 storage logs its own failures.)
  if (oldKey && oldKey !== logo?.key) await ctx.storage.remove(oldKey).catch(() => {});
  return dto;
}

/** Stores a new logo (replacing any), audited as institute.logo.update. */
export async function uploadLogo(ctx: Ctx, actor: Actor, data: Buffer): Promise<InstituteSettings> {
  const type = await checkLogo(data);
  const key = await ctx.storage.put(data, type.extension);
  try {
    return await setLogo(ctx, actor, 'institute.logo.update', { key, contentType: type.contentType });
  } catch (err) {
    await ctx.storage.remove(key).catch(() => {});
    throw err;
  }
}

/** Removes the logo, audited as institute.logo.remove; removing none is a no-op answer of the profile. */
export async function removeLogo(ctx: Ctx, actor: Actor): Promise<InstituteSettings> {
  return setLogo(ctx, actor, 'institute.logo.remove', null);
}

/** The logo file under its key, or null: only the key the profile holds is served. */
export async function findLogoFile(ctx: Ctx, key: string) {
  const [row] = await ctx.db
    .select({ key: instituteSettings.logoKey, contentType: instituteSettings.logoContentType })
    .from(instituteSettings)
    .where(eq(instituteSettings.id, INSTITUTE_ID))
    .limit(1);
  if (!row?.key || row.key !== key || !row.contentType) return null;
  const data = await ctx.storage.get(row.key);
  return data ? { data, contentType: row.contentType } : null;
}

/**
 * The logo for the PDFs, or null when none is set. A storage that cannot be reached answers 503 (as every
 * file read does); a file gone from the storage draws the documents without it.
 */
export async function findLogoImage(ctx: Ctx): Promise<LogoImage | null> {
  const [row] = await ctx.db
    .select({ key: instituteSettings.logoKey, contentType: instituteSettings.logoContentType })
    .from(instituteSettings)
    .where(eq(instituteSettings.id, INSTITUTE_ID))
    .limit(1);
  if (!row?.key) return null;
  const data = await ctx.storage.get(row.key);
  return data ? { data, type: row.contentType === 'image/png' ? 'png' : 'jpg' } : null;
}

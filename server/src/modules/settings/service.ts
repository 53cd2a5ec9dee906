import { eq } from 'drizzle-orm';
import type { InstituteSettings, PublicInstitute, instituteSettingsBody } from '@app/common/schemas/settings';
import type { z } from 'zod';
import type { Actor, Ctx } from '../../context.ts';
import { instituteSettings } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';

type Row = typeof instituteSettings.$inferSelect;
type Body = z.output<typeof instituteSettingsBody>;

/** Where the logo is served: its generated key changes with every upload, so it may be cached for good. */
const logoUrl = (key: string) => `/api/public/institute/logo/${key}`;

/** The one row's id: the institute has one profile. */
export const INSTITUTE_ID = 'institute';

export function toSettingsDto(r: Row): InstituteSettings {
  return {
    name: r.name,
    address: r.address,
    phone: r.phone,
    phones: r.phones,
    email: r.email,
    gstin: r.gstin,
    pan: r.pan,
    sac: r.sac,
    gstRate: r.gstRate,
    invoicePrefix: r.invoicePrefix,
    facebook: r.facebook,
    instagram: r.instagram,
    youtube: r.youtube,
    whatsapp: r.whatsapp,
    logoUrl: r.logoKey ? logoUrl(r.logoKey) : null,
    updatedAt: r.updatedAt?.toISOString() ?? null,
  };
}

async function findRow(ctx: Ctx) {
  const [row] = await ctx.db.select().from(instituteSettings).where(eq(instituteSettings.id, INSTITUTE_ID)).limit(1);
  return row ?? null;
}

export async function findInstituteSettings(ctx: Ctx): Promise<InstituteSettings> {
  const row = await findRow(ctx);
  // The seed writes the row at every start; a database without it was not migrated and seeded.
  if (!row) throw notFound('The institute settings are missing: restart the server to seed them');
  return toSettingsDto(row);
}

export async function findPublicInstitute(ctx: Ctx): Promise<PublicInstitute> {
  const s = await findInstituteSettings(ctx);
  return {
    name: s.name,
    address: s.address,
    phone: s.phone,
    phones: s.phones,
    email: s.email,
    facebook: s.facebook,
    instagram: s.instagram,
    youtube: s.youtube,
    whatsapp: s.whatsapp,
    logoUrl: s.logoUrl,
  };
}

/** Replaces the profile as a whole (the form sends every field), audited with before and after. */
export async function updateInstituteSettings(ctx: Ctx, actor: Actor, body: Body): Promise<InstituteSettings> {
  const dto = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(instituteSettings).where(eq(instituteSettings.id, INSTITUTE_ID)).for('update');
    const values = { ...body, updatedAt: new Date() };
    const [row] = await tx
      .insert(instituteSettings)
      .values({ id: INSTITUTE_ID, ...values })
      .onConflictDoUpdate({ target: instituteSettings.id, set: values })
      .returning();
    const after = toSettingsDto(row);
    await recordAudit(tx, actor, 'institute.update', 'institute', INSTITUTE_ID, before ? toSettingsDto(before) : null, after);
    return after;
  });
  // The footer's public read is cached (lib/read-cache.ts): drop it so the change shows at once.
  ctx.caches.publicReads.invalidate();
  return dto;
}

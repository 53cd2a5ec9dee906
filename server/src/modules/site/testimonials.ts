import { asc, eq } from 'drizzle-orm';
import { initialsOf } from '@app/common/rules/text';
import { SITE_MSG, type Testimonial, type testimonialBody, type testimonialPatchBody } from '@app/common/schemas/site';
import type { z } from 'zod';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { testimonials } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { assertImagesExist, findImagesByUrl } from './images.ts';
import { moveTo } from './ordering.ts';

// Testimonials (docs/product-site.md): in the order the institute sets; a photo, or the initials.

type Row = typeof testimonials.$inferSelect;
type Body = z.output<typeof testimonialBody>;
type Patch = z.output<typeof testimonialPatchBody>;

async function toDtos(db: Db | Tx, rows: Row[]): Promise<Testimonial[]> {
  const images = await findImagesByUrl(
    db,
    rows.map((r) => r.photoUrl),
  );
  return rows.map((r) => {
    const photo = r.photoUrl ? images.get(r.photoUrl) : undefined;
    return {
      _id: r.id,
      name: r.name,
      course: r.course,
      year: r.year,
      text: r.text,
      ...(r.photoUrl ? { photoUrl: r.photoUrl } : {}),
      ...(photo ? { photo } : {}),
      initials: initialsOf(r.name),
      position: r.position,
    };
  });
}

const ordered = [asc(testimonials.position), asc(testimonials.createdAt)];

export async function findTestimonials(ctx: Ctx): Promise<Testimonial[]> {
  return toDtos(
    ctx.db,
    await ctx.db
      .select()
      .from(testimonials)
      .orderBy(...ordered),
  );
}

async function findOne(db: Db | Tx, id: string) {
  const [row] = await db.select().from(testimonials).where(eq(testimonials.id, id)).limit(1);
  if (!row) throw notFound(SITE_MSG.testimonialNotFound);
  return row;
}

/** Absent keeps the stored value; the photo sent as null or blank is removed. */
const toColumns = (input: Partial<Body>, present: (k: keyof Body) => boolean) => ({
  ...(present('name') ? { name: input.name } : {}),
  ...(present('course') ? { course: input.course } : {}),
  ...(present('year') ? { year: input.year } : {}),
  ...(present('text') ? { text: input.text } : {}),
  ...(present('photoUrl') ? { photoUrl: input.photoUrl ?? null } : {}),
});

export async function createTestimonial(ctx: Ctx, actor: Actor, body: Body): Promise<Testimonial> {
  await assertImagesExist(ctx.db, { photoUrl: body.photoUrl });
  const dto = await ctx.db.transaction(async (tx) => {
    const { position, ...fields } = body;
    const [row] = await tx
      .insert(testimonials)
      .values({ ...toColumns(fields, () => true), position: 0 } as typeof testimonials.$inferInsert)
      .returning();
    await moveTo(tx, testimonials, row.id, position);
    const [created] = await toDtos(tx, [await findOne(tx, row.id)]);
    await recordAudit(tx, actor, 'site.testimonial.create', 'testimonial', row.id, null, created);
    return created;
  });
  ctx.caches.publicReads.invalidate();
  return dto;
}

export async function updateTestimonial(ctx: Ctx, actor: Actor, id: string, patch: Patch): Promise<Testimonial> {
  await assertImagesExist(ctx.db, { photoUrl: patch.photoUrl });
  const dto = await ctx.db.transaction(async (tx) => {
    const before = await findOne(tx, id);
    // A field sent as null or blank is in the parsed patch as undefined: cleared, unlike one not sent.
    const columns = toColumns(patch, (k) => k in patch);
    if (Object.keys(columns).length > 0) {
      await tx
        .update(testimonials)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(testimonials.id, id));
    }
    if (patch.position !== undefined) await moveTo(tx, testimonials, id, patch.position);
    const [was] = await toDtos(tx, [before]);
    const [now] = await toDtos(tx, [await findOne(tx, id)]);
    await recordAudit(tx, actor, 'site.testimonial.update', 'testimonial', id, was, now);
    return now;
  });
  ctx.caches.publicReads.invalidate();
  return dto;
}

export async function deleteTestimonial(ctx: Ctx, actor: Actor, id: string) {
  await ctx.db.transaction(async (tx) => {
    const [was] = await toDtos(tx, [await findOne(tx, id)]);
    await tx.delete(testimonials).where(eq(testimonials.id, id));
    const rest = await tx
      .select({ id: testimonials.id })
      .from(testimonials)
      .orderBy(...ordered);
    if (rest.length > 0) await moveTo(tx, testimonials, rest[rest.length - 1].id, rest.length - 1);
    await recordAudit(tx, actor, 'site.testimonial.delete', 'testimonial', id, was, null);
  });
  ctx.caches.publicReads.invalidate();
}

import { asc, eq, inArray } from 'drizzle-orm';
import { SITE_MSG, type Topper, type topperBody, type topperPatchBody } from '@app/common/schemas/site';
import type { z } from 'zod';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { centres, courses, toppers } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { assertImagesExist, findImagesByUrl } from './images.ts';
import { moveTo } from './ordering.ts';

// Toppers (docs/product-site.md): in the order the institute sets, shown on the home page, on /results by
// exam and year, and on their course's page.

type Row = typeof toppers.$inferSelect;
type Body = z.output<typeof topperBody>;
type Patch = z.output<typeof topperPatchBody>;

async function toDtos(db: Db | Tx, rows: Row[]): Promise<Topper[]> {
  const centreRows = await db.select({ id: centres.id, name: centres.name }).from(centres);
  const centreName = new Map(centreRows.map((c) => [c.id, c.name]));
  const courseIds = [...new Set(rows.map((r) => r.courseId).filter((c): c is string => !!c))];
  const courseRows = courseIds.length
    ? await db.select({ id: courses.id, name: courses.name, slug: courses.slug }).from(courses).where(inArray(courses.id, courseIds))
    : [];
  const course = new Map(courseRows.map((c) => [c.id, c]));
  const images = await findImagesByUrl(
    db,
    rows.map((r) => r.photoUrl),
  );
  return rows.map((r) => {
    const c = r.courseId ? course.get(r.courseId) : undefined;
    const photo = r.photoUrl ? images.get(r.photoUrl) : undefined;
    return {
      _id: r.id,
      ...(r.photoUrl ? { photoUrl: r.photoUrl } : {}),
      ...(photo ? { photo } : {}),
      name: r.name,
      exam: r.exam,
      year: r.year,
      ...(r.rank !== null ? { rank: r.rank } : {}),
      ...(r.score !== null ? { score: r.score } : {}),
      centre: r.centreId as Topper['centre'],
      centreName: centreName.get(r.centreId) ?? r.centreId,
      ...(r.quote !== null ? { quote: r.quote } : {}),
      ...(c ? { course: { _id: c.id, name: c.name, slug: c.slug } } : {}),
      position: r.position,
    };
  });
}

const ordered = [asc(toppers.position), asc(toppers.createdAt)];

/** Every topper in order; with `courseId`, that course's only. */
export async function findToppers(ctx: Ctx, courseId?: string): Promise<Topper[]> {
  const rows = await ctx.db
    .select()
    .from(toppers)
    .where(courseId ? eq(toppers.courseId, courseId) : undefined)
    .orderBy(...ordered);
  return toDtos(ctx.db, rows);
}

async function assertRefs(db: Db | Tx, input: { course?: string | null; photoUrl?: string | null }) {
  if (input.course) {
    const [found] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, input.course)).limit(1);
    if (!found) throw badRequest(SITE_MSG.courseNotFound, { course: SITE_MSG.courseNotFound });
  }
  await assertImagesExist(db, { photoUrl: input.photoUrl });
}

/** Absent keeps the stored value, null (or blank) clears an optional one. */
const toColumns = (input: Partial<Body>, present: (k: keyof Body) => boolean) => ({
  ...(present('name') ? { name: input.name } : {}),
  ...(present('exam') ? { exam: input.exam } : {}),
  ...(present('year') ? { year: input.year } : {}),
  ...(present('rank') ? { rank: input.rank ?? null } : {}),
  ...(present('score') ? { score: input.score ?? null } : {}),
  ...(present('centre') ? { centreId: input.centre } : {}),
  ...(present('quote') ? { quote: input.quote ?? null } : {}),
  ...(present('course') ? { courseId: input.course ?? null } : {}),
  ...(present('photoUrl') ? { photoUrl: input.photoUrl ?? null } : {}),
});

async function findOne(db: Db | Tx, id: string) {
  const [row] = await db.select().from(toppers).where(eq(toppers.id, id)).limit(1);
  if (!row) throw notFound(SITE_MSG.topperNotFound);
  return row;
}

export async function createTopper(ctx: Ctx, actor: Actor, body: Body): Promise<Topper> {
  await assertRefs(ctx.db, body);
  const dto = await ctx.db.transaction(async (tx) => {
    const { position, ...fields } = body;
    const [row] = await tx
      .insert(toppers)
      .values({ ...toColumns(fields, () => true), position: 0 } as typeof toppers.$inferInsert)
      .returning();
    await moveTo(tx, toppers, row.id, position);
    const [created] = await toDtos(tx, [await findOne(tx, row.id)]);
    await recordAudit(tx, actor, 'site.topper.create', 'topper', row.id, null, created);
    return created;
  });
  ctx.caches.publicReads.invalidate();
  return dto;
}

/**
 * Changes the fields sent; `rank` and `score` may not both end up empty. `position` moves the topper
 * (the others keep their order).
 */
export async function updateTopper(ctx: Ctx, actor: Actor, id: string, patch: Patch): Promise<Topper> {
  await assertRefs(ctx.db, patch);
  const dto = await ctx.db.transaction(async (tx) => {
    const before = await findOne(tx, id);
    // A field sent as null or blank is in the parsed patch as undefined: cleared, unlike one not sent.
    const columns = toColumns(patch, (k) => k in patch);
    const rank = 'rank' in columns ? columns.rank : before.rank;
    const score = 'score' in columns ? columns.score : before.score;
    if ((rank === null || rank === undefined) && (score === null || score === undefined)) {
      throw badRequest(SITE_MSG.rankOrScore, { rank: SITE_MSG.rankOrScore });
    }
    if (Object.keys(columns).length > 0)
      await tx
        .update(toppers)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(toppers.id, id));
    if (patch.position !== undefined) await moveTo(tx, toppers, id, patch.position);
    const [was] = await toDtos(tx, [before]);
    const [now] = await toDtos(tx, [await findOne(tx, id)]);
    await recordAudit(tx, actor, 'site.topper.update', 'topper', id, was, now);
    return now;
  });
  ctx.caches.publicReads.invalidate();
  return dto;
}

export async function deleteTopper(ctx: Ctx, actor: Actor, id: string) {
  await ctx.db.transaction(async (tx) => {
    const before = await findOne(tx, id);
    const [was] = await toDtos(tx, [before]);
    await tx.delete(toppers).where(eq(toppers.id, id));
    // The ones below move up: positions stay 0, 1, 2, ...
    const rest = await tx
      .select({ id: toppers.id })
      .from(toppers)
      .orderBy(...ordered);
    if (rest.length > 0) await moveTo(tx, toppers, rest[rest.length - 1].id, rest.length - 1);
    await recordAudit(tx, actor, 'site.topper.delete', 'topper', id, was, null);
  });
  ctx.caches.publicReads.invalidate();
}

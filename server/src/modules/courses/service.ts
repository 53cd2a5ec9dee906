import { and, desc, eq, like, ne, or } from 'drizzle-orm';
import { toPaise, toRupees } from '@app/common';
import { DEFAULT_FEE_PLAN, type FeePlan } from '@app/common/rules/fee-plans';
import { type Course, RESERVED_SLUGS, SLUG_TAKEN, slugify } from '@app/common/schemas/courses';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { batches, courses } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';

type CourseRow = typeof courses.$inferSelect;
export type CourseInput = {
  name: string;
  /** Absent: made from the name on create, kept on update. */
  slug?: string;
  description: string;
  price: number;
  feeType: 'full' | 'monthly';
  category: string;
  duration: string;
  features: string[];
  isActive?: boolean;
  /** Absent: a new course gets the default plan, an updated one keeps its plan. */
  feePlan?: FeePlan;
};

/** A stored plan as the API answers it: `dueDates` only when the admin listed them. */
export const toFeePlanDto = (plan: FeePlan | null | undefined): FeePlan => {
  const p = plan ?? DEFAULT_FEE_PLAN;
  return p.dueDates?.length ? { installments: p.installments, dueDates: [...p.dueDates] } : { installments: p.installments };
};

export function toCourseDto(c: CourseRow): Course {
  return {
    _id: c.id,
    name: c.name,
    slug: c.slug,
    description: c.description,
    price: toRupees(c.pricePaise),
    feeType: c.feeType,
    category: c.category,
    duration: c.duration,
    features: c.features,
    isActive: c.isActive,
    feePlan: toFeePlanDto(c.feePlan),
    createdAt: c.createdAt.toISOString(),
  };
}

const toRow = (input: CourseInput) => ({
  name: input.name,
  description: input.description,
  pricePaise: toPaise(input.price),
  feeType: input.feeType,
  category: input.category,
  duration: input.duration,
  features: input.features,
  ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
  ...(input.feePlan === undefined ? {} : { feePlan: toFeePlanDto(input.feePlan) }),
});

export async function findPublicCourses(ctx: Ctx) {
  const rows = await ctx.db.select().from(courses).where(eq(courses.isActive, true)).orderBy(courses.createdAt);
  return rows.map(toCourseDto);
}

/** Every write below drops the cached public list (server/src/lib/read-cache.ts). */
const coursesChanged = (ctx: Ctx) => ctx.caches.publicReads.invalidate();

export async function findAllCourses(ctx: Ctx) {
  const rows = await ctx.db.select().from(courses).orderBy(desc(courses.createdAt));
  return rows.map(toCourseDto);
}

export async function findCourse(ctx: Ctx, id: string) {
  const [row] = await ctx.db.select().from(courses).where(eq(courses.id, id)).limit(1);
  return row ?? null;
}

/**
 * The slug a new course gets from its name: the name's slug, or with -2, -3, ... when another course has
 * it (docs/product-site.md, "Course pages"); a name with no letter or digit is "course".
 */
export async function slugFromName(db: Db | Tx, name: string): Promise<string> {
  const base = slugify(name) || 'course';
  const taken = new Set(
    (
      await db
        .select({ slug: courses.slug })
        .from(courses)
        .where(or(eq(courses.slug, base), like(courses.slug, `${base}-%`)))
    ).map((r) => r.slug),
  );
  for (const reserved of RESERVED_SLUGS) taken.add(reserved);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function assertSlugFree(db: Db | Tx, slug: string, exceptId?: string) {
  const [other] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(exceptId ? and(eq(courses.slug, slug), ne(courses.id, exceptId)) : eq(courses.slug, slug))
    .limit(1);
  if (other) throw badRequest(SLUG_TAKEN, { slug: SLUG_TAKEN });
}

/** Two saves taking one slug at once: the unique index refuses the second, answered like the check above. */
const slugRace = (err: unknown): never => {
  if (isUniqueViolation(err, 'courses_slug_unique')) throw badRequest(SLUG_TAKEN, { slug: SLUG_TAKEN });
  throw err;
};

export async function createCourse(ctx: Ctx, actor: Actor, input: CourseInput) {
  if (input.slug) await assertSlugFree(ctx.db, input.slug);
  const slug = input.slug ?? (await slugFromName(ctx.db, input.name));
  const [row] = await ctx.db
    .insert(courses)
    .values({ ...toRow(input), slug })
    .returning()
    .catch(slugRace);
  coursesChanged(ctx);
  const dto = toCourseDto(row);
  await recordAudit(ctx.db, actor, 'course.create', 'course', row.id, null, dto);
  return dto;
}

export async function updateCourse(ctx: Ctx, actor: Actor, id: string, input: CourseInput) {
  const before = await findCourse(ctx, id);
  if (!before) throw notFound('Course not found');
  if (input.slug) await assertSlugFree(ctx.db, input.slug, id);
  const [row] = await ctx.db
    .update(courses)
    .set({ ...toRow(input), ...(input.slug ? { slug: input.slug } : {}), updatedAt: new Date() })
    .where(eq(courses.id, id))
    .returning()
    .catch(slugRace);
  coursesChanged(ctx);
  const dto = toCourseDto(row);
  await recordAudit(ctx.db, actor, 'course.update', 'course', id, toCourseDto(before), dto);
  return dto;
}

export async function setCourseActive(ctx: Ctx, actor: Actor, id: string, isActive: boolean) {
  const [row] = await ctx.db.update(courses).set({ isActive, updatedAt: new Date() }).where(eq(courses.id, id)).returning();
  coursesChanged(ctx);
  if (!row) throw notFound('Course not found');
  await recordAudit(ctx.db, actor, isActive ? 'course.restore' : 'course.deactivate', 'course', id, null, { isActive });
  return toCourseDto(row);
}

export async function deleteCourse(ctx: Ctx, actor: Actor, id: string) {
  // A course taught in batches keeps its row: the batches, their students and attendance refer to it.
  if ((await ctx.db.$count(batches, eq(batches.courseId, id))) > 0) {
    throw conflict('This course has batches and cannot be deleted permanently; deactivate it instead.');
  }
  const [row] = await ctx.db.delete(courses).where(eq(courses.id, id)).returning();
  coursesChanged(ctx);
  if (!row) throw notFound('Course not found');
  await recordAudit(ctx.db, actor, 'course.delete', 'course', id, toCourseDto(row), null);
}

import { and, asc, eq, gte } from 'drizzle-orm';
import { BATCH_PREFERENCES } from '@app/common/constants';
import { todayInIndia } from '@app/common/rules/dates';
import type { CoursePage } from '@app/common/schemas/site';
import type { Ctx } from '../../context.ts';
import { batches, centres, courses } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { findToppers } from '../site/toppers.ts';
import { toCourseDto } from './service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/courses/{idOrSlug}: an active course's public page (docs/product-site.md, "Course pages"): the
 * course, the centres with an active batch of it, its batches starting from today, and its toppers.
 */
export async function findCoursePage(ctx: Ctx, idOrSlug: string): Promise<CoursePage> {
  const key = idOrSlug.toLowerCase();
  const [row] = await ctx.db
    .select()
    .from(courses)
    .where(and(UUID.test(key) ? eq(courses.id, key) : eq(courses.slug, key), eq(courses.isActive, true)))
    .limit(1);
  if (!row) throw notFound('Course not found');
  const course = toCourseDto(row);
  const active = await ctx.db
    .select({ batch: batches, centre: centres })
    .from(batches)
    .innerJoin(centres, eq(centres.id, batches.centreId))
    .where(and(eq(batches.courseId, row.id), eq(batches.isActive, true), gte(batches.endsOn, todayInIndia())))
    .orderBy(asc(batches.startsOn), asc(batches.name));
  const centreList = new Map<string, CoursePage['centres'][number]>();
  for (const { centre } of active) {
    centreList.set(centre.id, {
      id: centre.id,
      name: centre.name,
      location: centre.location,
      address: centre.address,
      phone: centre.phone,
    });
  }
  const today = todayInIndia();
  return {
    _id: course._id,
    slug: course.slug,
    name: course.name,
    description: course.description,
    duration: course.duration,
    category: course.category,
    price: course.price,
    feeType: course.feeType,
    feePlan: course.feePlan,
    features: course.features,
    isActive: course.isActive,
    centres: [...centreList.values()],
    upcomingBatches: active
      .filter(({ batch }) => batch.startsOn >= today)
      .map(({ batch, centre }) => ({
        _id: batch.id,
        name: batch.name,
        centre: centre.id,
        centreName: centre.name,
        timing: batch.timing,
        timingLabel: BATCH_PREFERENCES[batch.timing],
        startsOn: batch.startsOn,
        endsOn: batch.endsOn,
      })),
    toppers: await findToppers(ctx, row.id),
  };
}

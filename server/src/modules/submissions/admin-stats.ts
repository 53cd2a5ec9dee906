import { desc, eq, sql } from 'drizzle-orm';
import type { AdminSubmissionStats } from '@app/common/schemas/submissions';
import type { Ctx } from '../../context.ts';
import { courses, exams, submissions } from '../../db/schema.ts';
import { averagePercentageSql } from '../../lib/scores.ts';
import { courseRefOf } from '../exams/dto.ts';

const isEvaluated = sql`${submissions.status} = 'EVALUATED'`;
const evaluated = sql<number>`(count(*) filter (where ${isEvaluated}))::int`;
const total = sql<number>`count(${submissions.id})::int`;

/** GET /api/submissions/admin: tiles, Course Performance Overview and Results Management, aggregated in SQL. */
export async function findSubmissionStats(ctx: Ctx): Promise<AdminSubmissionStats> {
  const [totals] = await ctx.db
    .select({ total, evaluated, courses: sql<number>`count(distinct ${exams.courseId})::int` })
    .from(submissions)
    .innerJoin(exams, eq(exams.id, submissions.examId));

  const perCourse = await ctx.db
    .select({
      courseId: exams.courseId,
      courseName: courses.name,
      submissions: total,
      evaluated,
      passed: sql<number>`(count(*) filter (where ${submissions.isPassed} and ${isEvaluated}))::int`,
      // Summed marks over summed totals of the evaluated submissions: the formula of a student's own average.
      average: averagePercentageSql(isEvaluated),
    })
    .from(submissions)
    .innerJoin(exams, eq(exams.id, submissions.examId))
    .leftJoin(courses, eq(courses.id, exams.courseId))
    .groupBy(exams.courseId, courses.name)
    .orderBy(courses.name);

  const perExam = await ctx.db
    .select({ exam: exams, courseName: courses.name, submissions: total, evaluated })
    .from(exams)
    .leftJoin(submissions, eq(submissions.examId, exams.id))
    .leftJoin(courses, eq(courses.id, exams.courseId))
    .groupBy(exams.id, courses.name)
    .orderBy(desc(exams.createdAt));

  return {
    totals: {
      total: totals?.total ?? 0,
      evaluated: totals?.evaluated ?? 0,
      pending: (totals?.total ?? 0) - (totals?.evaluated ?? 0),
      courses: totals?.courses ?? 0,
    },
    courses: perCourse.map((c) => ({
      course: courseRefOf(c.courseId, c.courseName),
      submissions: c.submissions,
      evaluated: c.evaluated,
      pending: c.submissions - c.evaluated,
      passed: c.passed,
      averagePercentage: c.average,
    })),
    exams: perExam.map((e) => ({
      _id: e.exam.id,
      title: e.exam.title,
      course: courseRefOf(e.exam.courseId, e.courseName),
      submissions: e.submissions,
      evaluated: e.evaluated,
      pending: e.submissions - e.evaluated,
      resultsPublished: e.exam.resultsPublished,
      resultsPublishedAt: e.exam.resultsPublishedAt?.toISOString() ?? null,
      canPublish: e.submissions - e.evaluated === 0,
    })),
  };
}

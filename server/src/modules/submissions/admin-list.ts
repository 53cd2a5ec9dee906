import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AdminSubmissionsPage, adminSubmissionsQuery } from '@app/common/schemas/submissions';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { courses, exams, submissions, users } from '../../db/schema.ts';
import { likeContains } from '../../lib/escape.ts';
import { submissionPercentageSql } from '../../lib/scores.ts';
import { loadQuestionsByExam } from '../exams/queries.ts';
import { countSubmissions, readSubmissions } from './read.ts';
import { submissionDetailOf } from './views.ts';

type Query = z.output<typeof adminSubmissionsQuery>;

const SORT_COLUMNS = {
  submittedAt: [submissions.submittedAt],
  studentName: [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`],
  course: [sql`lower(${courses.name})`],
  exam: [sql`lower(${exams.title})`],
  score: [submissionPercentageSql],
  status: [submissions.status],
} as const;
const DESC_BY_DEFAULT = new Set(['submittedAt', 'score']);

function filtersOf(q: Query): SQL | undefined {
  const where: SQL[] = [];
  if (q.examId) where.push(eq(submissions.examId, q.examId));
  if (q.courseId) where.push(eq(exams.courseId, q.courseId));
  if (q.status) where.push(eq(submissions.status, q.status));
  if (q.search) {
    const like = likeContains(q.search);
    where.push(
      or(
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
        ilike(users.email, like),
        ilike(exams.title, like),
      ) as SQL,
    );
  }
  return where.length ? and(...where) : undefined;
}

/** GET /api/submissions/admin/all: filtering, sorting and paging all in SQL. */
export async function findSubmissionsPage(ctx: Ctx, q: Query): Promise<AdminSubmissionsPage> {
  const where = filtersOf(q);
  const order = q.order ?? (DESC_BY_DEFAULT.has(q.sort) ? 'desc' : 'asc');
  const dir = order === 'desc' ? desc : asc;
  const [{ total }] = await countSubmissions(ctx.db).where(where);
  const totalPages = Math.max(1, Math.ceil(total / q.limit));
  const rows = await readSubmissions(ctx.db)
    .where(where)
    .orderBy(...SORT_COLUMNS[q.sort].map((c) => sql`${dir(c)} nulls last`), desc(submissions.submittedAt), asc(submissions.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const questionsOf = await loadQuestionsByExam(
    ctx.db,
    rows.map((r) => r.exam.id),
  );
  return {
    submissions: rows.map((r) => submissionDetailOf(r, questionsOf.get(r.exam.id) ?? [], { role: 'admin' })),
    total,
    totalPages,
    page: q.page,
    limit: q.limit,
  };
}

/** Every submission, newest first, capped so one call cannot grow without bound. */
export async function findAllSubmissions(ctx: Ctx, cap = 1000) {
  const page = await findSubmissionsPage(ctx, { page: 1, limit: cap, sort: 'submittedAt', order: 'desc' } as Query);
  return page.submissions;
}

import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AttemptStatus, AvailableExam, ExamAdmin, ExamListItem, ExamStudent } from '@app/common/schemas/exams';
import { EXAM_MESSAGES } from '@app/common/schemas/exams';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { courses, examAttempts, examPassages, examSections, exams, questions, submissions } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { remainingSeconds } from '../attempts/clock.ts';
import { attemptStatusOf } from '../attempts/status.ts';
import { courseRefOf, examBaseDto, examStateDto, toQuestionAdmin, toQuestionStudent, toSectionViews } from './dto.ts';

// Qualified by hand: drizzle leaves column names unqualified in a query without joins, where
// inside a sub-select "id" would name the inner table's column.
const examIdRef = sql.raw('"exams"."id"');
const questionsCount = sql<number>`(select count(*)::int from ${questions} where ${questions.examId} = ${examIdRef})`;
const submissionsCount = sql<number>`(select count(*)::int from ${submissions} where ${submissions.examId} = ${examIdRef})`;
const evaluatedCount = sql<number>`(select count(*)::int from ${submissions} where ${submissions.examId} = ${examIdRef} and ${submissions.status} = 'EVALUATED')`;
const inProgressCount = sql<number>`(select count(*)::int from ${examAttempts} where ${examAttempts.examId} = ${examIdRef} and ${examAttempts.closedAt} is null)`;

const adminCounts = (c: { submissionsCount: number; evaluatedCount: number; inProgressCount: number }) => ({
  submissionsCount: c.submissionsCount,
  evaluatedCount: c.evaluatedCount,
  pendingCount: c.submissionsCount - c.evaluatedCount,
  inProgressCount: c.inProgressCount,
});

/** GET /api/exams: admins every exam with counts; students only active exams. */
export async function findExams(ctx: Ctx, actor: Actor): Promise<ExamListItem[]> {
  const isAdmin = actor.role === 'admin';
  const rows = await ctx.db
    .select({
      exam: exams,
      courseName: courses.name,
      questionsCount,
      submissionsCount: isAdmin ? submissionsCount : sql<number>`0`,
      evaluatedCount: isAdmin ? evaluatedCount : sql<number>`0`,
      inProgressCount: isAdmin ? inProgressCount : sql<number>`0`,
    })
    .from(exams)
    .leftJoin(courses, eq(courses.id, exams.courseId))
    .where(isAdmin ? undefined : eq(exams.isActive, true))
    .orderBy(desc(exams.createdAt));
  return rows.map((r) => ({
    ...examBaseDto(r.exam, courseRefOf(r.exam.courseId, r.courseName), r.questionsCount),
    ...examStateDto(r.exam),
    ...(isAdmin ? adminCounts(r) : {}),
  }));
}

export async function loadQuestions(db: Db | Tx, examId: string) {
  return db.select().from(questions).where(eq(questions.examId, examId)).orderBy(asc(questions.position));
}

/** The paper's sections and passages in order. */
export async function loadSections(db: Db | Tx, examId: string) {
  const [sections, passages] = await Promise.all([
    db.select().from(examSections).where(eq(examSections.examId, examId)).orderBy(asc(examSections.position)),
    db.select().from(examPassages).where(eq(examPassages.examId, examId)).orderBy(asc(examPassages.position)),
  ]);
  return toSectionViews(sections, passages);
}

/** The questions of several exams in one query, by exam id, each list in exam order. */
export async function loadQuestionsByExam(db: Db | Tx, examIds: string[]) {
  const byExam = new Map<string, (typeof questions.$inferSelect)[]>();
  const ids = [...new Set(examIds)];
  if (ids.length === 0) return byExam;
  const rows = await db.select().from(questions).where(inArray(questions.examId, ids)).orderBy(asc(questions.position));
  for (const q of rows) byExam.set(q.examId, [...(byExam.get(q.examId) ?? []), q]);
  return byExam;
}

/** Whether answers depend on the questions: any submission or any attempt still open. */
export async function findExamUsage(db: Db | Tx, examId: string) {
  const [row] = await db.select({ submissionsCount, inProgressCount }).from(exams).where(eq(exams.id, examId));
  return { submissions: row?.submissionsCount ?? 0, openAttempts: row?.inProgressCount ?? 0 };
}

export async function findExamForAdmin(ctx: Ctx, examId: string): Promise<ExamAdmin> {
  const [row] = await ctx.db
    .select({ exam: exams, courseName: courses.name, submissionsCount, evaluatedCount, inProgressCount })
    .from(exams)
    .leftJoin(courses, eq(courses.id, exams.courseId))
    .where(eq(exams.id, examId));
  if (!row) throw notFound(EXAM_MESSAGES.notFound);
  const [qs, sections] = await Promise.all([loadQuestions(ctx.db, examId), loadSections(ctx.db, examId)]);
  const penalty = Number(row.exam.negativeMarks);
  return {
    ...examBaseDto(row.exam, courseRefOf(row.exam.courseId, row.courseName), qs.length),
    ...examStateDto(row.exam),
    ...adminCounts(row),
    questionsLocked: row.submissionsCount + row.inProgressCount > 0,
    sections,
    questions: qs.map((q) => toQuestionAdmin(q, penalty)),
  };
}

/** GET /api/exams/{examId} for a student: an active exam (or one they are in the middle of), never with answers. */
export async function findExamForStudent(ctx: Ctx, actor: Actor, examId: string): Promise<ExamStudent> {
  const [row] = await ctx.db
    .select({ exam: exams, courseName: courses.name, attempt: examAttempts })
    .from(exams)
    .leftJoin(courses, eq(courses.id, exams.courseId))
    .leftJoin(examAttempts, and(eq(examAttempts.examId, exams.id), eq(examAttempts.studentId, actor.id)))
    .where(eq(exams.id, examId));
  const status = attemptStatusOf(row?.attempt ?? null);
  if (!row || (!row.exam.isActive && status !== 'in_progress')) throw notFound(EXAM_MESSAGES.notFound);
  const [qs, sections] = await Promise.all([loadQuestions(ctx.db, examId), loadSections(ctx.db, examId)]);
  const penalty = Number(row.exam.negativeMarks);
  return {
    ...examBaseDto(row.exam, courseRefOf(row.exam.courseId, row.courseName), qs.length),
    ...examStateDto(row.exam),
    attemptStatus: status,
    sections,
    questions: qs.map((q) => toQuestionStudent(q, penalty)),
  };
}

/** GET /api/exams/student/available: active exams with the caller's attempt state. */
export async function findAvailableExams(ctx: Ctx, actor: Actor): Promise<AvailableExam[]> {
  const rows = await ctx.db
    .select({
      exam: exams,
      courseName: courses.name,
      questionsCount,
      // Flat columns, not a nested object: drizzle reads a left-joined object as missing when its
      // first column is null, and an open attempt's closedAt is null.
      attemptDeadline: examAttempts.deadline,
      attemptClosedAt: examAttempts.closedAt,
      submittedAt: submissions.submittedAt,
    })
    .from(exams)
    .leftJoin(courses, eq(courses.id, exams.courseId))
    .leftJoin(examAttempts, and(eq(examAttempts.examId, exams.id), eq(examAttempts.studentId, actor.id)))
    .leftJoin(submissions, and(eq(submissions.examId, exams.id), eq(submissions.studentId, actor.id)))
    .where(eq(exams.isActive, true))
    .orderBy(desc(exams.createdAt));
  const now = new Date();
  return rows.map((r) => {
    const attempt = r.attemptDeadline ? { closedAt: r.attemptClosedAt, deadline: r.attemptDeadline } : null;
    const status: AttemptStatus = r.submittedAt ? 'submitted' : attemptStatusOf(attempt, now);
    return {
      ...examBaseDto(r.exam, courseRefOf(r.exam.courseId, r.courseName), r.questionsCount),
      ...examStateDto(r.exam),
      attempted: status === 'submitted',
      attemptStatus: status,
      deadline: status === 'in_progress' && attempt ? attempt.deadline.toISOString() : null,
      remainingSeconds: status === 'in_progress' && attempt ? remainingSeconds(attempt.deadline, now) : null,
      submittedAt: r.submittedAt?.toISOString() ?? null,
    };
  });
}

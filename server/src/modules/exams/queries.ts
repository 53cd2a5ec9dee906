import { areMarksVisible } from '@app/common/rules/publication';
import { can } from '@app/common/permissions';
import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { AttemptStatus, AvailableExam, ExamAdmin, ExamListItem } from '@app/common/schemas/exam-views';
import type { PracticeAttempt } from '@app/common/schemas/exam-schedule';
import { EXAM_MESSAGES } from '@app/common/schemas/exams';
import { examStudentSchema } from '@app/common/schemas/exam-views';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { readAll } from '../../db/read-all.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { batches, centres, courses, examAttempts, examPassages, examSections, exams, questions, submissions } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { ownStudentId, type Scope, studentOfScope } from '../../lib/record-scope.ts';
import { remainingSeconds, windowRefusal } from '../exam-taking/clock.ts';
import { attemptStatusOf, examStatusOf } from '../exam-taking/status.ts';
import { audienceIncludes, audienceNamesOf, findStudentScope, isInAudience } from '../exam-taking/audience.ts';
import { findExceptions, findExceptionsByExam } from '../exam-taking/exceptions.ts';
import { findObjectionWindow } from '../regrade/objections.ts';
import type { PaperBody, PaperBytes } from './paper-cache.ts';
import { courseRefOf, type ExamRow, examBaseDto, examStateDto, toQuestionAdmin, toQuestionStudent, toSectionViews } from './dto.ts';

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
export async function findExams(ctx: Ctx, actor: Actor, recordScope: Scope): Promise<ExamListItem[]> {
  // Staff who manage exams see every exam with its counts (docs/product-staff.md); others as a student
  // (other staff are no student: none).
  const isAdmin = can(actor.role, 'exams.manage');
  const studentId = isAdmin ? null : studentOfScope(recordScope);
  const scope = studentId === null ? null : await findStudentScope(ctx.db, studentId);
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
    .where(isAdmin ? undefined : and(eq(exams.isActive, true), scope ? audienceIncludes(scope) : sql`false`))
    .orderBy(desc(exams.createdAt));
  const names = isAdmin ? await loadAudienceNames(ctx.db) : null;
  return rows.map((r) => ({
    ...(names ? { audienceNames: names.of(r.exam) } : {}),
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
  const [sections, passages] = await readAll(db, [
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
  const [qs, sections, audienceNames] = await Promise.all([
    loadQuestions(ctx.db, examId),
    loadSections(ctx.db, examId),
    audienceNamesOf(ctx.db, row.exam),
  ]);
  const penalty = Number(row.exam.negativeMarks);
  return {
    ...examBaseDto(row.exam, courseRefOf(row.exam.courseId, row.courseName), qs.length),
    ...examStateDto(row.exam),
    ...adminCounts(row),
    audienceNames,
    questionsLocked: row.submissionsCount + row.inProgressCount > 0,
    objectionWindow: await findObjectionWindow(ctx.db, examId),
    sections,
    questions: qs.map((q) => toQuestionAdmin(q, penalty)),
  };
}

/** A hall opening its paper together runs this 2,000 times: prepared once (db/prepared.ts). */
const studentPaperQuery = preparedQuery((db) =>
  db
    .select({
      exam: exams,
      courseName: courses.name,
      // Flat columns: drizzle reads a left-joined object as missing when its first column is null.
      attemptId: examAttempts.id,
      attemptClosedAt: examAttempts.closedAt,
      attemptDeadline: examAttempts.deadline,
    })
    .from(exams)
    .leftJoin(courses, eq(courses.id, exams.courseId))
    .leftJoin(examAttempts, and(eq(examAttempts.examId, exams.id), eq(examAttempts.studentId, sql.placeholder('studentId'))))
    .where(eq(exams.id, sql.placeholder('examId')))
    .prepare('exam_student_paper'),
);

/**
 * GET /api/exams/{examId} for a student: an active exam (or one they are in the middle of), never with
 * answers, as ready bytes in the encoding the caller accepts (paper-cache.ts): the checks run per request,
 * the paper is built and checked against its schema once per exam version.
 */
export async function findExamForStudent(ctx: Ctx, scope: Scope, examId: string, acceptEncoding?: string): Promise<PaperBytes> {
  // Staff who do not manage exams are no student: in no paper's audience, as if it did not exist.
  const studentId = studentOfScope(scope);
  if (studentId === null) throw notFound(EXAM_MESSAGES.notFound);
  const [row] = await studentPaperQuery(ctx.db).execute({ examId, studentId });
  const attempt = row?.attemptId && row.attemptDeadline ? { closedAt: row.attemptClosedAt, deadline: row.attemptDeadline } : null;
  const status = attemptStatusOf(attempt);
  if (!row || (!row.exam.isActive && status !== 'in_progress')) throw notFound(EXAM_MESSAGES.notFound);
  const { exam } = row;
  if (!attempt) {
    // Before an attempt the paper is shown only to its audience, and only while the window is open. A paper
    // open to all needs no scope for a student, and a reopening only matters once the window has closed.
    if (!exam.openToAll && !isInAudience(exam, await findStudentScope(ctx.db, studentId))) throw notFound(EXAM_MESSAGES.notFound);
    const now = new Date();
    const closed = windowRefusal(exam, now) !== null;
    if (closed) {
      const refusal = windowRefusal(exam, now, (await findExceptions(ctx.db, examId, studentId)).isReopened);
      if (refusal) throw conflict(refusal);
    }
  }
  const head = (questionsCount: number) => ({
    ...examBaseDto(exam, courseRefOf(exam.courseId, row.courseName), questionsCount),
    ...examStateDto(exam),
    attemptStatus: status,
  });
  return ctx.caches.papers.get(
    exam,
    () => buildStudentPaper(ctx.db, exam),
    head,
    acceptEncoding,
    (h) => studentHeadSchema.parse(h),
  );
}

/** The sections and questions a student sees, checked against the contract's schemas once and serialised. */
async function buildStudentPaper(db: Db, exam: ExamRow): Promise<PaperBody> {
  const [qs, sections] = await Promise.all([loadQuestions(db, exam.id), loadSections(db, exam.id)]);
  const penalty = Number(exam.negativeMarks);
  const checked = studentPaperSchema.parse({ sections, questions: qs.map((q) => toQuestionStudent(q, penalty)) });
  return { sectionsJson: JSON.stringify(checked.sections), questionsJson: JSON.stringify(checked.questions), questionsCount: qs.length };
}

const studentPaperSchema = examStudentSchema.pick({ sections: true, questions: true });
const studentHeadSchema = examStudentSchema.omit({ sections: true, questions: true });

/**
 * GET /api/exams/student/available: active exams meant for the caller (docs/product-batches.md), and
 * any they have already attempted, with their attempt state and where each stands.
 */
export async function findAvailableExams(ctx: Ctx, recordScope: Scope): Promise<AvailableExam[]> {
  const studentId = ownStudentId(recordScope);
  const scope = await findStudentScope(ctx.db, studentId);
  if (!scope) return [];
  const rows = await ctx.db
    .select({
      exam: exams,
      courseName: courses.name,
      questionsCount,
      // Flat columns, not a nested object: drizzle reads a left-joined object as missing when its
      // first column is null, and an open attempt's closedAt is null.
      attemptId: examAttempts.id,
      attemptDeadline: examAttempts.deadline,
      attemptClosedAt: examAttempts.closedAt,
    })
    .from(exams)
    .leftJoin(courses, eq(courses.id, exams.courseId))
    .leftJoin(examAttempts, and(eq(examAttempts.examId, exams.id), eq(examAttempts.studentId, studentId)))
    .where(and(eq(exams.isActive, true), or(audienceIncludes(scope), isNotNull(examAttempts.id))))
    .orderBy(desc(exams.createdAt));
  const [history, exceptions] = await Promise.all([
    findSubmissionHistory(
      ctx.db,
      studentId,
      rows.map((r) => r.exam.id),
    ),
    findExceptionsByExam(ctx.db, studentId),
  ]);
  const now = new Date();
  return rows.map((r) => {
    const attempt = r.attemptDeadline ? { closedAt: r.attemptClosedAt, deadline: r.attemptDeadline } : null;
    const subs = history.get(r.exam.id) ?? [];
    const running = attemptStatusOf(attempt, now);
    const attemptStatus: AttemptStatus = running === 'in_progress' ? running : subs.length > 0 ? 'submitted' : running;
    const isPractice = r.exam.mode === 'practice';
    const isReopened = exceptions.get(r.exam.id)?.isReopened ?? false;
    return {
      ...examBaseDto(r.exam, courseRefOf(r.exam.courseId, r.courseName), r.questionsCount),
      ...examStateDto(r.exam),
      attempted: attemptStatus === 'submitted',
      attemptStatus,
      deadline: attemptStatus === 'in_progress' && attempt ? attempt.deadline.toISOString() : null,
      remainingSeconds: attemptStatus === 'in_progress' && attempt ? remainingSeconds(attempt.deadline, now) : null,
      submittedAt: attemptStatus === 'submitted' ? (subs[0]?.submittedAt ?? null) : null,
      status: examStatusOf(attemptStatus, r.exam, now, isReopened),
      // Marks by the publication rule, as everywhere a student reads them.
      attempts: isPractice ? subs.map((a) => (areMarksVisible(r.exam, a) ? a : { ...a, marksObtained: null })) : [],
      canAttemptAgain: isPractice && attemptStatus === 'submitted' && windowRefusal(r.exam, now) === null,
    };
  });
}

/** The caller's submissions of these exams, latest first, by exam. */
async function findSubmissionHistory(db: Db, studentId: string, examIds: string[]) {
  const byExam = new Map<string, PracticeAttempt[]>();
  if (examIds.length === 0) return byExam;
  const rows = await db
    .select({
      examId: submissions.examId,
      attemptNumber: submissions.attemptNumber,
      submittedAt: submissions.submittedAt,
      marksObtained: submissions.marksObtained,
      totalMarks: submissions.totalMarks,
      status: submissions.status,
    })
    .from(submissions)
    .where(and(eq(submissions.studentId, studentId), inArray(submissions.examId, examIds)))
    .orderBy(desc(submissions.attemptNumber));
  for (const { examId, ...s } of rows) {
    const item = {
      ...s,
      submittedAt: s.submittedAt.toISOString(),
      marksObtained: Number(s.marksObtained),
      totalMarks: Number(s.totalMarks),
    };
    byExam.set(examId, [...(byExam.get(examId) ?? []), item]);
  }
  return byExam;
}

/** Course, batch and centre names once for a whole list. */
async function loadAudienceNames(db: Db) {
  const [cs, bs, ts] = await Promise.all([
    db.select({ _id: courses.id, name: courses.name }).from(courses),
    db.select({ _id: batches.id, name: batches.name }).from(batches),
    db.select({ _id: centres.id, name: centres.name }).from(centres),
  ]);
  const pick = <T extends { _id: string }>(all: T[], ids: string[]) => all.filter((x) => ids.includes(x._id));
  return {
    of: (e: ExamRow) => ({
      courses: pick(cs, e.audienceCourseIds),
      batches: pick(bs, e.audienceBatchIds),
      centres: pick(ts, e.audienceCentreIds),
    }),
  };
}

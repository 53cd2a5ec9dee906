import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { ExamData, QuestionData } from '@app/common/schemas/exams';
import { EXAM_MESSAGES } from '@app/common/schemas/exams';
import type { Actor, Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { courses, exams, questions, submissions } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { QuestionRow } from './dto.ts';
import { findExamForAdmin, findExamUsage, loadQuestions } from './queries.ts';

async function checkCourse(tx: Tx, courseId: string, currentCourseId: string | null) {
  const [course] = await tx.select({ id: courses.id, isActive: courses.isActive }).from(courses).where(eq(courses.id, courseId));
  // A new choice must be an active course (SPEC.md section 5); an exam may keep a course deactivated since.
  if (!course || (!course.isActive && course.id !== currentCourseId)) {
    throw badRequest('Please select an active course', { course: 'Please select an active course' });
  }
}

const examColumns = (input: ExamData) => ({
  title: input.title,
  description: input.description,
  courseId: input.course,
  durationMinutes: input.duration,
  totalMarks: input.totalMarks,
  passingMarks: input.passingMarks,
  instructions: input.instructions,
  ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
});

const questionColumns = (examId: string, q: QuestionData, position: number) => ({
  examId,
  position,
  type: q.type,
  question: q.question,
  options: q.options,
  correctAnswer: q.type === 'mcq' ? q.correctAnswer : null,
  marks: q.marks,
  explanation: q.explanation,
});

export async function createExam(ctx: Ctx, actor: Actor, input: ExamData) {
  const examId = await ctx.db.transaction(async (tx) => {
    await checkCourse(tx, input.course, null);
    const [row] = await tx
      .insert(exams)
      .values({ ...examColumns(input), createdBy: actor.id })
      .returning({ id: exams.id });
    if (input.questions.length > 0) {
      await tx.insert(questions).values(input.questions.map((q, i) => questionColumns(row.id, q, i)));
    }
    await recordAudit(tx, actor, 'exam.create', 'exam', row.id, null, { title: input.title, questions: input.questions.length });
    return row.id;
  });
  return findExamForAdmin(ctx, examId);
}

export async function setExamActive(ctx: Ctx, actor: Actor, examId: string, isActive: boolean) {
  const [row] = await ctx.db.update(exams).set({ isActive, updatedAt: new Date() }).where(eq(exams.id, examId)).returning({ id: exams.id });
  if (!row) throw notFound(EXAM_MESSAGES.notFound);
  await recordAudit(ctx.db, actor, isActive ? 'exam.activate' : 'exam.deactivate', 'exam', examId, null, { isActive });
  return findExamForAdmin(ctx, examId);
}

const sameQuestion = (a: QuestionRow, b: QuestionData) =>
  a.type === b.type &&
  Number(a.marks) === b.marks &&
  (a.type === 'descriptive' || (a.correctAnswer === b.correctAnswer && JSON.stringify(a.options) === JSON.stringify(b.options)));

/**
 * Once answers exist (submissions or open attempts) only the wording of a question may change:
 * every question must still be there, matched by `_id` (else by position), with the same type,
 * options, correct answer and marks. Returns the existing ids in the new order.
 */
function matchLockedQuestions(existing: QuestionRow[], incoming: QuestionData[]): string[] {
  if (existing.length !== incoming.length) throw conflict(EXAM_MESSAGES.questionsLocked);
  const byId = new Map(existing.map((q) => [q.id, q]));
  const used = new Set<string>();
  return incoming.map((q, i) => {
    const old = q._id ? byId.get(q._id) : existing[i];
    if (!old || used.has(old.id) || !sameQuestion(old, q)) throw conflict(EXAM_MESSAGES.questionsLocked);
    used.add(old.id);
    return old.id;
  });
}

export async function updateExam(ctx: Ctx, actor: Actor, examId: string, input: ExamData) {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(exams).where(eq(exams.id, examId)).for('update');
    if (!before) throw notFound(EXAM_MESSAGES.notFound);
    await checkCourse(tx, input.course, before.courseId);
    const existing = await loadQuestions(tx, examId);
    const usage = await findExamUsage(tx, examId);
    const locked = usage.submissions + usage.openAttempts > 0;

    if (locked) {
      if (input.totalMarks !== Number(before.totalMarks)) throw conflict(EXAM_MESSAGES.questionsLocked);
      const ids = matchLockedQuestions(existing, input.questions);
      for (const [i, q] of input.questions.entries()) {
        await tx.update(questions).set({ position: i, question: q.question, explanation: q.explanation }).where(eq(questions.id, ids[i]));
      }
    } else {
      // Nobody has answered yet: replace the questions, keeping the ids the form sent back.
      const ownIds = new Set(existing.map((q) => q.id));
      await tx.delete(questions).where(eq(questions.examId, examId));
      if (input.questions.length > 0) {
        await tx.insert(questions).values(
          input.questions.map((q, i) => ({
            ...questionColumns(examId, q, i),
            ...(q._id && ownIds.has(q._id) ? { id: q._id } : {}),
          })),
        );
      }
    }
    // updatedAt also versions the questions (the submit path caches them by it).
    await tx
      .update(exams)
      .set({ ...examColumns(input), updatedAt: new Date() })
      .where(eq(exams.id, examId));
    if (Number(before.passingMarks) !== input.passingMarks) {
      // Keep pass/fail of evaluated submissions true to the new passing marks.
      await tx
        .update(submissions)
        .set({ isPassed: sql`${submissions.marksObtained} >= ${input.passingMarks}` })
        .where(and(eq(submissions.examId, examId), eq(submissions.status, 'EVALUATED'), isNotNull(submissions.isPassed)));
    }
    await recordAudit(
      tx,
      actor,
      'exam.update',
      'exam',
      examId,
      {
        title: before.title,
        duration: before.durationMinutes,
        totalMarks: Number(before.totalMarks),
        passingMarks: Number(before.passingMarks),
        questions: existing.length,
      },
      {
        title: input.title,
        duration: input.duration,
        totalMarks: input.totalMarks,
        passingMarks: input.passingMarks,
        questions: input.questions.length,
      },
    );
  });
  return findExamForAdmin(ctx, examId);
}

/** Refused while the exam has submissions or open attempts, so students' marks are never lost. */
export async function deleteExam(ctx: Ctx, actor: Actor, examId: string) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(exams).where(eq(exams.id, examId)).for('update');
    if (!row) throw notFound(EXAM_MESSAGES.notFound);
    const usage = await findExamUsage(tx, examId);
    if (usage.submissions > 0) throw conflict(EXAM_MESSAGES.deleteWithSubmissions(usage.submissions));
    if (usage.openAttempts > 0) throw conflict(EXAM_MESSAGES.deleteInProgress);
    await tx.delete(exams).where(inArray(exams.id, [examId]));
    await recordAudit(tx, actor, 'exam.delete', 'exam', examId, { title: row.title }, null);
  });
}

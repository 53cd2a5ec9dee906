import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type AttemptAnswers, examAttempts, exams, questions, submissions } from '../../db/schema.ts';
import { type MarkQuestion, markAnswers } from './marking.ts';

/** The exam columns marking needs; `updatedAt` versions the questions. */
export const examForMarking = {
  id: exams.id,
  title: exams.title,
  totalMarks: exams.totalMarks,
  passingMarks: exams.passingMarks,
  updatedAt: exams.updatedAt,
};
export type ExamForMarking = { id: string; title: string; totalMarks: number; passingMarks: number; updatedAt: Date };

// Questions cannot change while an attempt is open, and every change bumps exams.updated_at,
// so keyed by that version they are safe to keep: the submit storm reads them once.
const cache = new Map<string, MarkQuestion[]>();
const CACHE_LIMIT = 200;

export async function questionsFor(db: Db | Tx, exam: { id: string; updatedAt: Date }): Promise<MarkQuestion[]> {
  const key = `${exam.id}:${exam.updatedAt.getTime()}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const rows = await db
    .select({
      id: questions.id,
      type: questions.type,
      options: questions.options,
      correctAnswer: questions.correctAnswer,
      marks: questions.marks,
    })
    .from(questions)
    .where(eq(questions.examId, exam.id))
    .orderBy(asc(questions.position));
  const list = rows.map((r) => ({ ...r, marks: Number(r.marks) }));
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, list);
  return list;
}

type AttemptRow = typeof examAttempts.$inferSelect;

/**
 * Closes an attempt into its submission (caller holds the attempt's row lock, inside `tx`).
 * The unique (exam, student) constraint makes a second close a no-op: returns null then.
 */
export async function finalizeAttempt(
  tx: Tx,
  p: {
    attempt: AttemptRow;
    exam: ExamForMarking;
    qs: MarkQuestion[];
    answers: AttemptAnswers;
    now: Date;
    autoSubmitted: boolean;
    clientStartTime?: Date;
    clientEndTime?: Date;
  },
) {
  const marking = markAnswers(p.qs, p.answers);
  const end = Math.min(p.now.getTime(), p.attempt.deadline.getTime());
  const totalMarks = Number(p.exam.totalMarks);
  const [row] = await tx
    .insert(submissions)
    .values({
      examId: p.exam.id,
      studentId: p.attempt.studentId,
      answers: marking.answers,
      marksObtained: marking.marksObtained,
      totalMarks,
      correctAnswers: marking.correctAnswers,
      incorrectAnswers: marking.incorrectAnswers,
      unattempted: marking.unattempted,
      status: marking.status,
      isPassed: marking.status === 'EVALUATED' ? marking.marksObtained >= Number(p.exam.passingMarks) : null,
      clientStartTime: p.clientStartTime ?? null,
      clientEndTime: p.clientEndTime ?? null,
      startedAt: p.attempt.startedAt,
      submittedAt: p.now,
      totalTimeTaken: Math.max(0, Math.round((end - p.attempt.startedAt.getTime()) / 1000)),
      autoSubmitted: p.autoSubmitted,
    })
    .onConflictDoNothing({ target: [submissions.examId, submissions.studentId] })
    .returning();
  await tx
    .update(examAttempts)
    .set({ closedAt: p.now, answers: p.answers })
    .where(and(eq(examAttempts.id, p.attempt.id), isNull(examAttempts.closedAt)));
  return row ? { submission: row, marking } : null;
}

/** Closes one overdue attempt with its saved answers (used when a late save, start or submit finds it). */
export async function closeAttemptWithSaved(db: Db, attemptId: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ attempt: examAttempts, exam: examForMarking })
      .from(examAttempts)
      .innerJoin(exams, eq(exams.id, examAttempts.examId))
      .where(eq(examAttempts.id, attemptId))
      .for('update', { of: examAttempts });
    if (!row || row.attempt.closedAt) return;
    const qs = await questionsFor(tx, row.exam);
    await finalizeAttempt(tx, { attempt: row.attempt, exam: row.exam, qs, answers: row.attempt.answers, now, autoSubmitted: true });
  });
}

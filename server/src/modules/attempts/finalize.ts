import { and, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { type AttemptAnswers, examAttempts, exams, questions, submissions } from '../../db/schema.ts';
import { type MarkQuestion, markAnswers, passedOf } from './marking.ts';

/** The exam columns marking needs; `updatedAt` versions the questions. */
export const examForMarking = {
  id: exams.id,
  title: exams.title,
  totalMarks: exams.totalMarks,
  passingMarks: exams.passingMarks,
  updatedAt: exams.updatedAt,
};
export type ExamForMarking = { id: string; title: string; totalMarks: number; passingMarks: number | null; updatedAt: Date };

/**
 * The questions marking needs, by exam. Questions cannot change while an attempt is open, and every
 * change bumps exams.updated_at, so keyed by that version they are safe to keep: the submit storm
 * reads them once: concurrent first readers share one load. One per app (ctx.caches), never shared
 * between apps in one process.
 */
export class MarkingQuestionCache {
  private readonly entries = new Map<string, Promise<MarkQuestion[]>>();

  constructor(private readonly limit = 200) {}

  get(db: Db | Tx, exam: { id: string; updatedAt: Date }): Promise<MarkQuestion[]> {
    const key = `${exam.id}:${exam.updatedAt.getTime()}`;
    const hit = this.entries.get(key);
    if (hit) return hit;
    const load = loadMarkingQuestions(db, exam.id);
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, load);
    // A failed load is not kept: the next reader tries again.
    load.catch(() => {
      if (this.entries.get(key) === load) this.entries.delete(key);
    });
    return load;
  }
}

async function loadMarkingQuestions(db: Db | Tx, examId: string): Promise<MarkQuestion[]> {
  const rows = await db
    .select({
      id: questions.id,
      type: questions.type,
      options: questions.options,
      correctAnswer: questions.correctAnswer,
      marks: questions.marks,
      ownPenalty: questions.negativeMarks,
      examPenalty: exams.negativeMarks,
    })
    .from(questions)
    .innerJoin(exams, eq(exams.id, questions.examId))
    .where(eq(questions.examId, examId))
    .orderBy(asc(questions.position));
  // The penalty a wrong answer costs: the question's own, else the exam's.
  return rows.map(({ ownPenalty, examPenalty, ...r }) => ({
    ...r,
    marks: Number(r.marks),
    negativeMarks: Number(ownPenalty ?? examPenalty),
  }));
}

type AttemptRow = typeof examAttempts.$inferSelect;

/** What closing an attempt reads of it. */
export type AttemptToClose = Pick<AttemptRow, 'id' | 'studentId' | 'startedAt' | 'deadline' | 'attemptNumber' | 'savedAt'>;

export type FinalizeInput = {
  attempt: AttemptToClose;
  exam: ExamForMarking;
  qs: MarkQuestion[];
  answers: AttemptAnswers;
  now: Date;
  autoSubmitted: boolean;
  clientStartTime?: Date;
  clientEndTime?: Date;
};

/** The marked submission an attempt closes into. */
export function submissionFor(p: FinalizeInput) {
  const marking = markAnswers(p.qs, p.answers);
  const end = Math.min(p.now.getTime(), p.attempt.deadline.getTime());
  const values = {
    examId: p.exam.id,
    studentId: p.attempt.studentId,
    answers: marking.answers,
    marksObtained: marking.marksObtained,
    totalMarks: Number(p.exam.totalMarks),
    correctAnswers: marking.correctAnswers,
    incorrectAnswers: marking.incorrectAnswers,
    unattempted: marking.unattempted,
    status: marking.status,
    isPassed: marking.status === 'EVALUATED' ? passedOf(marking.marksObtained, p.exam.passingMarks) : null,
    clientStartTime: p.clientStartTime ?? null,
    clientEndTime: p.clientEndTime ?? null,
    startedAt: p.attempt.startedAt,
    submittedAt: p.now,
    totalTimeTaken: Math.max(0, Math.round((end - p.attempt.startedAt.getTime()) / 1000)),
    autoSubmitted: p.autoSubmitted,
    attemptNumber: p.attempt.attemptNumber,
  } satisfies typeof submissions.$inferInsert;
  return { values, marking };
}

/**
 * Closes an attempt into its submission (caller holds the attempt's row lock, inside `tx`).
 * The unique (exam, student, attempt number) constraint makes a second close a no-op: returns null then.
 */
export async function finalizeAttempt(tx: Tx, p: FinalizeInput) {
  const { values, marking } = submissionFor(p);
  const [row] = await tx
    .insert(submissions)
    .values(values)
    .onConflictDoNothing({ target: [submissions.examId, submissions.studentId, submissions.attemptNumber] })
    .returning();
  await tx
    .update(examAttempts)
    .set({ closedAt: p.now, answers: p.answers })
    .where(and(eq(examAttempts.id, p.attempt.id), isNull(examAttempts.closedAt)));
  return row ? { submission: row, marking } : null;
}

/**
 * The submit storm's fast path: one statement, no transaction, no lock held across round trips.
 * Closes the attempt and inserts its submission only if the attempt is still open and no save has landed
 * since `p` was read (every save sets saved_at; a practice restart also moves the attempt number), so its
 * saved answers are exactly those `p` was built from; otherwise changes nothing and returns null, and the
 * caller takes the locked path. The statement is atomic, so the pair is written together or not at all.
 */
export async function finalizeUnchangedAttempt(db: Db, p: FinalizeInput) {
  const { values, marking } = submissionFor(p);
  const columns = getTableColumns(submissions);
  const keys = Object.keys(values) as (keyof typeof values)[];
  // Parameters in a SELECT list carry no type of their own: each is cast to its column's type.
  const typed = keys.map((k) => sql`${sql.param(values[k], columns[k])}::${sql.raw(columns[k].getSQLType())}`);
  const result = await db.execute<{ id: string }>(sql`
    with closed as (
      update ${examAttempts}
      set ${sql.identifier(examAttempts.closedAt.name)} = ${sql.param(p.now, examAttempts.closedAt)}::timestamptz,
          ${sql.identifier(examAttempts.answers.name)} = ${sql.param(p.answers, examAttempts.answers)}::jsonb
      where ${sql.identifier(examAttempts.id.name)} = ${p.attempt.id}
        and ${sql.identifier(examAttempts.closedAt.name)} is null
        and ${sql.identifier(examAttempts.attemptNumber.name)} = ${p.attempt.attemptNumber}
        and ${sql.identifier(examAttempts.savedAt.name)} is not distinct from ${sql.param(p.attempt.savedAt, examAttempts.savedAt)}::timestamptz
      returning 1
    )
    insert into ${submissions} (${sql.join(
      keys.map((k) => sql.identifier(columns[k].name)),
      sql`, `,
    )})
    select ${sql.join(typed, sql`, `)} from closed
    on conflict (${sql.identifier(submissions.examId.name)}, ${sql.identifier(submissions.studentId.name)}, ${sql.identifier(
      submissions.attemptNumber.name,
    )}) do nothing
    returning ${sql.identifier(submissions.id.name)} as id`);
  const id = result.rows[0]?.id;
  return id ? { submission: { ...values, id, evaluatedBy: null, evaluatedAt: null, feedback: null }, marking } : null;
}

/** Closes one overdue attempt with its saved answers (used when a late save, start or submit finds it). */
export async function closeAttemptWithSaved(ctx: Ctx, attemptId: string, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ attempt: examAttempts, exam: examForMarking })
      .from(examAttempts)
      .innerJoin(exams, eq(exams.id, examAttempts.examId))
      .where(eq(examAttempts.id, attemptId))
      .for('update', { of: examAttempts });
    if (!row || row.attempt.closedAt) return;
    const qs = await ctx.caches.markingQuestions.get(tx, row.exam);
    await finalizeAttempt(tx, { attempt: row.attempt, exam: row.exam, qs, answers: row.attempt.answers, now, autoSubmitted: true });
  });
}

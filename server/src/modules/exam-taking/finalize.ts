import { penaltyOf } from '@app/common/rules/marking';
import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { ResultMode } from '@app/common/schemas/exams';
import type { Ctx } from '../../context.ts';
import { type Db, loaderOptions, type Tx } from '../../db/client.ts';
import { type AttemptAnswers, examAttempts, exams, questions, submissions } from '../../db/schema.ts';
import { type MarkQuestion, type Marking, markAnswers, markAnswersStored, passedOf } from './marking.ts';
import { BatchLoader } from '../../lib/batch-loader.ts';
import { VersionCache } from '../../lib/version-cache.ts';
import { perDb } from '../../db/prepared.ts';
import { attemptKey, attemptVersionAs, savedAnswers } from './saved-answers.ts';

/** The exam columns marking needs; `updatedAt` versions the questions. */
export const examForMarking = {
  id: exams.id,
  title: exams.title,
  totalMarks: exams.totalMarks,
  passingMarks: exams.passingMarks,
  resultMode: exams.resultMode,
  updatedAt: exams.updatedAt,
};
export type ExamForMarking = {
  id: string;
  title: string;
  totalMarks: number;
  passingMarks: number | null;
  resultMode: ResultMode;
  updatedAt: Date;
};

/**
 * The questions marking needs, by exam. Questions cannot change while an attempt is open, and every
 * change bumps exams.updated_at, so keyed by that version they are safe to keep: the submit storm
 * reads them once: concurrent first readers share one load. One per app (ctx.caches), never shared
 * between apps in one process.
 */
export class MarkingQuestionCache {
  private readonly cache: VersionCache<MarkQuestion[]>;

  constructor(limit = 200) {
    this.cache = new VersionCache(limit);
  }

  get(db: Db | Tx, exam: { id: string; updatedAt: Date }): Promise<MarkQuestion[]> {
    return this.cache.get(exam.id, String(exam.updatedAt.getTime()), () => loadMarkingQuestions(db, exam.id));
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
  return rows.map(({ ownPenalty, examPenalty, ...r }) => ({
    ...r,
    marks: Number(r.marks),
    negativeMarks: penaltyOf(ownPenalty, examPenalty),
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
  const values = { ...submissionTotals(p, marking), answers: marking.answers } satisfies typeof submissions.$inferInsert;
  return { values, marking };
}

/** A submission's columns but its marked answers, from a marking. */
function submissionTotals(p: FinalizeInput, marking: Omit<Marking, 'answers'>) {
  const end = Math.min(p.now.getTime(), p.attempt.deadline.getTime());
  return {
    examId: p.exam.id,
    studentId: p.attempt.studentId,
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
  } satisfies Omit<typeof submissions.$inferInsert, 'answers'>;
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
 * Closes attempts the caller holds locked into their submissions, with the answers they saved (the
 * sweeper's overdue attempts): one insert and one update for them all. As with finalizeAttempt, an
 * attempt already submitted is left as it is.
 */
export async function finalizeSavedAttempts(tx: Tx, items: Omit<FinalizeInput, 'now'>[], now: Date) {
  if (items.length === 0) return;
  await tx
    .insert(submissions)
    .values(items.map((p) => submissionFor({ ...p, now }).values))
    .onConflictDoNothing({ target: [submissions.examId, submissions.studentId, submissions.attemptNumber] });
  await tx
    .update(examAttempts)
    .set({ closedAt: now })
    .where(
      and(
        inArray(
          examAttempts.id,
          items.map((p) => p.attempt.id),
        ),
        isNull(examAttempts.closedAt),
      ),
    );
}

/**
 * What the close statement merges over the saved answers (jsonb `||`) to store `answers`: the entries the saved
 * map does not hold as they are, null when there are none (an unchanged map is not written again), undefined
 * when `answers` lacks a saved entry, which a merge cannot drop. A submit at the bell changes a few of its
 * 120 answers since the last save, so the statement carries those few rather than the whole map again. A
 * question left unanswered (null) that the saved map does not hold is unanswered either way and is not
 * carried: the exam screen submits every question of the paper, the unanswered ones as null
 * (docs/product.md section 10).
 */
function changedAnswers(saved: AttemptAnswers, answers: AttemptAnswers): AttemptAnswers | null | undefined {
  if (saved === answers) return null;
  let changed: AttemptAnswers | null = null;
  let held = 0;
  for (const id in answers) {
    // One lookup: a stored answer is a number, text or null, never undefined (JSON has no undefined).
    const was = saved[id];
    if (was !== undefined) held++;
    else if (answers[id] === null) continue;
    if (was !== answers[id]) {
      changed ??= {};
      changed[id] = answers[id];
    }
  }
  return held < Object.keys(saved).length ? undefined : changed;
}

/** One attempt to close on the fast path, with its row as the batch statement reads it (JSON, column names as keys). */
type CloseItem = { seq: number; attemptId: string; examId: string; studentId: string; json: string };

let closeSeq = 0;

/**
 * At most this many closes per statement. A statement runs on one PostgreSQL core and answers all its
 * callers at its end, so a hall's submits go as several statements on the pool's connections, using both
 * cores and answering the first students sooner. Measured with 500 students on two cores: 100 gave a
 * submit p99 of 0.69-0.85 s against 0.85-0.87 s for one statement of 500, and 25 cost PostgreSQL more CPU.
 */
const CLOSE_BATCH = 100;

/**
 * At most this many close statements at the database at once; the next batches wait for one to answer.
 * When every batch of a hall's bell went at once, PostgreSQL shared its two cores between 20 statements,
 * and the submits' attempt reads, which feed the marking, queued behind them: a trace of the batches at
 * 2,000 students had each read of 500 attempts take 150–230 ms and the last read answer 1.06 s after the
 * bell, so every submit ended together at the end. With three at a time the reads keep their share and the
 * closes follow them (submit p99 over whole 2-minute storms, bench/HISTORY.md, "Earlier run … 20:23": 934 ms with 3, 1,015 with 2,
 * 1,060 with 4, 1,072–1,161 with no limit).
 */
const CLOSES_IN_FLIGHT = 3;
/**
 * How long the waiting closes wait for one of those to answer before going anyway: longer than a close
 * takes at the bell (30–500 ms), so that the limit holds under load, and short enough that a statement held
 * up (a row lock, a database going away) does not hold back the hall's other submits for long.
 */
const CLOSE_HOLD_MS = 1000;

/** The columns of a submission the fast path writes, in order, with their SQL types. */
const SUBMISSION_COLUMNS = (() => {
  const columns = getTableColumns(submissions);
  return (
    [
      'examId',
      'studentId',
      'answers',
      'marksObtained',
      'totalMarks',
      'correctAnswers',
      'incorrectAnswers',
      'unattempted',
      'status',
      'isPassed',
      'clientStartTime',
      'clientEndTime',
      'startedAt',
      'submittedAt',
      'totalTimeTaken',
      'autoSubmitted',
      'attemptNumber',
    ] as const
  ).map((k) => ({ key: k, name: columns[k].name, type: columns[k].getSQLType() }));
})();

/**
 * Closes a batch of attempts in one statement: each attempt that is still open, at the row version it was
 * read at (saved-answers.ts), is closed and its submission inserted; the others change nothing. The rows
 * travel as one jsonb array, so the statement's text is the same for any batch. Returns the submission id
 * by `examId:studentId` (one attempt row per exam and student).
 */
async function closeBatch(db: Db, items: CloseItem[]) {
  const cols = SUBMISSION_COLUMNS;
  const input = sql.raw(
    ['attempt_id uuid', 'read_version text', 'changed_answers jsonb', ...cols.map((c) => `${c.name} ${c.type}`)].join(', '),
  );
  const names = sql.raw(cols.map((c) => c.name).join(', '));
  const from = sql.raw(cols.map((c) => `i.${c.name}`).join(', '));
  const result = await db.execute<{ id: string; exam_id: string; student_id: string }>(sql`
    with input as (
      select * from jsonb_to_recordset(${`[${items.map((i) => i.json).join(',')}]`}::jsonb) as i(${input})
    ), closed as (
      update ${examAttempts} a
      set closed_at = i.submitted_at, answers = coalesce(a.answers || i.changed_answers, a.answers)
      from input i
      where a.id = i.attempt_id
        and a.closed_at is null
        and ${sql.raw(attemptVersionAs('a'))} = i.read_version
      returning a.id
    )
    insert into ${submissions} (${names})
    select ${from} from input i join closed c on c.id = i.attempt_id
    on conflict (exam_id, student_id, attempt_number) do nothing
    returning id, exam_id, student_id`);
  return new Map(result.rows.map((r) => [`${r.exam_id}:${r.student_id}`, r.id]));
}

/**
 * The closes of the submits arriving in one turn of the event loop (a hall at the bell), written by one
 * statement (lib/batch-loader.ts): one round trip and one commit for the batch instead of one each. An
 * attempt named twice in a batch (two devices submitting at the same instant) goes in once; the other
 * caller gets null and takes the locked path, which finds it closed.
 */
const closeWriter = perDb(
  (db) =>
    new BatchLoader<CloseItem, string>(
      async (items) => {
        const first = new Map<string, CloseItem>();
        for (const i of items) if (!first.has(i.attemptId)) first.set(i.attemptId, i);
        const ids = await closeBatch(db, [...first.values()]);
        const bySeq = new Map<string, string>();
        for (const i of first.values()) {
          const id = ids.get(`${i.examId}:${i.studentId}`);
          if (id) bySeq.set(String(i.seq), id);
        }
        return bySeq;
      },
      (i) => String(i.seq),
      async (i) => (await closeBatch(db, [i])).get(`${i.examId}:${i.studentId}`),
      { ...loaderOptions(db), maxBatch: CLOSE_BATCH, maxInFlight: CLOSES_IN_FLIGHT, maxHoldMs: CLOSE_HOLD_MS },
    ),
);

/**
 * The submit storm's fast path: no transaction, no lock held across round trips.
 * Closes the attempt and inserts its submission only if the attempt is still open and its row is still at
 * the version `p` was read at (every write of the row makes a new one: a save here or on another instance,
 * a practice restart), so its saved answers are exactly those `p` was built from (`p.attempt.answers`, as
 * read or held at that version); otherwise changes nothing and returns null, and the caller takes the locked path. The statement is atomic, so the pair is
 * written together or not at all. The attempt's answers become `p.answers` by merging the entries that
 * changed over the saved ones (`changedAnswers`); when `p.answers` drops a saved entry this returns null
 * at once, for the locked path to write them whole.
 */
export async function finalizeUnchangedAttempt(db: Db, p: FinalizeInput & { attempt: { answers: AttemptAnswers; version: string } }) {
  const changed = changedAnswers(p.attempt.answers, p.answers);
  if (changed === undefined) return null;
  const { storedJson, ...marking } = markAnswersStored(p.qs, p.answers);
  const values = submissionTotals(p, marking);
  const row: Record<string, unknown> = { attempt_id: p.attempt.id, read_version: p.attempt.version, changed_answers: changed };
  for (const c of SUBMISSION_COLUMNS) if (c.key !== 'answers') row[c.name] = values[c.key];
  // The statement writes the column's stored form itself (db/marked-answers.ts): the marked answers' JSON
  // text goes into the row as it is.
  const json = `${JSON.stringify(row).slice(0, -1)},"answers":${storedJson}}`;
  closeSeq = (closeSeq + 1) % Number.MAX_SAFE_INTEGER;
  const id = await closeWriter(db).load({
    seq: closeSeq,
    attemptId: p.attempt.id,
    examId: values.examId,
    studentId: values.studentId,
    json,
  });
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
    savedAnswers(ctx.db).forget(attemptKey(row.attempt.examId, row.attempt.studentId));
    const qs = await ctx.caches.markingQuestions.get(tx, row.exam);
    await finalizeAttempt(tx, { attempt: row.attempt, exam: row.exam, qs, answers: row.attempt.answers, now, autoSubmitted: true });
  });
}

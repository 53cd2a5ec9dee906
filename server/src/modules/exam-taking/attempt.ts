import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Attempt, SaveAnswersBody, SaveAnswersResponse } from '@app/common/schemas/exam-attempt';
import { EXAM_MESSAGES } from '@app/common/schemas/exams';
import { SUBMISSION_MESSAGES } from '@app/common/schemas/submissions';
import type { Ctx } from '../../context.ts';
import { examAttempts, exams } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { ownStudentId, type Scope } from '../../lib/record-scope.ts';
import { findStudentScope, isInAudience } from './audience.ts';
import type { Exceptions } from './exceptions.ts';
import { deadlineOf, isPastGrace, remainingSeconds, windowRefusal } from './clock.ts';
import { closeAttemptWithSaved } from './finalize.ts';
import { checkAnswers } from './marking.ts';
import { perDb, preparedQuery } from '../../db/prepared.ts';
import { attemptLoader } from './attempt-loader.ts';
import { attemptInserts, type ExamForStart, startReads } from './start-reads.ts';
import { attemptKey, attemptVersion, isAttemptVersion, savedAnswers } from './saved-answers.ts';
import type { AttemptAnswers } from '../../db/schema.ts';

type AttemptRow = typeof examAttempts.$inferSelect;

function toAttemptDto(a: AttemptRow, now: Date): Attempt {
  return {
    startedAt: a.startedAt.toISOString(),
    deadline: a.deadline.toISOString(),
    serverNow: now.toISOString(),
    remainingSeconds: remainingSeconds(a.deadline, now),
    answers: a.answers,
    review: a.review,
    timeSpent: a.timeSpent,
    currentQuestion: a.currentQuestion,
    savedAt: a.savedAt?.toISOString() ?? null,
  };
}

async function findAttempt(ctx: Ctx, examId: string, studentId: string) {
  const [row] = await ctx.db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.examId, examId), eq(examAttempts.studentId, studentId)));
  return row ?? null;
}

/** Review flags, times and the current question must name questions of this exam. */
function checkPaperIds(qs: { id: string }[], { review, timeSpent, currentQuestion }: SaveAnswersBody) {
  const ids = new Set(qs.map((q) => q.id));
  const errors: Record<string, string> = {};
  for (const id of review ?? []) {
    if (!ids.has(id)) errors.review = `review: ${SUBMISSION_MESSAGES.unknownQuestion}`;
  }
  for (const id of Object.keys(timeSpent ?? {})) {
    if (!ids.has(id)) errors[`timeSpent.${id}`] = `timeSpent: ${SUBMISSION_MESSAGES.unknownQuestion}`;
  }
  if (currentQuestion !== undefined && !ids.has(currentQuestion)) {
    errors.currentQuestion = `currentQuestion: ${SUBMISSION_MESSAGES.unknownQuestion}`;
  }
  return errors;
}

const elapsedSeconds = (startedAt: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000));

/**
 * Time per question: the larger of the stored and the sent seconds for each question, and never more
 * in all than the time since the attempt started (new seconds are scaled down to fit).
 */
export function mergeTimeSpent(stored: Record<string, number>, sent: Record<string, number>, elapsed: number) {
  const merged = { ...stored };
  const storedSum = Object.values(stored).reduce((a, b) => a + b, 0);
  const increments: [string, number][] = [];
  for (const [id, seconds] of Object.entries(sent)) {
    // A question opened and left at once is kept with 0 s: it has been visited.
    merged[id] ??= 0;
    const inc = seconds - (stored[id] ?? 0);
    if (inc > 0) increments.push([id, inc]);
  }
  const wanted = increments.reduce((a, [, inc]) => a + inc, 0);
  const budget = Math.max(0, elapsed - storedSum);
  const scale = wanted > budget ? budget / wanted : 1;
  for (const [id, inc] of increments) {
    merged[id] = (stored[id] ?? 0) + Math.floor(inc * scale);
  }
  return merged;
}

/**
 * POST /api/exams/{examId}/attempt: starts the caller's attempt (deadline = start + duration + their
 * extra minutes) or resumes it with the server's remaining time. One attempt row per student and exam
 * (unique index); a practice exam's closed attempt starts again as the next attempt. A new attempt needs
 * the caller in the exam's audience and the exam's window open (docs/product-batches.md).
 */
export async function startAttempt(ctx: Ctx, scope: Scope, examId: string): Promise<Attempt> {
  const studentId = ownStudentId(scope);
  const now = new Date();
  // One round trip for the exam and the caller's attempt: the whole class starts in the same second.
  const row = await startReads(ctx.db).load({ examId, studentId });
  if (!row) throw notFound(EXAM_MESSAGES.notFound);
  const { exam } = row;
  let attempt = row.attempt;
  if (!attempt || (attempt.closedAt && exam.mode === 'practice')) {
    const exceptions = await checkCanBegin(ctx, studentId, exam, now, row.exceptions);
    const deadline = deadlineOf(now, exam.durationMinutes, exceptions.extraMinutes);
    if (!attempt) {
      const created = await attemptInserts(ctx.db).load({ examId, studentId, startedAt: now, deadline });
      // A concurrent start won the insert: resume that one.
      attempt = created ?? (await findAttempt(ctx, examId, studentId));
    } else {
      // Practice: the same row starts again as the next attempt; the submissions keep the earlier ones.
      const [restarted] = await ctx.db
        .update(examAttempts)
        .set({ ...FRESH_ATTEMPT, startedAt: now, deadline, attemptNumber: attempt.attemptNumber + 1 })
        .where(
          and(eq(examAttempts.id, attempt.id), eq(examAttempts.attemptNumber, attempt.attemptNumber), isNotNull(examAttempts.closedAt)),
        )
        .returning();
      attempt = restarted ?? (await findAttempt(ctx, examId, studentId));
    }
    if (!attempt) throw conflict(SUBMISSION_MESSAGES.alreadyAttempted);
  }
  if (attempt.closedAt) throw conflict(EXAM_MESSAGES.alreadyAttempted);
  if (isPastGrace(attempt.deadline, now)) {
    await closeAttemptWithSaved(ctx, attempt.id, now);
    throw conflict(EXAM_MESSAGES.alreadyAttempted);
  }
  return toAttemptDto(attempt, now);
}

// The save's hot path as prepared statements (db/prepared.ts).
/** What a save reads of the attempt: not the answers (merged in SQL), but the row's version (saved-answers.ts). */
const attemptForSave = {
  id: examAttempts.id,
  version: attemptVersion,
  studentId: examAttempts.studentId,
  startedAt: examAttempts.startedAt,
  deadline: examAttempts.deadline,
  closedAt: examAttempts.closedAt,
  savedAt: examAttempts.savedAt,
  timeSpent: examAttempts.timeSpent,
};

const saveReadQuery = preparedQuery((db) =>
  db
    .select({ attempt: attemptForSave, exam: { id: exams.id, updatedAt: exams.updatedAt } })
    .from(examAttempts)
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .where(and(eq(examAttempts.examId, sql.placeholder('examId')), eq(examAttempts.studentId, sql.placeholder('studentId'))))
    .prepare('attempt_save_read'),
);

/** The saves arriving in one turn of the event loop read together (lib/batch-loader.ts). */
const saveReads = perDb((db) =>
  attemptLoader(
    db,
    async (examId, studentIds) =>
      db
        .select({ attempt: attemptForSave, exam: { id: exams.id, updatedAt: exams.updatedAt } })
        .from(examAttempts)
        .innerJoin(exams, eq(exams.id, examAttempts.examId))
        .where(and(eq(examAttempts.examId, examId), inArray(examAttempts.studentId, studentIds)))
        .then((rows) => rows.map((r): [string, typeof r] => [r.attempt.studentId, r])),
    async (key) => (await saveReadQuery(db).execute(key))[0],
  ),
);

/**
 * A save's one statement: the answers merged in, each other part replaced when sent (null keeps it), if
 * the attempt is open and no save has landed since it was read (saved_at as read, null when never saved;
 * and the row at the version read). It answers the row's new version, and the merged answers only when
 * `known` is false: the server holds the map it merged over (saved-answers.ts) and makes the new one itself.
 * jsonb parameters are sent as JSON text.
 */
const quickSaveQuery = preparedQuery((db) =>
  db
    .update(examAttempts)
    .set({
      answers: sql`${examAttempts.answers} || ${sql.placeholder('answers')}::jsonb`,
      review: sql`coalesce(${sql.placeholder('review')}::jsonb, ${examAttempts.review})`,
      timeSpent: sql`coalesce(${sql.placeholder('timeSpent')}::jsonb, ${examAttempts.timeSpent})`,
      currentQuestion: sql`coalesce(${sql.placeholder('currentQuestion')}::text, ${examAttempts.currentQuestion})`,
      savedAt: sql`${sql.placeholder('now')}::timestamptz`,
    })
    .where(
      and(
        eq(examAttempts.id, sql.placeholder('id')),
        isNull(examAttempts.closedAt),
        sql`${examAttempts.savedAt} is not distinct from ${sql.placeholder('readSavedAt')}::timestamptz`,
        isAttemptVersion(sql.placeholder('readVersion')),
      ),
    )
    .returning({
      savedAt: examAttempts.savedAt,
      version: attemptVersion,
      answers: sql<AttemptAnswers | null>`case when ${sql.placeholder('known')}::boolean then null else ${examAttempts.answers} end`,
    })
    .prepare('attempt_quick_save'),
);

/** What a new attempt starts with. */
const FRESH_ATTEMPT = { answers: {}, review: [], timeSpent: {}, currentQuestion: null, savedAt: null, closedAt: null };

/** A new attempt: an active exam meant for the caller (else not found, so nothing leaks), within its window. */
async function checkCanBegin(ctx: Ctx, studentId: string, exam: ExamForStart, now: Date, exceptions: Exceptions) {
  if (!exam.isActive) throw notFound(EXAM_MESSAGES.notAvailable);
  const scope = exam.openToAll ? null : await findStudentScope(ctx.db, studentId);
  if (!exam.openToAll && !isInAudience(exam, scope)) throw notFound(EXAM_MESSAGES.notAvailable);
  const refusal = windowRefusal(exam, now, exceptions.isReopened);
  if (refusal) throw conflict(refusal);
  return exceptions;
}

/**
 * PUT /api/exams/{examId}/attempt/answers: merges the answers into the saved ones (jsonb `||`,
 * atomic). After the deadline + grace the attempt is closed with what was saved and this answers 409.
 *
 * `clientGone` says whether the caller has hung up. A device that gave up on a save (its timeout)
 * sends the same questions again, maybe with newer text; the abandoned request must never land after
 * that. The common case is one statement (a hall of 2,000 saves at once): an update that holds only if
 * no save has landed since this one read the attempt (saved_at unchanged, so the seconds are merged
 * onto what was read). A save that finds another landed in between takes the attempt's row lock and
 * is rolled back when its caller is gone by then: a later save waits for the lock, so it is always
 * applied after any earlier one that was kept. An abandoned save can still land before the newer one,
 * which then overwrites it.
 */
export async function saveAttemptAnswers(
  ctx: Ctx,
  scope: Scope,
  examId: string,
  body: SaveAnswersBody,
  clientGone: () => boolean = () => false,
): Promise<SaveAnswersResponse> {
  const studentId = ownStudentId(scope);
  const now = new Date();
  const row = await saveReads(ctx.db).load({ examId, studentId });
  if (!row) throw conflict(SUBMISSION_MESSAGES.noAttempt);
  if (row.attempt.closedAt) throw conflict(SUBMISSION_MESSAGES.alreadyAttempted);
  if (isPastGrace(row.attempt.deadline, now)) {
    await closeAttemptWithSaved(ctx, row.attempt.id, now);
    throw conflict(SUBMISSION_MESSAGES.attemptClosed);
  }
  const qs = await ctx.caches.markingQuestions.get(ctx.db, row.exam);
  const { clean, errors } = checkAnswers(qs, body.answers);
  Object.assign(errors, checkPaperIds(qs, body));
  const firstError = Object.values(errors)[0];
  if (firstError) throw badRequest(firstError, errors);
  if (clientGone()) throw new AppError('UNAVAILABLE', 'The save was abandoned by the client');
  const hasTimes = body.timeSpent !== undefined && Object.keys(body.timeSpent).length > 0;
  const changes = (timeSpent: Record<string, number> | undefined) => ({
    answers: sql`${examAttempts.answers} || ${JSON.stringify(clean)}::jsonb`,
    ...(body.review ? { review: [...new Set(body.review)] } : {}),
    ...(timeSpent ? { timeSpent } : {}),
    ...(body.currentQuestion !== undefined ? { currentQuestion: body.currentQuestion } : {}),
    savedAt: now,
  });
  const read = row.attempt;
  const held = savedAnswers(ctx.db);
  const key = attemptKey(examId, studentId);
  const known = held.get(key, read.version) !== undefined;
  const [quick] = await quickSaveQuery(ctx.db).execute({
    id: read.id,
    readSavedAt: read.savedAt,
    readVersion: read.version,
    known,
    now,
    answers: JSON.stringify(clean),
    review: body.review ? JSON.stringify([...new Set(body.review)]) : null,
    timeSpent: hasTimes ? JSON.stringify(mergeTimeSpent(read.timeSpent, body.timeSpent ?? {}, elapsedSeconds(read.startedAt, now))) : null,
    currentQuestion: body.currentQuestion ?? null,
  });
  if (quick) {
    // The map this save left, for the submit (saved-answers.ts): merged here over the one held, or as answered.
    if (!(known && held.merged(key, read.version, quick.version, clean))) {
      if (quick.answers) held.set(key, quick.version, quick.answers);
      else held.forget(key);
    }
  } else held.forget(key);
  const saved =
    quick ??
    (await ctx.db.transaction(async (tx) => {
      // Another save landed in between: merge under the row lock, so two saves cannot both add their
      // seconds to the same stored value.
      const [locked] = await tx
        .select({ timeSpent: examAttempts.timeSpent, startedAt: examAttempts.startedAt })
        .from(examAttempts)
        .where(and(eq(examAttempts.id, read.id), isNull(examAttempts.closedAt)))
        .for('update');
      if (!locked) return undefined;
      const timeSpent = hasTimes
        ? mergeTimeSpent(locked.timeSpent, body.timeSpent ?? {}, elapsedSeconds(locked.startedAt, now))
        : undefined;
      const [updated] = await tx
        .update(examAttempts)
        .set(changes(timeSpent))
        .where(and(eq(examAttempts.id, read.id), isNull(examAttempts.closedAt)))
        .returning({ savedAt: examAttempts.savedAt });
      if (updated && clientGone()) throw new AppError('UNAVAILABLE', 'The save was abandoned by the client');
      return updated;
    }));
  if (!saved) throw conflict(SUBMISSION_MESSAGES.alreadyAttempted);
  return { savedAt: now.toISOString(), serverNow: now.toISOString(), remainingSeconds: remainingSeconds(read.deadline, now) };
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { gradeFor, percentageOf } from '@app/common/rules/grades';
import type { AnswersMap } from '@app/common/schemas/exam-attempt';
import { SUBMISSION_MESSAGES, type SubmitResponse } from '@app/common/schemas/submissions';
import type { Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { examAttempts, exams } from '../../db/schema.ts';
import { perDb, preparedQuery } from '../../db/prepared.ts';
import { attemptLoader } from './attempt-loader.ts';
import { conflict } from '../../lib/errors.ts';
import { ownStudentId, type Scope } from '../../lib/record-scope.ts';
import { startAttempt } from './attempt.ts';
import { isPastGrace } from './clock.ts';
import { examForMarking, finalizeAttempt, finalizeUnchangedAttempt } from './finalize.ts';
import { checkAnswers, isMcqOnly, mergeAnswers } from './marking.ts';
import { attemptKey, attemptVersion, savedAnswers } from './saved-answers.ts';
import type { AttemptAnswers } from '../../db/schema.ts';

export type SubmitInput = { examId: string; answers: AnswersMap; startTime?: Date; endTime?: Date };

/**
 * POST /api/submissions: closes the caller's open attempt into its submission, atomically.
 * Until deadline + grace the answers sent are merged over the saved ones; after it only the saved
 * answers count and the caller gets 409 (the attempt is closed all the same).
 */
export async function submitExam(ctx: Ctx, scope: Scope, input: SubmitInput): Promise<SubmitResponse> {
  const studentId = ownStudentId(scope);
  const now = new Date();
  let outcome = (await submitUnchanged(ctx, studentId, input, now)) ?? (await submitLocked(ctx, studentId, input, now, true));
  if (!outcome) {
    // A practice exam takes every new attempt's submission: one sent with no attempt running starts
    // the next attempt now (audience and window checked as for a start) and submits it.
    await startAttempt(ctx, scope, input.examId);
    outcome = await submitLocked(ctx, studentId, input, new Date(), false);
    if (!outcome) throw conflict(SUBMISSION_MESSAGES.noAttempt);
  }
  if (outcome.isLate) throw conflict(SUBMISSION_MESSAGES.attemptClosed);

  const s = outcome.submission;
  const response: SubmitResponse = {
    message: SUBMISSION_MESSAGES.submitted,
    submission: {
      _id: s.id,
      exam: { _id: outcome.exam.id, title: outcome.exam.title },
      status: s.status,
      submittedAt: s.submittedAt.toISOString(),
      totalTimeTaken: s.totalTimeTaken,
      autoSubmitted: s.autoSubmitted,
    },
  };
  // The completion page's score, only for an exam of MCQ questions only (docs/product.md section 7); a
  // ranked mock's without grade or pass (docs/product-papers.md, Result mode).
  if (outcome.isMcqOnly) {
    const totalMarks = Number(s.totalMarks);
    const percentage = percentageOf(Number(s.marksObtained), totalMarks);
    const figures = {
      marksObtained: Number(s.marksObtained),
      totalMarks,
      percentage,
      correctAnswers: s.correctAnswers,
      incorrectAnswers: s.incorrectAnswers,
      unattempted: s.unattempted,
    };
    response.result =
      outcome.exam.resultMode === 'rank'
        ? { resultMode: 'rank', ...figures }
        : { resultMode: 'grade', ...figures, grade: gradeFor(percentage), isPassed: s.isPassed ?? false };
  }
  return response;
}

function attemptOf(db: Db | Tx, studentId: string, examId: string) {
  return db
    .select({ attempt: examAttempts, exam: examForMarking })
    .from(examAttempts)
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .where(and(eq(examAttempts.examId, examId), eq(examAttempts.studentId, studentId)));
}

/** The columns a submit reads (not the review flags or the seconds; the answers apart, below). */
const attemptForSubmit = {
  id: examAttempts.id,
  version: attemptVersion,
  studentId: examAttempts.studentId,
  startedAt: examAttempts.startedAt,
  deadline: examAttempts.deadline,
  attemptNumber: examAttempts.attemptNumber,
  savedAt: examAttempts.savedAt,
  closedAt: examAttempts.closedAt,
};

/** The saved answers, but null where the row is at `heldVersion`: the server holds that map (saved-answers.ts). */
const answersUnlessHeld = (heldVersion: unknown) =>
  sql<AttemptAnswers | null>`case when ${attemptVersion} = ${heldVersion} then null else ${examAttempts.answers} end`;

/** The submit storm's read, prepared once (db/prepared.ts). */
const submitReadQuery = preparedQuery((db) =>
  db
    .select({ attempt: attemptForSubmit, answers: answersUnlessHeld(sql`${sql.placeholder('heldVersion')}::text`), exam: examForMarking })
    .from(examAttempts)
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .where(and(eq(examAttempts.examId, sql.placeholder('examId')), eq(examAttempts.studentId, sql.placeholder('studentId'))))
    .prepare('attempt_submit_read'),
);

/** The submits arriving in one turn of the event loop (a hall at the bell) read together (lib/batch-loader.ts). */
const submitReads = perDb((db) =>
  attemptLoader(
    db,
    async (examId, studentIds) => {
      // The versions whose answers this server holds, by student, as one jsonb parameter.
      const held: Record<string, string> = {};
      for (const id of studentIds) {
        const version = savedAnswers(db).versionOf(attemptKey(examId, id));
        if (version !== undefined) held[id] = version;
      }
      return db
        .select({
          attempt: attemptForSubmit,
          answers: answersUnlessHeld(sql`(${JSON.stringify(held)}::jsonb ->> ${examAttempts.studentId}::text)`),
          exam: examForMarking,
        })
        .from(examAttempts)
        .innerJoin(exams, eq(exams.id, examAttempts.examId))
        .where(and(eq(examAttempts.examId, examId), inArray(examAttempts.studentId, studentIds)))
        .then((rows) => rows.map((r): [string, typeof r] => [r.attempt.studentId, r]));
    },
    async (key) =>
      (
        await submitReadQuery(db).execute({
          ...key,
          heldVersion: savedAnswers(db).versionOf(attemptKey(key.examId, key.studentId)) ?? null,
        })
      )[0],
  ),
);

/**
 * The common case in one statement after one read: an open attempt within its time, not written at all
 * since it was read (its row version, saved-answers.ts). Anything else (no attempt, closed, late, a
 * concurrent save or any other write) returns null without writing, and the locked path decides.
 */
async function submitUnchanged(ctx: Ctx, studentId: string, input: SubmitInput, now: Date) {
  const row = await submitReads(ctx.db).load({ examId: input.examId, studentId });
  if (!row || row.attempt.closedAt) return null;
  if (isPastGrace(row.attempt.deadline, now)) return null;
  const held = savedAnswers(ctx.db);
  const key = attemptKey(input.examId, studentId);
  // As read, or the map held at the version read; none when a save on this server replaced it meanwhile.
  const saved = row.answers ?? held.get(key, row.attempt.version);
  if (!saved) return null;
  const qs = await ctx.caches.markingQuestions.get(ctx.db, row.exam);
  const done = await finalizeUnchangedAttempt(ctx.db, {
    attempt: { ...row.attempt, answers: saved },
    exam: row.exam,
    qs,
    answers: mergeAnswers(saved, checkAnswers(qs, input.answers).clean),
    now,
    autoSubmitted: false,
    clientStartTime: input.startTime,
    clientEndTime: input.endTime,
  });
  if (done) held.forget(key);
  return done && { ...done, exam: row.exam, isLate: false, isMcqOnly: isMcqOnly(qs) };
}

/**
 * Every case, under the attempt's row lock. With `canRestart`, answers null instead of refusing when a
 * practice exam has no attempt running (the caller starts the next one).
 */
function submitLocked(ctx: Ctx, studentId: string, input: SubmitInput, now: Date, canRestart: boolean) {
  savedAnswers(ctx.db).forget(attemptKey(input.examId, studentId));
  return ctx.db.transaction(async (tx) => {
    const [row] = await attemptOf(tx, studentId, input.examId).for('update', { of: examAttempts });
    if ((!row || row.attempt.closedAt) && canRestart && (await isPractice(tx, input.examId))) return null;
    if (!row) throw conflict(SUBMISSION_MESSAGES.noAttempt);
    if (row.attempt.closedAt) throw conflict(SUBMISSION_MESSAGES.alreadyAttempted);
    const isLate = isPastGrace(row.attempt.deadline, now);
    const qs = await ctx.caches.markingQuestions.get(tx, row.exam);
    // Unknown or malformed entries are dropped rather than refusing the student's submission.
    const answers = isLate ? row.attempt.answers : mergeAnswers(row.attempt.answers, checkAnswers(qs, input.answers).clean);
    const done = await finalizeAttempt(tx, {
      attempt: row.attempt,
      exam: row.exam,
      qs,
      answers,
      now,
      autoSubmitted: isLate,
      clientStartTime: input.startTime,
      clientEndTime: input.endTime,
    });
    if (!done) throw conflict(SUBMISSION_MESSAGES.alreadyAttempted);
    return { ...done, exam: row.exam, isLate, isMcqOnly: isMcqOnly(qs) };
  });
}

async function isPractice(tx: Tx, examId: string) {
  const [exam] = await tx.select({ mode: exams.mode }).from(exams).where(eq(exams.id, examId));
  return exam?.mode === 'practice';
}

import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Ctx } from '../../context.ts';
import { examAttempts, exams } from '../../db/schema.ts';
import { pastGraceCutoff } from './clock.ts';
import { examForMarking, finalizeSavedAttempts } from './finalize.ts';
import { attemptKey, savedAnswers } from './saved-answers.ts';

/** Attempts closed per transaction: two statements each time, whatever the number. */
const BATCH = 200;

/**
 * Submits every open attempt past its deadline plus the grace with the answers saved so far
 * (autoSubmitted). Safe to run on several instances at once: rows are taken with
 * `for update skip locked`, and the unique (exam, student, attempt number) constraint stops a double submission.
 */
export async function closeOverdueAttempts(ctx: Ctx, now = new Date()): Promise<number> {
  const cutoff = pastGraceCutoff(now);
  let closed = 0;
  for (;;) {
    const n = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select({ attempt: examAttempts, exam: examForMarking })
        .from(examAttempts)
        .innerJoin(exams, eq(exams.id, examAttempts.examId))
        .where(and(isNull(examAttempts.closedAt), lt(examAttempts.deadline, cutoff)))
        .orderBy(asc(examAttempts.deadline))
        .limit(BATCH)
        .for('update', { of: examAttempts, skipLocked: true });
      const items = [];
      for (const row of rows) {
        const qs = await ctx.caches.markingQuestions.get(tx, row.exam);
        items.push({ attempt: row.attempt, exam: row.exam, qs, answers: row.attempt.answers, autoSubmitted: true });
      }
      await finalizeSavedAttempts(tx, items, now);
      for (const row of rows) savedAnswers(ctx.db).forget(attemptKey(row.attempt.examId, row.attempt.studentId));
      return rows.length;
    });
    closed += n;
    if (n < BATCH) return closed;
  }
}

/** Runs the sweeper every `intervalMs`; returns a stop function. */
export function startAttemptSweeper(ctx: Ctx, log: FastifyBaseLogger, intervalMs = 15_000): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const n = await closeOverdueAttempts(ctx);
      if (n > 0) log.info({ closed: n }, 'closed overdue exam attempts');
    } catch (err) {
      log.error({ err }, 'closing overdue exam attempts failed');
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

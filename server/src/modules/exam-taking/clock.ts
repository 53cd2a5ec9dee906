import { GRACE_SECONDS } from '@app/common/rules/timer';
import { SCHEDULE_MESSAGES } from '@app/common/schemas/exam-schedule';

/**
 * The attempt's clock, the one place its time rules live: the deadline is the start plus the exam's
 * duration (plus the student's extra minutes), and the server still accepts answers until GRACE_SECONDS after it (a submit in flight
 * when the timer ran out). Past that the attempt is closed with what was saved.
 */
const GRACE_MS = GRACE_SECONDS * 1000;

export const deadlineOf = (startedAt: Date, durationMinutes: number, extraMinutes = 0): Date =>
  new Date(startedAt.getTime() + (durationMinutes + extraMinutes) * 60_000);

/**
 * The exam's window (docs/product-batches.md, "Exam scheduling"): a new attempt starts from opensAt
 * until closesAt; one started before closesAt runs its full duration (its deadline is never cut by
 * closesAt). A student whose attempt an admin reopened may start after closesAt. Answers why a new
 * attempt cannot start now, or null.
 */
export function windowRefusal(exam: { opensAt: Date | null; closesAt: Date | null }, now: Date, isReopened = false): string | null {
  if (exam.opensAt && now < exam.opensAt) return SCHEDULE_MESSAGES.notYetOpen(exam.opensAt);
  if (exam.closesAt && now >= exam.closesAt && !isReopened) return SCHEDULE_MESSAGES.closed(exam.closesAt);
  return null;
}

/** The grace rule: `now` is later than the deadline plus the grace. */
export const isPastGrace = (deadline: Date, now: Date): boolean => now.getTime() > deadline.getTime() + GRACE_MS;

/** The same rule for a query: an attempt is past its grace at `now` when its deadline is before this. */
export const pastGraceCutoff = (now: Date): Date => new Date(now.getTime() - GRACE_MS);

/** Whole seconds left until the deadline (0 once it has passed), as the exam screen's timer shows them. */
export const remainingSeconds = (deadline: Date, now: Date): number => Math.max(0, Math.ceil((deadline.getTime() - now.getTime()) / 1000));

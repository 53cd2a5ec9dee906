import { GRACE_SECONDS } from '@app/common/rules/timer';

/**
 * The attempt's clock, the one place its time rules live: the deadline is the start plus the exam's
 * duration, and the server still accepts answers until GRACE_SECONDS after it (a submit in flight
 * when the timer ran out). Past that the attempt is closed with what was saved.
 */
const GRACE_MS = GRACE_SECONDS * 1000;

export const deadlineOf = (startedAt: Date, durationMinutes: number): Date => new Date(startedAt.getTime() + durationMinutes * 60_000);

/** The grace rule: `now` is later than the deadline plus the grace. */
export const isPastGrace = (deadline: Date, now: Date): boolean => now.getTime() > deadline.getTime() + GRACE_MS;

/** The same rule for a query: an attempt is past its grace at `now` when its deadline is before this. */
export const pastGraceCutoff = (now: Date): Date => new Date(now.getTime() - GRACE_MS);

/** Whole seconds left until the deadline (0 once it has passed), as the exam screen's timer shows them. */
export const remainingSeconds = (deadline: Date, now: Date): number => Math.max(0, Math.ceil((deadline.getTime() - now.getTime()) / 1000));

import type { AttemptStatus } from '@app/common/schemas/exams';
import { isPastGrace } from './clock.ts';

export function attemptStatusOf(attempt: { closedAt: Date | null; deadline: Date } | null, now = new Date()): AttemptStatus {
  if (!attempt) return 'not_started';
  if (attempt.closedAt) return 'submitted';
  // Past the deadline and the grace the attempt is closed with what was saved (the sweeper finishes it).
  if (isPastGrace(attempt.deadline, now)) return 'submitted';
  return 'in_progress';
}

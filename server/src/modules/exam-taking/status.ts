import type { AttemptStatus } from '@app/common/schemas/exam-views';
import type { ExamStatus } from '@app/common/schemas/exam-schedule';
import { isPastGrace, windowRefusal } from './clock.ts';

export function attemptStatusOf(attempt: { closedAt: Date | null; deadline: Date } | null, now = new Date()): AttemptStatus {
  if (!attempt) return 'not_started';
  if (attempt.closedAt) return 'submitted';
  // Past the deadline and the grace the attempt is closed with what was saved (the sweeper finishes it).
  if (isPastGrace(attempt.deadline, now)) return 'submitted';
  return 'in_progress';
}

/**
 * Where an exam stands for a student: an attempt running or done wins; otherwise the window decides
 * (upcoming before opensAt, missed after closesAt unless an admin reopened it for them, else open).
 */
export function examStatusOf(
  attemptStatus: AttemptStatus,
  exam: { opensAt: Date | null; closesAt: Date | null },
  now: Date,
  isReopened = false,
): ExamStatus {
  if (attemptStatus !== 'not_started') return attemptStatus;
  if (exam.opensAt && now < exam.opensAt) return 'upcoming';
  return windowRefusal(exam, now, isReopened) ? 'missed' : 'open';
}

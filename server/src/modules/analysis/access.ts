import { can } from '@app/common/permissions';
import { and, eq } from 'drizzle-orm';
import { ANALYSIS_MESSAGES } from '@app/common/schemas/analysis';
import { SUBMISSION_MESSAGES } from '@app/common/schemas/submissions';
import type { Actor, Ctx } from '../../context.ts';
import { examAttempts, exams, submissions } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';

export type SubmissionRow = typeof submissions.$inferSelect;
export type ExamRow = typeof exams.$inferSelect;

/**
 * A submission its reader may analyse: the owner or an admin (another student's is 403, a missing one
 * 404), and only once the exam's results are published (409 before: the marks are not out yet).
 */
export async function loadPublishedSubmission(ctx: Ctx, actor: Actor, id: string, purpose: 'analysis' | 'review') {
  // Staff who evaluate read any (docs/product-staff.md).
  const isAdmin = can(actor.role, 'evaluation.manage');
  const [row] = await ctx.db
    .select({ s: submissions, exam: exams })
    .from(submissions)
    .innerJoin(exams, eq(exams.id, submissions.examId))
    .where(eq(submissions.id, id));
  if (!row) throw notFound(SUBMISSION_MESSAGES.notFound);
  if (!isAdmin && row.s.studentId !== actor.id) throw forbidden();
  if (!row.exam.resultsPublished) {
    throw conflict(purpose === 'analysis' ? ANALYSIS_MESSAGES.notPublished : ANALYSIS_MESSAGES.reviewNotPublished);
  }
  if (purpose === 'review' && row.exam.solutionsRelease === 'never') throw conflict(ANALYSIS_MESSAGES.solutionsNever);
  return row;
}

/** The seconds per question and the review flags the student's attempt kept (empty when there is none). */
export async function loadAttemptTrail(ctx: Ctx, examId: string, studentId: string) {
  const [a] = await ctx.db
    .select({ timeSpent: examAttempts.timeSpent, review: examAttempts.review })
    .from(examAttempts)
    .where(and(eq(examAttempts.examId, examId), eq(examAttempts.studentId, studentId)));
  return { timeSpent: a?.timeSpent ?? {}, review: new Set(a?.review ?? []) };
}

type Answer = SubmissionRow['answers'][number];

/** A question's outcome: no answer; marks not given yet; full marks; anything less. */
export function statusOf(a: Answer | undefined, marks: number) {
  const answered = a !== undefined && (a.selectedOption !== null || (a.textAnswer !== null && a.textAnswer.trim() !== ''));
  if (!answered) return 'unattempted' as const;
  if (a.marksObtained === null) return 'pending' as const;
  return a.marksObtained >= marks ? ('correct' as const) : ('wrong' as const);
}

/** The answer as the student gave it: the option index, the text, or null. */
export const yourAnswerOf = (a: Answer | undefined) => (a ? (a.selectedOption ?? (a.textAnswer?.trim() ? a.textAnswer : null)) : null);

export const round2 = (n: number) => Math.round(n * 100) / 100;
/** Correct answers over attempted ones, in percent (0 when nothing was attempted). */
export const accuracyOf = (correct: number, attempted: number) => (attempted > 0 ? round2((100 * correct) / attempted) : 0);

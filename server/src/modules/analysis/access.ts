import { areResultsOut, areSolutionsReleased } from '@app/common/rules/publication';
import { and, eq } from 'drizzle-orm';
import { ANALYSIS_MESSAGES } from '@app/common/schemas/analysis';
import { writtenAnswer } from '@app/common/rules/marking';
import { round2 } from '@app/common/rules/rounding';
import { SUBMISSION_MESSAGES } from '@app/common/schemas/submissions';
import type { Ctx } from '../../context.ts';
import { mayReadSubmissionOf, type Scope } from '../../lib/record-scope.ts';
import { examAttempts, exams, submissions } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';

export type SubmissionRow = typeof submissions.$inferSelect;

/**
 * Who may read a submission's analysis or review: the owner or staff who evaluate (another student's is
 * 403, a missing one 404), and only once the exam's results are published (409 before: the marks are not
 * out yet).
 */
export function assertReadable(
  scope: Scope,
  row: { studentId: string; resultsPublished: boolean } | undefined,
  notPublished: string,
): asserts row is { studentId: string; resultsPublished: boolean } {
  if (!row) throw notFound(SUBMISSION_MESSAGES.notFound);
  // Staff who evaluate read any (docs/product-staff.md); a student their own (lib/record-scope.ts).
  if (!mayReadSubmissionOf(scope, row.studentId)) throw forbidden();
  if (!areResultsOut(row)) throw conflict(notPublished);
}

/** A submission and its exam for the review (assertReadable), once the exam releases its solutions. */
export async function loadReviewedSubmission(ctx: Ctx, scope: Scope, id: string) {
  const [row] = await ctx.db
    .select({ s: submissions, exam: exams })
    .from(submissions)
    .innerJoin(exams, eq(exams.id, submissions.examId))
    .where(eq(submissions.id, id));
  assertReadable(
    scope,
    row && { studentId: row.s.studentId, resultsPublished: row.exam.resultsPublished },
    ANALYSIS_MESSAGES.reviewNotPublished,
  );
  if (!areSolutionsReleased(row.exam)) throw conflict(ANALYSIS_MESSAGES.solutionsNever);
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
  const answered = a !== undefined && (a.selectedOption !== null || writtenAnswer(a.textAnswer) !== null);
  if (!answered) return 'unattempted' as const;
  if (a.marksObtained === null) return 'pending' as const;
  return a.marksObtained >= marks ? ('correct' as const) : ('wrong' as const);
}

/** The answer as the student gave it: the option index, the text, or null. */
export const yourAnswerOf = (a: Answer | undefined) => (a ? (a.selectedOption ?? writtenAnswer(a.textAnswer)) : null);

/** Correct answers over attempted ones, in percent (0 when nothing was attempted). */
export const accuracyOf = (correct: number, attempted: number) => (attempted > 0 ? round2((100 * correct) / attempted) : 0);

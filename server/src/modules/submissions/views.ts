import { gradeFor, percentageOf } from '@app/common/rules/grades';
import type { Score } from '@app/common/schemas/submissions';
import type { submissions } from '../../db/schema.ts';

export type SubmissionRow = typeof submissions.$inferSelect;

export function scoreOf(s: SubmissionRow): Score {
  const totalMarks = Number(s.totalMarks);
  const marksObtained = Number(s.marksObtained);
  return {
    marksObtained,
    totalMarks,
    percentage: percentageOf(marksObtained, totalMarks),
    correctAnswers: s.correctAnswers,
    incorrectAnswers: s.incorrectAnswers,
    unattempted: s.unattempted,
  };
}

/** A grade only once every answer has marks. */
export const gradeOf = (s: SubmissionRow): string | null => (s.status === 'EVALUATED' ? gradeFor(scoreOf(s).percentage) : null);

/**
 * What a student may see of their marks: only when the exam's results are published and the
 * submission is evaluated (SPEC.md section 4, "Result as seen by a student").
 */
export const isVisibleToStudent = (s: SubmissionRow, resultsPublished: boolean) => resultsPublished && s.status === 'EVALUATED';

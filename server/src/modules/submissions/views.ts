import { gradeFor, percentageOf } from '@app/common/rules/grades';
import type { Score, SubmissionAnswerDto } from '@app/common/schemas/submissions';
import type { submissions, users } from '../../db/schema.ts';
import { areMarksVisible } from '../attempts/status.ts';

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

/** Who reads a submission: an admin sees its marks at all times, its student only once published. */
export type Audience = { role: 'admin' } | { role: 'student'; resultsPublished: boolean };

type Marks<S> = {
  score: S;
  grade: string | null;
  isPassed: boolean | null;
  feedback: string | null;
  answers: SubmissionAnswerDto[];
};

/**
 * The marks of a submission as an audience may see them, the one place the publication rule lives:
 * a student sees score, grade, pass, feedback and each answer's marks only when the exam's results
 * are published and the submission is evaluated (docs/product.md section 4, the result as a student
 * sees it); before that each is null. An admin sees them always.
 */
export function marksView(s: SubmissionRow, audience: { role: 'admin' }): Marks<Score>;
export function marksView(s: SubmissionRow, audience: Audience): Marks<Score | null>;
export function marksView(s: SubmissionRow, audience: Audience): Marks<Score | null> {
  const visible = audience.role === 'admin' || areMarksVisible(audience.resultsPublished, s.status);
  const answers = s.answers.map((a) => ({
    questionId: a.questionId,
    selectedOption: a.selectedOption,
    textAnswer: a.textAnswer,
    marksObtained: visible ? a.marksObtained : null,
  }));
  if (!visible) return { score: null, grade: null, isPassed: null, feedback: null, answers };
  return { score: scoreOf(s), grade: gradeOf(s), isPassed: s.isPassed, feedback: s.feedback, answers };
}

/** The student a submission belongs to, as every submission answer names them. */
export const studentRefOf = (
  u: Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email' | 'courseInterest' | 'education'>,
) => ({
  _id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  courseInterest: u.courseInterest,
  education: u.education,
});

/** The fields every submission answer shares, whoever reads it. */
export const submissionBaseOf = (s: SubmissionRow) => ({
  _id: s.id,
  status: s.status,
  submittedAt: s.submittedAt.toISOString(),
  totalTimeTaken: s.totalTimeTaken,
  autoSubmitted: s.autoSubmitted,
});

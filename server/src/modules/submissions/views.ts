import { areMarksVisible } from '@app/common/rules/publication';
import { gradeFor, percentageOf } from '@app/common/rules/grades';
import type { AdminSubmissionRow, MySubmission, Score, SubmissionAnswerDto, SubmissionDetail } from '@app/common/schemas/submissions';
import type { questions, submissions } from '../../db/schema.ts';
import { courseRefOf, toQuestionAdmin, toQuestionStudent } from '../exams/dto.ts';
import type { SubmissionRead } from './read.ts';
import { accountEmail } from '../../lib/account-email.ts';

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
 * The marks of a submission as an audience may see them, by the publication rule (common/src/rules/publication.ts):
 * a student sees score, grade, pass, feedback and each answer's marks only once the exam's results are out
 * and the submission is evaluated; before that each is null. An admin sees them always.
 */
export function marksView(s: SubmissionRow, audience: { role: 'admin' }): Marks<Score>;
export function marksView(s: SubmissionRow, audience: Audience): Marks<Score | null>;
export function marksView(s: SubmissionRow, audience: Audience): Marks<Score | null> {
  const visible = audience.role === 'admin' || areMarksVisible(audience, s);
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
const studentRefOf = (u: SubmissionRead['student']) => ({
  _id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: accountEmail(u),
  courseInterest: u.courseInterest,
  education: u.education,
});

/** The fields every submission answer shares, whoever reads it. */
const submissionBaseOf = ({ s, student }: SubmissionRead) => ({
  _id: s.id,
  status: s.status,
  submittedAt: s.submittedAt.toISOString(),
  totalTimeTaken: s.totalTimeTaken,
  autoSubmitted: s.autoSubmitted,
  student: studentRefOf(student),
});

type QuestionRow = typeof questions.$inferSelect;

/** The exam as every submission answer names it, its questions as `toQuestion` shows them. */
const submissionExamOf = (exam: SubmissionRead['exam'], qs: QuestionRow[], toQuestion: typeof toQuestionStudent) => ({
  _id: exam.id,
  title: exam.title,
  description: exam.description,
  duration: exam.durationMinutes,
  totalMarks: Number(exam.totalMarks),
  resultsPublished: exam.resultsPublished,
  questions: qs.map((q) => toQuestion(q, Number(exam.negativeMarks))),
});

/** GET /api/submissions/my-submissions: the student's own, without the keys and, before publication, without marks. */
export const mySubmissionOf = (r: SubmissionRead, qs: QuestionRow[]): MySubmission => ({
  ...submissionBaseOf(r),
  exam: submissionExamOf(r.exam, qs, toQuestionStudent),
  ...marksView(r.s, { role: 'student', resultsPublished: r.exam.resultsPublished }),
});

/**
 * A submission as the admin list and the detail answer it, the exam's pass mark and course included: to an
 * admin with the keys and every mark, to its student as `marksView` allows.
 */
export function submissionDetailOf(r: SubmissionRead, qs: QuestionRow[], audience: { role: 'admin' }): AdminSubmissionRow;
export function submissionDetailOf(r: SubmissionRead, qs: QuestionRow[], audience: Audience): SubmissionDetail;
export function submissionDetailOf(r: SubmissionRead, qs: QuestionRow[], audience: Audience): SubmissionDetail {
  return {
    ...submissionBaseOf(r),
    exam: {
      ...submissionExamOf(r.exam, qs, audience.role === 'admin' ? toQuestionAdmin : toQuestionStudent),
      passingMarks: r.exam.passingMarks === null ? null : Number(r.exam.passingMarks),
      course: courseRefOf(r.exam.courseId, r.courseName),
    },
    ...marksView(r.s, audience),
    evaluatedAt: r.s.evaluatedAt?.toISOString() ?? null,
  };
}

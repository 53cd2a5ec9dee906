import { z } from 'zod';
import { SUBMISSION_SORT_KEYS, SUBMISSIONS_PAGE_SIZE } from '../constants.ts';
import { isStorableDate } from '../rules/dates.ts';
import { blankIsMissing, QUESTION_TYPES, RESULT_MODES } from './exams.ts';
import { courseRef } from './exam-views.ts';
import { blankAsMissing } from './fields.ts';
import { answersMap } from './exam-attempt.ts';

export const SUBMISSION_STATUSES = ['SUBMITTED', 'EVALUATED', 'PENDING'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const SUBMISSION_MESSAGES = {
  submitted: 'Exam submitted successfully',
  noAttempt: 'You have not started this exam. Please start it first.',
  attemptClosed: 'The time for this exam is over. Your saved answers were submitted.',
  alreadyAttempted: 'Already Attempted',
  notFound: 'Submission not found',
  evaluated: 'Submission evaluated successfully!',
  marksStep: 'Marks must be in steps of 0.5',
  marksRange: (max: number) => `Marks must be between 0 and ${max}`,
  notDescriptive: 'Only descriptive answers can be given marks',
  unknownQuestion: 'This question is not part of the exam',
  published: 'Results published successfully! Students can now view their scores.',
  unpublished: 'Results unpublished successfully. Students can no longer view their scores.',
  pendingEvaluation: (n: number) => `Cannot publish. ${n} submissions pending evaluation.`,
  noSubmissions: 'Cannot publish. There are no submissions for this exam yet.',
} as const;

const optionalTime = blankAsMissing(z.coerce.date({ error: 'Invalid time' }).refine(isStorableDate, 'Invalid time').optional());

/** POST /api/submissions (the exam screen's submission; docs/product.md section 7). */
export const submitBody = z.object({
  examId: z.uuid({ error: 'Exam not found' }),
  answers: answersMap.default({}),
  startTime: optionalTime,
  endTime: optionalTime,
});
export type SubmitBody = z.input<typeof submitBody>;

const resultFigures = {
  marksObtained: z.number(),
  totalMarks: z.number(),
  percentage: z.number(),
  correctAnswers: z.number().int(),
  incorrectAnswers: z.number().int(),
  unattempted: z.number().int(),
};

/**
 * The completion page's figures of a marked exam, by its result mode (docs/product-papers.md, Result mode):
 * a grade-mode exam adds its grade (common/src/rules/grades.ts) and pass; a ranked mock has neither, its rank
 * and percentile come once the results are published.
 */
export const resultSummarySchema = z.discriminatedUnion('resultMode', [
  z.object({ resultMode: z.literal('grade'), ...resultFigures, grade: z.string(), isPassed: z.boolean() }),
  z.object({ resultMode: z.literal('rank'), ...resultFigures }),
]);
export type ResultSummary = z.infer<typeof resultSummarySchema>;

/**
 * 201 answer of POST /api/submissions. `result` only for an exam of MCQ questions only
 * (the completion page, docs/product.md section 7); otherwise absent until published.
 */
export const submitResponse = z.object({
  message: z.string(),
  submission: z.object({
    _id: z.string(),
    exam: z.object({ _id: z.string(), title: z.string() }),
    status: z.enum(SUBMISSION_STATUSES),
    submittedAt: z.string(),
    totalTimeTaken: z.number().int(),
    autoSubmitted: z.boolean(),
  }),
  result: resultSummarySchema.optional(),
});
export type SubmitResponse = z.infer<typeof submitResponse>;

export const scoreSchema = z.object({
  marksObtained: z.number(),
  totalMarks: z.number(),
  percentage: z.number(),
  correctAnswers: z.number().int(),
  incorrectAnswers: z.number().int(),
  unattempted: z.number().int(),
});
export type Score = z.infer<typeof scoreSchema>;

/** GET /api/results/student item (docs/product.md section 7): marks fields null until the exam's results are published. */
export const studentResultSchema = z.object({
  _id: z.string(),
  exam: z.object({ _id: z.string(), title: z.string(), resultMode: z.enum(RESULT_MODES) }),
  resultsPublished: z.boolean(),
  /** Rank among the exam's candidates, their number and the percentile; null until published. */
  rank: z.number().int().nullable(),
  candidates: z.number().int().nullable(),
  percentile: z.number().nullable(),
  marksObtained: z.number().nullable(),
  totalMarks: z.number(),
  percentage: z.number().nullable(),
  grade: z.string().nullable(),
  isPassed: z.boolean().nullable(),
  correctAnswers: z.number().int().nullable(),
  incorrectAnswers: z.number().int().nullable(),
  unattempted: z.number().int().nullable(),
  feedback: z.string().nullable(),
  status: z.enum(SUBMISSION_STATUSES),
  submittedAt: z.string(),
});
export type StudentResult = z.infer<typeof studentResultSchema>;

export const submissionAnswerSchema = z.object({
  questionId: z.string(),
  selectedOption: z.number().int().nullable(),
  textAnswer: z.string().nullable(),
  marksObtained: z.number().nullable(),
});
export type SubmissionAnswerDto = z.infer<typeof submissionAnswerSchema>;

/** A question inside a submission: correctAnswer and explanation only for admins. */
export const submissionQuestionSchema = z.object({
  _id: z.string(),
  type: z.enum(QUESTION_TYPES),
  question: z.string(),
  options: z.array(z.string()),
  marks: z.number(),
  correctAnswer: z.number().int().optional(),
  explanation: z.string().optional(),
});

/** The student a submission belongs to. */
export const submissionStudentSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  courseInterest: z.string().nullable(),
  education: z.string().nullable(),
});

/** The exam of a submission as its student's list shows it. */
const submissionExamSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  duration: z.number(),
  totalMarks: z.number(),
  resultsPublished: z.boolean(),
  questions: z.array(submissionQuestionSchema),
});

/**
 * The family of submission answers, one base extended for each view. Every view carries the marks
 * fields; before publication a student gets score, grade, isPassed, feedback and each answer's
 * marksObtained as null (the server's marksView decides).
 */
const submissionBaseSchema = z.object({
  _id: z.string(),
  student: submissionStudentSchema,
  exam: submissionExamSchema,
  status: z.enum(SUBMISSION_STATUSES),
  submittedAt: z.string(),
  totalTimeTaken: z.number().int(),
  autoSubmitted: z.boolean(),
  score: scoreSchema.nullable(),
  grade: z.string().nullable(),
  isPassed: z.boolean().nullable(),
  feedback: z.string().nullable(),
  answers: z.array(submissionAnswerSchema),
});

/**
 * GET /api/submissions/my-submissions item, the Submission entity (docs/product.md section 3) with
 * the exam's questions as the student saw them.
 */
export const mySubmissionSchema = submissionBaseSchema;
export type MySubmission = z.infer<typeof mySubmissionSchema>;

/** GET /api/submissions/{id}: an admin reads any, a student only their own. */
export const submissionDetailSchema = submissionBaseSchema.extend({
  exam: submissionExamSchema.extend({ passingMarks: z.number().nullable(), course: courseRef.nullable() }),
  evaluatedAt: z.string().nullable(),
});
export type SubmissionDetail = z.infer<typeof submissionDetailSchema>;

export const SORT_ORDERS = ['asc', 'desc'] as const;

/** GET /api/submissions/admin/all query; all filtering, sorting and paging happen in SQL. */
export const adminSubmissionsQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).catch(SUBMISSIONS_PAGE_SIZE).default(SUBMISSIONS_PAGE_SIZE),
  examId: blankAsMissing(z.uuid({ error: 'Unknown exam' }).optional()),
  courseId: blankAsMissing(z.uuid({ error: 'Unknown course' }).optional()),
  status: blankAsMissing(z.enum(SUBMISSION_STATUSES).optional()),
  search: blankAsMissing(z.string().trim().max(200).optional()),
  sort: blankAsMissing(z.enum(SUBMISSION_SORT_KEYS).default('submittedAt')),
  /** Default: descending for submittedAt and score, ascending for the others. */
  order: blankAsMissing(z.enum(SORT_ORDERS).optional()),
});
export type AdminSubmissionsQuery = z.input<typeof adminSubmissionsQuery>;

/** One submission of the admin lists: the whole Submission entity, its score always there. */
export const adminSubmissionRowSchema = submissionDetailSchema.extend({ score: scoreSchema });
export type AdminSubmissionRow = z.infer<typeof adminSubmissionRowSchema>;

export const adminSubmissionsPage = z.object({
  submissions: z.array(adminSubmissionRowSchema),
  total: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminSubmissionsPage = z.infer<typeof adminSubmissionsPage>;

/**
 * GET /api/submissions/admin: the figures of the Exam Submissions page.
 * totals: the four tiles (Courses = courses that have submissions);
 * courses: Course Performance Overview (averagePercentage over evaluated submissions, null when none);
 * exams: Results Management, one row per exam that has submissions (canPublish when none pending).
 */
export const adminSubmissionStatsSchema = z.object({
  totals: z.object({
    total: z.number().int(),
    evaluated: z.number().int(),
    pending: z.number().int(),
    courses: z.number().int(),
  }),
  courses: z.array(
    z.object({
      course: courseRef.nullable(),
      submissions: z.number().int(),
      evaluated: z.number().int(),
      pending: z.number().int(),
      passed: z.number().int(),
      averagePercentage: z.number().nullable(),
    }),
  ),
  exams: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      course: courseRef.nullable(),
      submissions: z.number().int(),
      evaluated: z.number().int(),
      pending: z.number().int(),
      resultsPublished: z.boolean(),
      resultsPublishedAt: z.string().nullable(),
      canPublish: z.boolean(),
    }),
  ),
});
export type AdminSubmissionStats = z.infer<typeof adminSubmissionStatsSchema>;

/** PATCH /api/submissions/{id}/evaluate (docs/product.md section 5, "Evaluation"). */
export const evaluateBody = z.object({
  answers: z
    .array(
      z.object({
        questionId: z.uuid({ error: 'Unknown question' }),
        marksObtained: blankIsMissing(
          z.coerce
            .number({ error: 'Marks must be a number' })
            .min(0, 'Marks cannot be negative')
            .refine((v) => Number.isInteger(v * 2), SUBMISSION_MESSAGES.marksStep),
        ),
      }),
    )
    .max(500)
    .default([]),
  feedback: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(5_000, 'Feedback is too long').optional()),
});
export type EvaluateBody = z.input<typeof evaluateBody>;

export const evaluateResponse = z.object({ message: z.string(), submission: submissionDetailSchema });

export const publishResponse = z.object({
  message: z.string(),
  exam: z.object({ _id: z.string(), resultsPublished: z.boolean(), resultsPublishedAt: z.string().nullable() }),
});
export type PublishResponse = z.infer<typeof publishResponse>;

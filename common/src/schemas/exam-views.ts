import { z } from 'zod';
import { EXAM_STATUSES, practiceAttemptSchema, scheduleView } from './exam-schedule.ts';
import { QUESTION_TYPES, RESULT_MODES, SOLUTIONS_RELEASES } from './exams.ts';
import { objectionWindowView } from './regrade.ts';

// An exam as the API answers it: to an admin (with the key), to a student taking it (without), and in the
// lists (docs/product.md sections 3 and 5). What an admin sends is in exams.ts.

export const courseRef = z.object({ _id: z.string(), name: z.string() });

/** A question as an admin sees it; a descriptive question has `options: []` and no correctAnswer. */
/** Where a question sits in the paper and the penalty that applies to it. */
const paperPlace = {
  section: z.string().nullable(),
  passage: z.string().nullable(),
  negativeMarks: z.number(),
};

export const sectionViewSchema = z.object({
  _id: z.string(),
  title: z.string(),
  instructions: z.string().nullable(),
  passages: z.array(z.object({ _id: z.string(), body: z.string() })),
});
export type SectionView = z.infer<typeof sectionViewSchema>;

export const questionAdminSchema = z.object({
  _id: z.string(),
  type: z.enum(QUESTION_TYPES),
  question: z.string(),
  options: z.array(z.string()),
  correctAnswer: z.number().int().optional(),
  marks: z.number(),
  explanation: z.string().optional(),
  ...paperPlace,
});
export type QuestionAdmin = z.infer<typeof questionAdminSchema>;

/** A question as a student sees it while taking the exam: never the answer or the explanation. */
export const questionStudentSchema = z.object({
  _id: z.string(),
  type: z.enum(QUESTION_TYPES),
  question: z.string(),
  options: z.array(z.string()),
  marks: z.number(),
  ...paperPlace,
});
export type QuestionStudent = z.infer<typeof questionStudentSchema>;

const examBase = {
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  course: courseRef.nullable(),
  duration: z.number(),
  totalMarks: z.number(),
  /** Null only for a ranked mock without a pass mark. */
  passingMarks: z.number().nullable(),
  negativeMarks: z.number(),
  resultMode: z.enum(RESULT_MODES),
  tieBreakSection: z.string().nullable(),
  solutionsRelease: z.enum(SOLUTIONS_RELEASES),
  instructions: z.array(z.string()),
  questionsCount: z.number().int(),
  totalQuestions: z.number().int(),
  ...scheduleView,
};

/** The Exam entity's state fields (docs/product.md section 3), in every view of an exam. */
const examState = {
  isActive: z.boolean(),
  resultsPublished: z.boolean(),
  resultsPublishedAt: z.string().nullable(),
  createdAt: z.string(),
};

/** GET /api/exams item. Admins also get isActive/results state and submission counts. */
export const examListItemSchema = z.object({
  ...examBase,
  ...examState,
  /** Admin only: all submissions, evaluated ones, not yet evaluated ones, attempts in progress. */
  submissionsCount: z.number().int().optional(),
  evaluatedCount: z.number().int().optional(),
  pendingCount: z.number().int().optional(),
  inProgressCount: z.number().int().optional(),
});
export type ExamListItem = z.infer<typeof examListItemSchema>;

/** GET /api/exams/{examId} for an admin: questions with answers; `questionsLocked` when submissions or open attempts exist. */
export const examAdminSchema = examListItemSchema.extend({
  submissionsCount: z.number().int(),
  evaluatedCount: z.number().int(),
  pendingCount: z.number().int(),
  inProgressCount: z.number().int(),
  questionsLocked: z.boolean(),
  /** When students may object to the answer key (docs/product-regrade.md); null: no window. */
  objectionWindow: objectionWindowView.nullable().optional(),
  sections: z.array(sectionViewSchema),
  questions: z.array(questionAdminSchema),
});
export type ExamAdmin = z.infer<typeof examAdminSchema>;

export const ATTEMPT_STATUSES = ['not_started', 'in_progress', 'submitted'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** GET /api/exams/{examId} for a student (active exams only). */
export const examStudentSchema = z.object({
  ...examBase,
  ...examState,
  attemptStatus: z.enum(ATTEMPT_STATUSES),
  sections: z.array(sectionViewSchema),
  questions: z.array(questionStudentSchema),
});
export type ExamStudent = z.infer<typeof examStudentSchema>;

export const examDetailSchema = z.union([examAdminSchema, examStudentSchema]);

/** GET /api/exams/student/available item. */
export const availableExamSchema = z.object({
  ...examBase,
  ...examState,
  attempted: z.boolean(),
  attemptStatus: z.enum(ATTEMPT_STATUSES),
  /** While in progress: when the attempt ends (ISO). */
  deadline: z.string().nullable(),
  /** While in progress: seconds left by the server's clock (the dashboard's Resume Exam shows it). */
  remainingSeconds: z.number().int().nullable(),
  submittedAt: z.string().nullable(),
  /** Where the exam stands for the caller: upcoming, open, in_progress, submitted or missed. */
  status: z.enum(EXAM_STATUSES),
  /** Practice exams: the caller's submitted attempts, latest first. */
  attempts: z.array(practiceAttemptSchema),
  /** Practice exams: whether another attempt may be started now. */
  canAttemptAgain: z.boolean(),
});
export type AvailableExam = z.infer<typeof availableExamSchema>;

export const examIdParams = z.object({ examId: z.uuid({ error: 'Exam not found' }) });

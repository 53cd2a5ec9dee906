import { z } from 'zod';
import { EXAM_DEFAULTS, MCQ_OPTION_SLOTS, NEW_QUESTION_MARKS } from '../constants.ts';

export const QUESTION_TYPES = ['mcq', 'descriptive'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Longest descriptive answer the server keeps (characters). */
export const MAX_TEXT_ANSWER = 20_000;

export const EXAM_MESSAGES = {
  questionRequired: 'Please enter a question',
  mcqOptions: 'Please provide at least 2 options for MCQ',
  correctAnswer: 'Please select the correct answer',
  marksMin: 'Marks must be at least 1',
  passingOverTotal: 'Passing marks cannot be more than total marks',
  totalMismatch: (totalMarks: number, sum: number) => `Total marks (${totalMarks}) must equal the sum of the question marks (${sum})`,
  questionsLocked:
    'This exam already has submissions or exams in progress: its questions, options, correct answers and marks can no longer be changed.',
  deleteWithSubmissions: (n: number) =>
    `This exam has ${n} submission${n === 1 ? '' : 's'} and cannot be deleted. Deactivate it instead to keep the students' marks.`,
  deleteInProgress: 'Students are taking this exam right now, so it cannot be deleted. Deactivate it instead.',
  notFound: 'Exam not found',
  notAvailable: 'This exam is not available',
  alreadyAttempted: 'Already Attempted',
  deleted: 'Exam deleted successfully',
} as const;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * A required number: blank text or null fails with the schema's own "required" message instead of
 * being coerced to 0 (Number('') is 0, which would pass as passing marks of 0).
 */
export const blankIsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? Number.NaN : v), schema);

/**
 * One question of the exam form (SPEC.md section 5, "Adding a question").
 * `correctAnswer` is the index in the `options` sent; blank options are dropped and the index is
 * moved to the kept list, so a form with 4 slots can send its slots as they are.
 * `_id` keeps a question's identity on edits.
 */
export const questionInput = z
  .object({
    _id: z.uuid().optional().catch(undefined),
    type: z.enum(QUESTION_TYPES, { error: 'Question type must be mcq or descriptive' }).default('mcq'),
    question: z.string({ error: EXAM_MESSAGES.questionRequired }).trim().min(1, EXAM_MESSAGES.questionRequired).max(10_000),
    options: z
      .array(z.string({ error: 'Options must be text' }).max(2_000, 'An option is too long'), { error: 'Options must be a list' })
      .max(MCQ_OPTION_SLOTS, `At most ${MCQ_OPTION_SLOTS} options`)
      .default([]),
    correctAnswer: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: EXAM_MESSAGES.correctAnswer })
        .int(EXAM_MESSAGES.correctAnswer)
        .min(0, EXAM_MESSAGES.correctAnswer)
        .optional(),
    ),
    marks: z.coerce
      .number({ error: EXAM_MESSAGES.marksMin })
      .min(NEW_QUESTION_MARKS, EXAM_MESSAGES.marksMin)
      .max(1_000, 'Marks are too large')
      .default(NEW_QUESTION_MARKS),
    explanation: z.string().trim().max(10_000).optional().nullable(),
  })
  .transform((q, ctx) => {
    if (q.type === 'descriptive') {
      return {
        _id: q._id,
        type: q.type,
        question: q.question,
        options: [] as string[],
        correctAnswer: null,
        marks: q.marks,
        explanation: q.explanation || null,
      };
    }
    const kept: string[] = [];
    let correct: number | null = null;
    q.options.forEach((o, i) => {
      const text = o.trim();
      if (!text) return;
      if (i === q.correctAnswer) correct = kept.length;
      kept.push(text);
    });
    if (kept.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: EXAM_MESSAGES.mcqOptions });
      return z.NEVER;
    }
    if (correct === null) {
      ctx.addIssue({ code: 'custom', path: ['correctAnswer'], message: EXAM_MESSAGES.correctAnswer });
      return z.NEVER;
    }
    return {
      _id: q._id,
      type: q.type,
      question: q.question,
      options: kept,
      correctAnswer: correct as number,
      marks: q.marks,
      explanation: q.explanation || null,
    };
  });
export type QuestionInput = z.input<typeof questionInput>;
export type QuestionData = z.output<typeof questionInput>;

const examFields = {
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title is too long'),
  description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(5_000),
  course: z.uuid({ error: 'Please select a course' }),
  // An absent field takes the spec's default (SPEC.md section 9); a field sent blank is missing, not 0.
  duration: blankIsMissing(
    z.coerce
      .number({ error: 'Duration is required' })
      .int('Duration must be whole minutes')
      .min(1, 'Duration must be at least 1 minute')
      .max(1_440, 'Duration cannot exceed 24 hours'),
  ).default(EXAM_DEFAULTS.duration),
  totalMarks: blankIsMissing(
    z.coerce
      .number({ error: 'Total marks are required' })
      .min(1, 'Total marks must be at least 1')
      .max(100_000, 'Total marks are too large'),
  ).default(EXAM_DEFAULTS.totalMarks),
  passingMarks: blankIsMissing(z.coerce.number({ error: 'Passing marks are required' }).min(0, 'Passing marks cannot be negative')).default(
    EXAM_DEFAULTS.passingMarks,
  ),
  instructions: z
    .array(z.string().max(2_000, 'An instruction is too long'))
    .max(50)
    .default([])
    .transform((list) => list.map((s) => s.trim()).filter((s) => s.length > 0)),
  isActive: z.boolean().optional(),
  questions: z.array(questionInput).max(500, 'At most 500 questions').default([]),
};

/** POST /api/exams and the full form of PATCH /api/exams/{id} (SPEC.md section 5, "Exam form"). */
export const examBody = z.object(examFields).superRefine((v, ctx) => {
  if (v.passingMarks > v.totalMarks) {
    ctx.addIssue({ code: 'custom', path: ['passingMarks'], message: EXAM_MESSAGES.passingOverTotal });
  }
  // Refinements may run beside other issues: only sum questions that parsed.
  if (v.questions.length > 0 && v.questions.every((q) => typeof q?.marks === 'number')) {
    const sum = Math.round(v.questions.reduce((s, q) => s + q.marks, 0) * 100) / 100;
    if (sum !== v.totalMarks) {
      ctx.addIssue({ code: 'custom', path: ['totalMarks'], message: EXAM_MESSAGES.totalMismatch(v.totalMarks, sum) });
    }
  }
});
export type ExamBody = z.input<typeof examBody>;
export type ExamData = z.output<typeof examBody>;

/** PATCH /api/exams/{id} with only `{ isActive }` (Activate/Deactivate). */
export const examStatusBody = z.strictObject({ isActive: z.boolean({ error: 'isActive must be true or false' }) });

const EXAM_FORM_KEYS = Object.keys(examFields).filter((k) => k !== 'isActive');

/**
 * PATCH /api/exams/{id}: the full form, or `{ isActive }` alone. A body without any form field is the
 * status toggle, its other keys ignored like every unknown key (DESIGN.md section 4).
 */
export const examPatchBody = z.preprocess(
  (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    if (EXAM_FORM_KEYS.some((k) => k in v)) return v;
    return { isActive: (v as { isActive?: unknown }).isActive };
  },
  z.union([examStatusBody, examBody]),
);
export type ExamPatchBody = ExamBody | z.input<typeof examStatusBody>;

export const courseRef = z.object({ _id: z.string(), name: z.string() });

/** A question as an admin sees it; a descriptive question has `options: []` and no correctAnswer. */
export const questionAdminSchema = z.object({
  _id: z.string(),
  type: z.enum(QUESTION_TYPES),
  question: z.string(),
  options: z.array(z.string()),
  correctAnswer: z.number().int().optional(),
  marks: z.number(),
  explanation: z.string().optional(),
});
export type QuestionAdmin = z.infer<typeof questionAdminSchema>;

/** A question as a student sees it while taking the exam: never the answer or the explanation. */
export const questionStudentSchema = z.object({
  _id: z.string(),
  type: z.enum(QUESTION_TYPES),
  question: z.string(),
  options: z.array(z.string()),
  marks: z.number(),
});
export type QuestionStudent = z.infer<typeof questionStudentSchema>;

const examBase = {
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  course: courseRef.nullable(),
  duration: z.number(),
  totalMarks: z.number(),
  passingMarks: z.number(),
  instructions: z.array(z.string()),
  questionsCount: z.number().int(),
  totalQuestions: z.number().int(),
};

/** The Exam entity's state fields (SPEC.md section 3), in every view of an exam. */
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
});
export type AvailableExam = z.infer<typeof availableExamSchema>;

export const examIdParams = z.object({ examId: z.uuid({ error: 'Exam not found' }) });

/** A saved answer: MCQ option index, descriptive text, or null when cleared (SPEC.md section 3). */
export const answerValue = z.union([
  z.number().int('An option must be a whole number').min(0, 'Invalid option'),
  z.string().max(MAX_TEXT_ANSWER, `An answer can be at most ${MAX_TEXT_ANSWER} characters`),
  z.null(),
]);
export const answersMap = z.record(z.string(), answerValue);
export type AnswersMap = z.infer<typeof answersMap>;

/** POST /api/exams/{examId}/attempt: starts or resumes; the server's clock decides the time left. */
export const attemptSchema = z.object({
  startedAt: z.string(),
  deadline: z.string(),
  serverNow: z.string(),
  remainingSeconds: z.number().int(),
  answers: answersMap,
  savedAt: z.string().nullable(),
});
export type Attempt = z.infer<typeof attemptSchema>;

/** PUT /api/exams/{examId}/attempt/answers: merged into what is saved. */
export const saveAnswersBody = z.object({ answers: answersMap });
export type SaveAnswersBody = z.infer<typeof saveAnswersBody>;
export const saveAnswersResponse = z.object({ savedAt: z.string(), serverNow: z.string(), remainingSeconds: z.number().int() });
export type SaveAnswersResponse = z.infer<typeof saveAnswersResponse>;

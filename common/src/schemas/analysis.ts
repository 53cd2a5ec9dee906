import { z } from 'zod';
import { QUESTION_TYPES } from './exams.ts';
import { sectionViewSchema } from './exam-views.ts';

export const ANALYSIS_MESSAGES = {
  notPublished: 'The analysis opens when the results of this exam are published',
  reviewNotPublished: 'The solutions open when the results of this exam are published',
  solutionsNever: 'The solutions of this exam are not released',
  bookmarkQuestion: 'Only a question of an exam you have submitted can be bookmarked',
  bookmarkNote: 'A note can be at most 1,000 characters',
  bookmarkNotFound: 'This question is not bookmarked',
  bookmarked: 'Question bookmarked',
  bookmarkRemoved: 'Bookmark removed',
} as const;

/** How a question went for a candidate: full marks, fewer, no answer, or marks not given yet. */
export const QUESTION_STATUSES = ['correct', 'wrong', 'unattempted', 'pending'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

export const analysisSectionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  score: z.number(),
  max: z.number(),
  attempted: z.number().int(),
  correct: z.number().int(),
  wrong: z.number().int(),
  accuracy: z.number(),
  timeSpent: z.number().int(),
  average: z.number(),
  topper: z.number(),
});

export const trendPointSchema = z.object({
  examId: z.string(),
  title: z.string(),
  submittedAt: z.string(),
  score: z.number(),
  totalMarks: z.number(),
  percentile: z.number().nullable(),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

/** GET /api/submissions/{id}/analysis (docs/product-results.md). */
export const analysisSchema = z.object({
  examId: z.string(),
  title: z.string(),
  resultMode: z.enum(['grade', 'rank']),
  score: z.number(),
  totalMarks: z.number(),
  percentage: z.number(),
  rank: z.number().int().nullable(),
  candidates: z.number().int().nullable(),
  percentile: z.number().nullable(),
  accuracy: z.number(),
  timeSpent: z.number().int(),
  sections: z.array(analysisSectionSchema),
  questions: z.array(
    z.object({
      _id: z.string(),
      section: z.string().nullable(),
      status: z.enum(QUESTION_STATUSES),
      marksObtained: z.number().nullable(),
      timeSpent: z.number().int(),
      percentCorrect: z.number(),
    }),
  ),
  comparison: z.object({ average: z.number(), topper: z.number(), top10Average: z.number() }),
  trend: z.array(trendPointSchema),
});
export type Analysis = z.infer<typeof analysisSchema>;

/** One question with its solution, as the review and the revision list show it. */
export const solvedQuestionSchema = z.object({
  _id: z.string(),
  type: z.enum(QUESTION_TYPES),
  section: z.string().nullable(),
  passage: z.string().nullable(),
  question: z.string(),
  options: z.array(z.string()),
  marks: z.number(),
  yourAnswer: z.union([z.number().int(), z.string()]).nullable(),
  correctAnswer: z.number().int().nullable(),
  marksObtained: z.number().nullable(),
  explanation: z.string().nullable(),
  status: z.enum(QUESTION_STATUSES),
  markedForReview: z.boolean(),
  bookmarked: z.boolean(),
  /** The regrade's decision on the key (docs/product-regrade.md), when it is not keep. */
  keyDecision: z
    .object({
      action: z.enum(['changeKey', 'acceptAny', 'drop']),
      acceptedAnswers: z.array(z.number().int()).nullable(),
      dropMode: z.enum(['awardAll', 'removeFromTotal']).nullable(),
    })
    .nullable()
    .optional(),
});
export type SolvedQuestion = z.infer<typeof solvedQuestionSchema>;

/** GET /api/submissions/{id}/review: the passages' bodies are in `sections`. */
export const reviewSchema = z.object({
  examId: z.string(),
  title: z.string(),
  sections: z.array(sectionViewSchema),
  questions: z.array(solvedQuestionSchema),
});
export type Review = z.infer<typeof reviewSchema>;

export const bookmarkBody = z.object({
  questionId: z.uuid({ error: ANALYSIS_MESSAGES.bookmarkQuestion }),
  note: z
    .string({ error: ANALYSIS_MESSAGES.bookmarkNote })
    .trim()
    .max(1_000, ANALYSIS_MESSAGES.bookmarkNote)
    .nullish()
    .transform((v) => v || null),
});
export type BookmarkBody = z.input<typeof bookmarkBody>;

export const questionIdParams = z.object({ questionId: z.uuid({ error: ANALYSIS_MESSAGES.bookmarkNotFound }) });

/** A bookmark with its question; the solution fields are null until the exam releases them. */
export const bookmarkSchema = z.object({
  questionId: z.string(),
  /** The question's number in its mock (1 for the paper's first), as the solutions number it. */
  number: z.number().int(),
  note: z.string().nullable(),
  createdAt: z.string(),
  exam: z.object({ _id: z.string(), title: z.string() }),
  submissionId: z.string(),
  section: z.object({ _id: z.string(), title: z.string() }).nullable(),
  passage: z.string().nullable(),
  question: z.string(),
  options: z.array(z.string()),
  yourAnswer: z.union([z.number().int(), z.string()]).nullable(),
  correctAnswer: z.number().int().nullable(),
  marksObtained: z.number().nullable(),
  explanation: z.string().nullable(),
  solutionReleased: z.boolean(),
});
export type Bookmark = z.infer<typeof bookmarkSchema>;

export const bookmarkSaved = z.object({ message: z.string(), bookmark: bookmarkSchema });

/** GET /api/exams/{id}/merit-list (JSON). */
export const meritListQuery = z.object({
  centre: z.string().trim().max(100).optional(),
  format: z.enum(['json', 'csv', 'pdf'], { error: 'Format must be json, csv or pdf' }).optional(),
});
export const meritRowSchema = z.object({
  rank: z.number().int(),
  name: z.string(),
  registrationNumber: z.string().nullable(),
  centre: z.string().nullable(),
  marksObtained: z.number(),
  percentile: z.number(),
  sections: z.array(z.object({ title: z.string(), score: z.number() })),
});
export type MeritRow = z.infer<typeof meritRowSchema>;
export const meritListSchema = z.object({
  exam: z.object({ _id: z.string(), title: z.string(), totalMarks: z.number(), resultsPublished: z.boolean() }),
  candidates: z.number().int(),
  centres: z.array(z.object({ id: z.string(), name: z.string() })),
  rows: z.array(meritRowSchema),
});
export type MeritList = z.infer<typeof meritListSchema>;

/** GET /api/exams/{id}/item-analysis. */
export const itemAnalysisSchema = z.object({
  exam: z.object({ _id: z.string(), title: z.string() }),
  candidates: z.number().int(),
  questions: z.array(
    z.object({
      _id: z.string(),
      number: z.number().int(),
      section: z.string().nullable(),
      type: z.enum(QUESTION_TYPES),
      question: z.string(),
      correctAnswer: z.number().int().nullable(),
      percentCorrect: z.number(),
      /** How many candidates chose each option, in option order (empty for a descriptive question). */
      optionCounts: z.array(z.number().int()),
      unattempted: z.number().int(),
      discrimination: z.number(),
      /** Most strong candidates got it wrong: the key may be wrong. */
      likelyKeyError: z.boolean(),
    }),
  ),
});
export type ItemAnalysis = z.infer<typeof itemAnalysisSchema>;

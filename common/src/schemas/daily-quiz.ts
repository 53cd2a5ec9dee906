import { z } from 'zod';
import { audienceInput } from './exam-schedule.ts';
import { EXAM_MESSAGES, penalty, questionInput } from './exams.ts';

// The daily quiz (docs/product-daily-quiz.md): a short MCQ quiz for one day in India, its submission,
// the streak and the leaderboard. Its questions are an exam's MCQ questions (exams.ts, questionInput),
// written inline or copied from the question bank when the quiz is made.

export const DAILY_QUIZ_LIMITS = { questions: 30, title: 200 } as const;
/** Before this hour of the day in India, today's quiz is not shown yet. */
export const DAILY_QUIZ_OPENS_HOUR_IST = 6;
export const LEADERBOARD_TOP = 10;

export const DAILY_QUIZ_MSG = {
  notFound: 'Daily quiz not found',
  noneToday: 'There is no daily quiz for you today yet',
  notToday: 'This quiz is not open today',
  alreadyTaken: 'You have already taken this quiz',
  date: 'Date must be a day as YYYY-MM-DD',
  audience: 'Choose an audience (courses, batches or centres) or open the quiz to all',
  onlyMcq: 'A daily quiz has multiple-choice questions only',
  questions: 'A daily quiz needs at least one question',
  tooManyQuestions: `At most ${DAILY_QUIZ_LIMITS.questions} questions`,
  unknownBankQuestion: 'This question is not in the question bank',
  locked: 'Students have taken this quiz: its questions can no longer be changed',
  deleted: 'Daily quiz deleted',
  answers: 'Answers must map question ids to option numbers',
} as const;

// Four-digit years a database date holds and a quiz can mean: year 0000 is no day PostgreSQL stores.
const day = z.iso.date({ error: DAILY_QUIZ_MSG.date }).refine((d) => d >= '2000-01-01' && d <= '2999-12-31', DAILY_QUIZ_MSG.date);

/** One question: written inline (an exam's MCQ question) or `{ bankQuestionId }`, copied at creation. */
export const dailyQuizQuestionInput = z.union([
  z.object({ bankQuestionId: z.uuid({ error: DAILY_QUIZ_MSG.unknownBankQuestion }) }).strict(),
  questionInput.refine((q) => q.type === 'mcq', { message: DAILY_QUIZ_MSG.onlyMcq, path: ['type'] }),
]);
export type DailyQuizQuestionInput = z.output<typeof dailyQuizQuestionInput>;

const quizFields = {
  date: day,
  title: z.string().trim().max(DAILY_QUIZ_LIMITS.title).optional(),
  audience: audienceInput.optional(),
  openToAll: z.boolean({ error: 'openToAll must be true or false' }).optional(),
  negativeMarks: penalty(EXAM_MESSAGES.negativeMarks).optional(),
  questions: z
    .array(dailyQuizQuestionInput, { error: DAILY_QUIZ_MSG.questions })
    .min(1, DAILY_QUIZ_MSG.questions)
    .max(DAILY_QUIZ_LIMITS.questions, DAILY_QUIZ_MSG.tooManyQuestions),
};

const hasAudience = (v: { audience?: { courses: string[]; batches: string[]; centres: string[] }; openToAll?: boolean }) =>
  v.openToAll === true ||
  (v.audience !== undefined && v.audience.courses.length + v.audience.batches.length + v.audience.centres.length > 0);

export const dailyQuizCreateBody = z.object(quizFields).refine(hasAudience, { message: DAILY_QUIZ_MSG.audience, path: ['audience'] });
export type DailyQuizCreateInput = z.input<typeof dailyQuizCreateBody>;
export type DailyQuizCreateData = z.output<typeof dailyQuizCreateBody>;

/** An edit: what is sent replaces what the quiz has; the audience, when sent, must still name someone. */
export const dailyQuizUpdateBody = z
  .object({
    date: quizFields.date.optional(),
    title: quizFields.title,
    audience: quizFields.audience,
    openToAll: quizFields.openToAll,
    negativeMarks: quizFields.negativeMarks,
    questions: quizFields.questions.optional(),
  })
  .refine((v) => (v.audience === undefined && v.openToAll === undefined) || hasAudience(v), {
    message: DAILY_QUIZ_MSG.audience,
    path: ['audience'],
  });
export type DailyQuizUpdateData = z.output<typeof dailyQuizUpdateBody>;

export const dailyQuizIdParams = z.object({ id: z.uuid({ error: DAILY_QUIZ_MSG.notFound }) });

/** A question as stored and as staff read it (with its key). */
export const dailyQuizQuestion = z.object({
  _id: z.string(),
  question: z.string(),
  options: z.array(z.string()),
  correctAnswer: z.number(),
  marks: z.number(),
  negativeMarks: z.number().nullable(),
  explanation: z.string().nullable(),
});
export type DailyQuizQuestion = z.infer<typeof dailyQuizQuestion>;

export const dailyQuizStaff = z.object({
  _id: z.string(),
  date: z.string(),
  title: z.string(),
  audience: z.object({ courses: z.array(z.string()), batches: z.array(z.string()), centres: z.array(z.string()) }),
  openToAll: z.boolean(),
  negativeMarks: z.number(),
  questions: z.array(dailyQuizQuestion),
  submissions: z.number(),
});
export type DailyQuizStaff = z.infer<typeof dailyQuizStaff>;
export const dailyQuizListQuery = z.object({ from: day.optional(), to: day.optional() });
export const dailyQuizListResponse = z.array(dailyQuizStaff);
export const dailyQuizDeleteResponse = z.object({ message: z.string() });

export const dailyQuizSubmitBody = z.object({
  answers: z
    .record(z.string().max(100), z.number().int().min(0).max(20).nullable(), { error: DAILY_QUIZ_MSG.answers })
    .refine((a) => Object.keys(a).length <= DAILY_QUIZ_LIMITS.questions * 2, DAILY_QUIZ_MSG.answers)
    // None sent: every question unattempted, as a blank sheet handed in.
    .default({}),
  /** Seconds the student took, as the page measured it. */
  timeTaken: z.number().int().min(0).max(86_400).optional(),
});

export const dailyQuizResult = z.object({
  score: z.number(),
  maxScore: z.number(),
  correct: z.number(),
  wrong: z.number(),
  unattempted: z.number(),
  timeTaken: z.number().nullable(),
  questions: z.array(
    z.object({
      _id: z.string(),
      selected: z.number().nullable(),
      correctAnswer: z.number(),
      explanation: z.string().nullable(),
      outcome: z.enum(['correct', 'wrong', 'unattempted']),
    }),
  ),
});
export type DailyQuizResult = z.infer<typeof dailyQuizResult>;

/** Today's quiz as a student sees it: no keys, no explanations, until they have submitted (then `result`). */
export const dailyQuizToday = z.object({
  _id: z.string(),
  date: z.string(),
  title: z.string(),
  negativeMarks: z.number(),
  questions: z.array(z.object({ _id: z.string(), question: z.string(), options: z.array(z.string()), marks: z.number() })),
  result: dailyQuizResult.nullable(),
});
export type DailyQuizToday = z.infer<typeof dailyQuizToday>;

export const LEADERBOARD_SCOPES = ['batch', 'centre'] as const;
export const LEADERBOARD_PERIODS = ['week', 'month'] as const;
export const leaderboardQuery = z.object({
  scope: z.enum(LEADERBOARD_SCOPES, { error: 'scope must be batch or centre' }).default('batch'),
  period: z.enum(LEADERBOARD_PERIODS, { error: 'period must be week or month' }).default('week'),
});
export const leaderboardRow = z.object({ rank: z.number(), name: z.string(), score: z.number(), timeTaken: z.number(), me: z.boolean() });
export const leaderboardResponse = z.object({
  from: z.string(),
  to: z.string(),
  top: z.array(leaderboardRow),
  /** The student's own place; rank null when they took no quiz in the period (or have no batch or centre). */
  me: z.object({ rank: z.number().nullable(), score: z.number(), timeTaken: z.number() }),
});
export type Leaderboard = z.infer<typeof leaderboardResponse>;

export const streakResponse = z.object({ current: z.number(), longest: z.number(), takenToday: z.boolean() });
export type Streak = z.infer<typeof streakResponse>;

import { hasTwoDecimals, round2 } from '../rules/rounding.ts';
import { z } from 'zod';
import { EXAM_DEFAULTS, MCQ_OPTION_SLOTS, NEW_QUESTION_MARKS } from '../constants.ts';
import { blankAsMissing, isBlank } from './fields.ts';
import { refineSchedule, SCHEDULE_KEYS, scheduleBody, scheduleFields } from './exam-schedule.ts';
import { type ObjectionWindowData, objectionWindowInput } from './regrade.ts';

export const QUESTION_TYPES = ['mcq', 'descriptive'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Longest descriptive answer the server keeps (characters). */
export const MAX_TEXT_ANSWER = 20_000;

/** The largest paper an admin can author (docs/product.md section 5). */
export const PAPER_LIMITS = { sections: 20, passages: 100, questions: 500, passageChars: 20_000 } as const;

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
  negativeMarks: 'Negative marks must be a number from 0 to 100',
  questionNegativeMarks: "A question's negative marks must be a number from 0 to 100",
  resultMode: 'Result mode must be grade or rank',
  tieBreakSection: "The tie-break section must be the title of one of the paper's sections",
  solutionsRelease: 'Solutions must be released with the results or never',
  sectionsAndQuestions: 'Send the questions inside sections or as a flat list, not both',
  sectionTitle: 'Every section needs a title',
  tooManySections: `At most ${PAPER_LIMITS.sections} sections`,
  tooManyPassages: `At most ${PAPER_LIMITS.passages} passages in a paper`,
  tooManyQuestions: `At most ${PAPER_LIMITS.questions} questions in a paper`,
  passageBody: 'A passage needs its text',
  passageTooLong: `A passage can be at most ${PAPER_LIMITS.passageChars.toLocaleString('en-US')} characters`,
  passageQuestions: 'A passage needs at least one question',
} as const;

export const RESULT_MODES = ['grade', 'rank'] as const;
export type ResultMode = (typeof RESULT_MODES)[number];

/** When a student may read the solutions of a paper: with the published results (default), or never. */
export const SOLUTIONS_RELEASES = ['with_results', 'never'] as const;
export type SolutionsRelease = (typeof SOLUTIONS_RELEASES)[number];

/** Marks deducted for a wrong answer: 0 to 100, two decimals at most. */
export const penalty = (message: string) =>
  z.coerce
    .number({ error: message })
    .min(0, message)
    .max(100, message)
    .refine(hasTwoDecimals, { message: `${message} (two decimals at most)` });

/**
 * A required number: blank text or null fails with the schema's own "required" message instead of
 * being coerced to 0 (Number('') is 0, which would pass as passing marks of 0).
 */
export const blankIsMissing = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (isBlank(v) ? Number.NaN : v), schema);

/**
 * One question of the exam form (docs/product.md section 5, "Adding a question").
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
    correctAnswer: blankAsMissing(
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
    /** This question's own penalty for a wrong answer; absent or null: the exam's. */
    negativeMarks: blankAsMissing(penalty(EXAM_MESSAGES.questionNegativeMarks).optional()),
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
        negativeMarks: q.negativeMarks ?? null,
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
      negativeMarks: q.negativeMarks ?? null,
      explanation: q.explanation || null,
    };
  });
export type QuestionInput = z.input<typeof questionInput>;
export type QuestionData = z.output<typeof questionInput>;

export const passageInput = z.object({
  _id: z.uuid().optional().catch(undefined),
  body: z
    .string({ error: EXAM_MESSAGES.passageBody })
    .trim()
    .min(1, EXAM_MESSAGES.passageBody)
    .max(PAPER_LIMITS.passageChars, EXAM_MESSAGES.passageTooLong),
  questions: z
    .array(questionInput, { error: EXAM_MESSAGES.passageQuestions })
    .min(1, EXAM_MESSAGES.passageQuestions)
    .max(PAPER_LIMITS.questions, EXAM_MESSAGES.tooManyQuestions),
});

export const sectionInput = z.object({
  _id: z.uuid().optional().catch(undefined),
  title: z.string({ error: EXAM_MESSAGES.sectionTitle }).trim().min(1, EXAM_MESSAGES.sectionTitle).max(200, 'A section title is too long'),
  instructions: z
    .string()
    .trim()
    .max(5_000, "A section's instructions are too long")
    .nullish()
    .transform((v) => v || null),
  passages: z.array(passageInput).max(PAPER_LIMITS.passages, EXAM_MESSAGES.tooManyPassages).default([]),
  questions: z.array(questionInput).max(PAPER_LIMITS.questions, EXAM_MESSAGES.tooManyQuestions).default([]),
});
export type SectionData = z.output<typeof sectionInput>;

/** One question of a paper in paper order, with the indexes of its section and passage. */
export type PaperQuestion = { question: QuestionData; section: number | null; passage: number | null };

/**
 * The paper in order: without sections the flat list; with sections, section by section, a section's
 * passage questions first (passage by passage), then its standalone questions.
 */
export function paperQuestions(input: { questions: QuestionData[]; sections?: SectionData[] }): PaperQuestion[] {
  if (!input.sections) return input.questions.map((question) => ({ question, section: null, passage: null }));
  const out: PaperQuestion[] = [];
  input.sections.forEach((s, si) => {
    s.passages.forEach((p, pi) => {
      for (const question of p.questions) out.push({ question, section: si, passage: pi });
    });
    for (const question of s.questions) out.push({ question, section: si, passage: null });
  });
  return out;
}

const examFields = {
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title is too long'),
  description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(5_000),
  course: z.uuid({ error: 'Please select a course' }),
  // An absent field takes the spec's default (docs/product.md section 9); a field sent blank is missing, not 0.
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
  // Null or blank is allowed only in rank mode (checked below); absent takes the default of the mode.
  passingMarks: z.preprocess(
    (v) => (isBlank(v) ? null : v),
    z.coerce.number({ error: 'Passing marks are required' }).min(0, 'Passing marks cannot be negative').nullable().optional(),
  ),
  negativeMarks: blankAsMissing(penalty(EXAM_MESSAGES.negativeMarks).default(0)),
  resultMode: z.enum(RESULT_MODES, { error: EXAM_MESSAGES.resultMode }).default('grade'),
  /** A section's title: equal totals are ordered by that section's marks before sharing a rank. */
  tieBreakSection: z
    .string({ error: EXAM_MESSAGES.tieBreakSection })
    .trim()
    .max(200, EXAM_MESSAGES.tieBreakSection)
    .nullish()
    .transform((v) => v || null),
  solutionsRelease: z.enum(SOLUTIONS_RELEASES, { error: EXAM_MESSAGES.solutionsRelease }).default('with_results'),
  instructions: z
    .array(z.string().max(2_000, 'An instruction is too long'))
    .max(50)
    .default([])
    .transform((list) => list.map((s) => s.trim()).filter((s) => s.length > 0)),
  isActive: z.boolean().optional(),
  questions: z.array(questionInput).max(PAPER_LIMITS.questions, EXAM_MESSAGES.tooManyQuestions).default([]),
  sections: z.array(sectionInput).max(PAPER_LIMITS.sections, EXAM_MESSAGES.tooManySections).optional(),
  ...scheduleFields,
};

/** POST /api/exams and the full form of PATCH /api/exams/{id} (docs/product.md section 5, "Exam form"). */
export const examBody = z.object(examFields).superRefine((v, ctx) => {
  refineSchedule(v, ctx);
  if (v.passingMarks === null && v.resultMode !== 'rank') {
    ctx.addIssue({ code: 'custom', path: ['passingMarks'], message: 'Passing marks are required' });
  }
  if (typeof v.passingMarks === 'number' && v.passingMarks > v.totalMarks) {
    ctx.addIssue({ code: 'custom', path: ['passingMarks'], message: EXAM_MESSAGES.passingOverTotal });
  }
  if (v.tieBreakSection && !(v.sections ?? []).some((s) => s?.title === v.tieBreakSection)) {
    ctx.addIssue({ code: 'custom', path: ['tieBreakSection'], message: EXAM_MESSAGES.tieBreakSection });
  }
  if (v.sections && v.questions.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['sections'], message: EXAM_MESSAGES.sectionsAndQuestions });
    return;
  }
  // Refinements may run beside other issues: only count and sum what parsed.
  const sections = (v.sections ?? []).filter((s) => s && Array.isArray(s.passages) && Array.isArray(s.questions));
  const passages = sections.reduce((n, s) => n + s.passages.length, 0);
  if (passages > PAPER_LIMITS.passages) {
    ctx.addIssue({ code: 'custom', path: ['sections'], message: EXAM_MESSAGES.tooManyPassages });
  }
  const all = v.sections
    ? sections.flatMap((s) => [...s.passages.flatMap((p) => (Array.isArray(p?.questions) ? p.questions : [])), ...s.questions])
    : v.questions;
  if (all.length > PAPER_LIMITS.questions) {
    ctx.addIssue({ code: 'custom', path: [v.sections ? 'sections' : 'questions'], message: EXAM_MESSAGES.tooManyQuestions });
    return;
  }
  if (all.length > 0 && all.every((q) => typeof q?.marks === 'number')) {
    const sum = round2(all.reduce((s, q) => s + q.marks, 0));
    if (sum !== v.totalMarks) {
      ctx.addIssue({ code: 'custom', path: ['totalMarks'], message: EXAM_MESSAGES.totalMismatch(v.totalMarks, sum) });
    }
  }
});
export type ExamBody = z.input<typeof examBody>;
export type ExamData = z.output<typeof examBody>;

/** The pass mark an exam keeps: absent takes the default, except a ranked mock that has none. */
export const passingMarksOf = (v: Pick<ExamData, 'passingMarks' | 'resultMode'>): number | null =>
  v.passingMarks === undefined ? (v.resultMode === 'rank' ? null : EXAM_DEFAULTS.passingMarks) : v.passingMarks;

/** PATCH /api/exams/{id} with only `{ isActive }` (Activate/Deactivate). */
export const examStatusBody = z.strictObject({ isActive: z.boolean({ error: 'isActive must be true or false' }) });

const EXAM_FORM_KEYS = Object.keys(examFields).filter((k) => k !== 'isActive' && !SCHEDULE_KEYS.includes(k));

/**
 * PATCH /api/exams/{id}: the full form, or `{ isActive }` alone. A body without any form field is the
 * status toggle, its other keys ignored like every unknown key (docs/product.md section 7).
 */
function parsePatch(v: unknown, ctx: z.RefinementCtx): ExamData | z.output<typeof examStatusBody> | ScheduleBodyData {
  const isObject = v !== null && typeof v === 'object' && !Array.isArray(v);
  const isForm = isObject && EXAM_FORM_KEYS.some((k) => k in v);
  const isSchedule = isObject && !isForm && SCHEDULE_KEYS.some((k) => k in v);
  // Dispatched by hand (not a union) so the form's own messages reach the caller.
  if (isSchedule) {
    const schedule = scheduleBody.safeParse(v);
    if (schedule.success) return { ...schedule.data, scheduleOnly: true as const };
    for (const issue of schedule.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  }
  const parsed = isForm
    ? examBody.safeParse(v)
    : examStatusBody.safeParse(isObject ? { isActive: (v as { isActive?: unknown }).isActive } : v);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return z.NEVER;
}

/** PATCH of the objection window alone (docs/product-regrade.md). */
export type ObjectionWindowOnly = { objectionWindowOnly: true };
type PatchData = (ExamData | z.output<typeof examStatusBody> | ScheduleBodyData | ObjectionWindowOnly) & {
  objectionWindow?: ObjectionWindowData;
};

/**
 * PATCH /api/exams/{id}: the full form, the schedule, or `{ isActive }` alone, each of which may carry
 * `objectionWindow` (docs/product-regrade.md); `{ objectionWindow }` alone sets only the window.
 */
export const examPatchBody = z.unknown().transform((v, ctx): PatchData => {
  if (v === null || typeof v !== 'object' || Array.isArray(v) || !('objectionWindow' in v)) return parsePatch(v, ctx);
  const { objectionWindow, ...rest } = v as Record<string, unknown>;
  const window = objectionWindowInput.safeParse(objectionWindow);
  if (!window.success) {
    for (const issue of window.error.issues) {
      ctx.addIssue({ code: 'custom', path: ['objectionWindow', ...issue.path], message: issue.message });
    }
    return z.NEVER;
  }
  const other = Object.keys(rest).some((k) => k === 'isActive' || EXAM_FORM_KEYS.includes(k) || SCHEDULE_KEYS.includes(k));
  if (!other) return { objectionWindowOnly: true, objectionWindow: window.data };
  const parsed = parsePatch(rest, ctx);
  return { ...parsed, objectionWindow: window.data };
});
export type ExamPatchBody = (ExamBody | z.input<typeof examStatusBody> | z.input<typeof scheduleBody>) & {
  objectionWindow?: { opensAt: string; closesAt: string } | null;
};
/** A PATCH of the schedule alone (audience, window, mode). */
export type ScheduleBodyData = z.output<typeof scheduleBody> & { scheduleOnly: true };

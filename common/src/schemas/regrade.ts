import { z } from 'zod';
import { isStorableDate } from '../rules/dates.ts';

// Answer-key objections and regrade (docs/product-regrade.md).

export const OBJECTION_REASON_MAX = 2000;
/** At most this many decisions in one regrade call (a paper holds at most 500 questions). */
export const REGRADE_DECISIONS_MAX = 500;

export const REGRADE_ACTIONS = ['keep', 'changeKey', 'acceptAny', 'drop'] as const;
export type RegradeAction = (typeof REGRADE_ACTIONS)[number];
export const DROP_MODES = ['awardAll', 'removeFromTotal'] as const;
export type DropMode = (typeof DROP_MODES)[number];

export const REGRADE_MESSAGES = {
  windowShape: 'objectionWindow must be { opensAt, closesAt } or null',
  windowTime: 'Please enter a valid date and time',
  windowOrder: 'The objection window must close after it opens',
  reasonRequired: 'Please give a reason for your objection',
  reasonTooLong: `A reason can be at most ${OBJECTION_REASON_MAX.toLocaleString('en-IN')} characters`,
  questionId: 'questionId must be a question id',
  notInExam: 'This question is not part of this exam',
  noSubmission: 'Only a student who has submitted this exam can raise an objection',
  noWindow: 'Objections are not open for this exam',
  notYetOpen: 'Objections for this exam are not open yet',
  closed: 'The objection window of this exam has closed',
  duplicate: 'You have already raised an objection on this question',
  raised: 'Objection raised',
  decisionsShape: 'decisions must be a list',
  decisionsMax: `At most ${REGRADE_DECISIONS_MAX} decisions at a time`,
  action: 'action must be keep, changeKey, acceptAny or drop',
  dropMode: 'drop needs dropMode awardAll or removeFromTotal',
  dropModeValue: 'dropMode must be awardAll or removeFromTotal',
  correctAnswer: 'changeKey needs correctAnswer: the index of an option (0 for the first) or its letter',
  acceptedAnswers: 'acceptAny needs acceptedAnswers: a list of at least one option (index or letter)',
  option: 'This option does not exist for this question',
  duplicateQuestion: 'Each question may be decided once per call',
  notMcq: 'Only multiple-choice questions can be regraded',
  dryRun: 'dryRun must be true or false',
} as const;

/** An option named by its index (0 for the first) or its letter (A for the first). */
const optionRef = z.union([z.number(), z.string()]).transform((v, ctx) => {
  if (typeof v === 'number') {
    if (Number.isInteger(v) && v >= 0 && v < 26) return v;
  } else if (/^[A-Za-z]$/.test(v.trim())) {
    return v.trim().toUpperCase().charCodeAt(0) - 65;
  } else if (/^\d{1,2}$/.test(v.trim())) {
    return Number(v.trim());
  }
  ctx.addIssue({ code: 'custom', message: REGRADE_MESSAGES.option });
  return z.NEVER;
});

const windowTime = z.string({ error: REGRADE_MESSAGES.windowTime }).transform((v, ctx) => {
  const d = new Date(v);
  if (v.trim() === '' || !isStorableDate(d)) {
    ctx.addIssue({ code: 'custom', message: REGRADE_MESSAGES.windowTime });
    return z.NEVER;
  }
  return d;
});

/** `objectionWindow` of PATCH /api/exams/{id}: both times, closing after opening; null removes the window. */
export const objectionWindowInput = z
  .object({ opensAt: windowTime, closesAt: windowTime }, { error: REGRADE_MESSAGES.windowShape })
  .superRefine((v, ctx) => {
    if (v.closesAt <= v.opensAt) ctx.addIssue({ code: 'custom', path: ['closesAt'], message: REGRADE_MESSAGES.windowOrder });
  })
  .nullable();
export type ObjectionWindowData = z.output<typeof objectionWindowInput>;

export const objectionWindowView = z.object({ opensAt: z.string(), closesAt: z.string() });
export type ObjectionWindow = z.infer<typeof objectionWindowView>;

/** POST /api/exams/{id}/objections. */
export const objectionBody = z.object({
  questionId: z.uuid({ error: REGRADE_MESSAGES.questionId }),
  reason: z
    .string({ error: REGRADE_MESSAGES.reasonRequired })
    .trim()
    .min(1, REGRADE_MESSAGES.reasonRequired)
    .max(OBJECTION_REASON_MAX, REGRADE_MESSAGES.reasonTooLong),
});
export type ObjectionBody = z.input<typeof objectionBody>;

export const objectionSchema = z.object({
  _id: z.string(),
  questionId: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type Objection = z.infer<typeof objectionSchema>;

/** GET /api/exams/{id}/objections (admin): objections grouped by question, in paper order. */
export const objectionGroupSchema = z.object({ questionId: z.string(), count: z.number().int(), reasons: z.array(z.string()) });
export type ObjectionGroup = z.infer<typeof objectionGroupSchema>;

/** GET /api/exams/{id}/objections/mine (student): the window and the caller's own objections. */
export const myObjectionsSchema = z.object({
  window: objectionWindowView.nullable(),
  isOpen: z.boolean(),
  objections: z.array(objectionSchema),
});
export type MyObjections = z.infer<typeof myObjectionsSchema>;

export const regradeDecisionInput = z
  .object({
    questionId: z.uuid({ error: REGRADE_MESSAGES.questionId }),
    action: z.enum(REGRADE_ACTIONS, { error: REGRADE_MESSAGES.action }),
    correctAnswer: optionRef.nullish(),
    acceptedAnswers: z.array(optionRef, { error: REGRADE_MESSAGES.acceptedAnswers }).max(26).nullish(),
    dropMode: z.enum(DROP_MODES, { error: REGRADE_MESSAGES.dropModeValue }).nullish(),
  })
  .superRefine((d, ctx) => {
    if (d.action === 'changeKey' && (d.correctAnswer === undefined || d.correctAnswer === null)) {
      ctx.addIssue({ code: 'custom', path: ['correctAnswer'], message: REGRADE_MESSAGES.correctAnswer });
    }
    if (d.action === 'acceptAny' && (!d.acceptedAnswers || d.acceptedAnswers.length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['acceptedAnswers'], message: REGRADE_MESSAGES.acceptedAnswers });
    }
    if (d.action === 'drop' && !d.dropMode) ctx.addIssue({ code: 'custom', path: ['dropMode'], message: REGRADE_MESSAGES.dropMode });
  })
  .transform((d) => ({
    questionId: d.questionId,
    action: d.action,
    correctAnswer: d.action === 'changeKey' ? (d.correctAnswer as number) : null,
    acceptedAnswers: d.action === 'acceptAny' ? [...new Set(d.acceptedAnswers ?? [])].sort((a, b) => a - b) : null,
    dropMode: d.action === 'drop' ? (d.dropMode as DropMode) : null,
  }));
export type RegradeDecisionData = z.output<typeof regradeDecisionInput>;

/** POST /api/exams/{id}/regrade. */
export const regradeBody = z
  .object({
    decisions: z
      .array(regradeDecisionInput, { error: REGRADE_MESSAGES.decisionsShape })
      .max(REGRADE_DECISIONS_MAX, REGRADE_MESSAGES.decisionsMax),
    dryRun: z.boolean({ error: REGRADE_MESSAGES.dryRun }).optional().default(false),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.decisions.forEach((d, i) => {
      if (seen.has(d.questionId)) {
        ctx.addIssue({ code: 'custom', path: ['decisions', i, 'questionId'], message: REGRADE_MESSAGES.duplicateQuestion });
      }
      seen.add(d.questionId);
    });
  });
export type RegradeBody = z.input<typeof regradeBody>;

/** A question's current decision as stored (initially keep). */
export const regradeDecisionSchema = z.object({
  questionId: z.string(),
  action: z.enum(REGRADE_ACTIONS),
  correctAnswer: z.number().int().nullable(),
  acceptedAnswers: z.array(z.number().int()).nullable(),
  dropMode: z.enum(DROP_MODES).nullable(),
  /** The key the paper was set with (before any decision). */
  originalAnswer: z.number().int().nullable(),
  decidedAt: z.string().nullable(),
});
export type RegradeDecision = z.infer<typeof regradeDecisionSchema>;

/** A submission's marks as a regrade reports them. */
export const regradeMarksSchema = z.object({
  marksObtained: z.number(),
  totalMarks: z.number(),
  percentage: z.number(),
  rank: z.number().int(),
});
export type RegradeMarks = z.infer<typeof regradeMarksSchema>;

/**
 * One changed submission: `before` and `after` are its marks obtained (the contract's figures); the whole
 * of its marks, total, percentage and rank either side are in `beforeMarks` and `afterMarks`.
 */
export const regradeChangeSchema = z.object({
  submissionId: z.string(),
  before: z.number(),
  after: z.number(),
  beforeMarks: regradeMarksSchema,
  afterMarks: regradeMarksSchema,
});

/** The regrade answer: the contract's `affected` and `changes`, then the preview's figures. */
export const regradeResultSchema = z.object({
  affected: z.number().int(),
  changes: z.array(regradeChangeSchema),
  dryRun: z.boolean(),
  candidates: z.number().int(),
  /** The change with the largest absolute difference in marks, with whose it is. */
  largestChange: z
    .object({ submissionId: z.string(), studentName: z.string(), before: z.number(), after: z.number(), difference: z.number() })
    .nullable(),
  /** The best ten after the decisions (rank order). */
  top10: z.array(
    z.object({
      submissionId: z.string(),
      studentName: z.string(),
      rank: z.number().int(),
      marksObtained: z.number(),
      previousRank: z.number().int(),
    }),
  ),
  /** E-mails written to the students whose marks changed (0 on a dry run). */
  emailed: z.number().int(),
});
export type RegradeResult = z.infer<typeof regradeResultSchema>;

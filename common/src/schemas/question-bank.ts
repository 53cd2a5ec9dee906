import { z } from 'zod';
import { MCQ_OPTION_SLOTS, NEW_QUESTION_MARKS } from '../constants.ts';
import { EXAM_MESSAGES, PAPER_LIMITS, penalty } from './exams.ts';
import { blankAsMissing, positiveInt } from './fields.ts';

// The question bank, its import and papers drawn from it (docs/product-question-bank.md).

/** The exams a bank item is tagged with. */
export const BANK_EXAMS = ['CLAT', 'AILET', 'judiciary', 'LLB'] as const;
export type BankExam = (typeof BANK_EXAMS)[number];
export const BANK_EXAM_LABELS: Record<BankExam, string> = { CLAT: 'CLAT', AILET: 'AILET', judiciary: 'Judiciary', LLB: 'LL.B.' };

/** The template's columns, in order (the .csv and .xlsx templates and the exam export use them). */
export const BANK_COLUMNS = [
  'section',
  'passage_ref',
  'passage_text',
  'question',
  'option_a',
  'option_b',
  'option_c',
  'option_d',
  'answer',
  'marks',
  'negative',
  'explanation',
  'topic',
  'difficulty',
  'source',
] as const;
export type BankColumn = (typeof BANK_COLUMNS)[number];
/** Optional columns an import also reads when present (not in the template). */
export const BANK_EXTRA_COLUMNS = ['exam', 'tags'] as const;
/** Without these a workbook is not the template. */
export const BANK_REQUIRED_COLUMNS = ['question', 'option_a', 'option_b', 'answer'] as const;

export const BANK_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const BANK_IMPORT_MAX_ROWS = 2_000;
export const BANK_LIST_MAX_LIMIT = 100;

export const BANK_MESSAGES = {
  noFile: 'Please choose a file (.xlsx, .csv or .docx) in the field "file"',
  tooLarge: `The file is larger than ${BANK_IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  badType: 'Only .xlsx, .csv or .docx files can be imported',
  unreadable: 'The file could not be read: is it a valid .xlsx, .csv or .docx file?',
  empty: 'The file has no questions',
  tooMany: `A file can have at most ${BANK_IMPORT_MAX_ROWS.toLocaleString('en-IN')} questions`,
  missingColumns: (cols: string[]) =>
    `The file is not the question template: missing column${cols.length === 1 ? '' : 's'} ${cols.join(', ')}`,
  noWordQuestions: 'No numbered questions found: see the Word pattern in the import help',
  ready: 'Ready to import',
  duplicateInBank: 'Duplicate: the same question is already in the bank',
  duplicateInFile: (row: number) => `Duplicate: the same question is in row ${row} of this file`,
  notFound: 'Question not found in the bank',
  deleted: 'Question deleted from the bank',
  passageNotFound: 'Passage not found in the bank',
  difficulty: 'Difficulty must be a whole number from 1 to 5',
  exam: 'Exam must be CLAT, AILET, judiciary or LLB',
  drawShort: (section: string, wanted: number, found: number) =>
    `Section "${section}": the bank has ${found} matching question${found === 1 ? '' : 's'}, ${wanted} wanted`,
  bankRefNotFound: 'A bank question of the paper no longer exists',
  bankRefTwice: 'The same bank question is in the paper twice',
} as const;

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => v || null);

export const difficultySchema = z.coerce
  .number({ error: BANK_MESSAGES.difficulty })
  .int(BANK_MESSAGES.difficulty)
  .min(1, BANK_MESSAGES.difficulty)
  .max(5, BANK_MESSAGES.difficulty);

const ownPenalty = penalty(EXAM_MESSAGES.questionNegativeMarks);

const tagsSchema = z
  .array(z.string({ error: 'A tag must be text' }).trim().min(1, 'A tag cannot be blank').max(50, 'A tag can be at most 50 characters'), {
    error: 'Tags must be a list',
  })
  .max(20, 'At most 20 tags')
  .transform((tags) => [...new Set(tags)]);

/** The tags and labels of a bank item. */
const bankMeta = {
  exam: blankAsMissing(z.enum(BANK_EXAMS, { error: BANK_MESSAGES.exam }).nullish()).transform((v) => v ?? null),
  section: optionalText(200, 'A section can be at most 200 characters'),
  topic: optionalText(200, 'A topic can be at most 200 characters'),
  difficulty: blankAsMissing(difficultySchema.nullish()).transform((v) => v ?? null),
  source: optionalText(200, 'A source can be at most 200 characters'),
  tags: tagsSchema.default([]),
};

const questionFields = {
  question: z.string({ error: EXAM_MESSAGES.questionRequired }).trim().min(1, EXAM_MESSAGES.questionRequired).max(10_000),
  options: z
    .array(z.string({ error: 'Options must be text' }).trim().max(2_000, 'An option is too long'), { error: 'Options must be a list' })
    .max(MCQ_OPTION_SLOTS, `At most ${MCQ_OPTION_SLOTS} options`),
  /** Index in `options`. */
  correctAnswer: z.coerce
    .number({ error: EXAM_MESSAGES.correctAnswer })
    .int(EXAM_MESSAGES.correctAnswer)
    .min(0, EXAM_MESSAGES.correctAnswer),
  marks: z.coerce
    .number({ error: EXAM_MESSAGES.marksMin })
    .min(NEW_QUESTION_MARKS, EXAM_MESSAGES.marksMin)
    .max(1_000, 'Marks are too large')
    .default(NEW_QUESTION_MARKS),
  /** Null: the exam's penalty. */
  negativeMarks: blankAsMissing(ownPenalty.nullish()).transform((v) => v ?? null),
  explanation: optionalText(10_000, 'An explanation can be at most 10,000 characters'),
};

const passageText = z
  .string({ error: EXAM_MESSAGES.passageBody })
  .trim()
  .max(PAPER_LIMITS.passageChars, EXAM_MESSAGES.passageTooLong)
  .nullish()
  .transform((v) => v || null);

/** Options without blank slots; the correct index moves with them. */
function checkOptions(v: { options?: string[]; correctAnswer?: number }, ctx: z.RefinementCtx) {
  if (!v.options) return;
  const kept = v.options.filter((o) => o.length > 0);
  if (kept.length !== v.options.length && v.correctAnswer !== undefined) {
    let idx = -1;
    let n = 0;
    v.options.forEach((o, i) => {
      if (!o) return;
      if (i === v.correctAnswer) idx = n;
      n++;
    });
    v.correctAnswer = idx < 0 ? undefined : idx;
  }
  v.options = kept;
  if (kept.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: EXAM_MESSAGES.mcqOptions });
  else if (v.correctAnswer === undefined || v.correctAnswer >= kept.length) {
    ctx.addIssue({ code: 'custom', path: ['correctAnswer'], message: EXAM_MESSAGES.correctAnswer });
  }
}

/** POST /api/questions-bank/questions: a multiple-choice question, standalone or on a passage (an existing one, or new text). */
export const bankQuestionBody = z
  .object({
    ...bankMeta,
    ...questionFields,
    passageId: blankAsMissing(z.uuid({ error: BANK_MESSAGES.passageNotFound }).nullish()).transform((v) => v ?? null),
    passageText,
  })
  .superRefine((v, ctx) => checkOptions(v, ctx));
export type BankQuestionBody = z.input<typeof bankQuestionBody>;
export type BankQuestionData = z.output<typeof bankQuestionBody>;

/** PATCH: any of the fields; `passageText` edits the passage the question stands on (null detaches it). */
export const bankQuestionPatch = z
  .object({
    exam: bankMeta.exam.optional(),
    section: bankMeta.section.optional(),
    topic: bankMeta.topic.optional(),
    difficulty: bankMeta.difficulty.optional(),
    source: bankMeta.source.optional(),
    tags: tagsSchema.optional(),
    question: questionFields.question.optional(),
    options: questionFields.options.optional(),
    correctAnswer: questionFields.correctAnswer.optional(),
    marks: z.coerce
      .number({ error: EXAM_MESSAGES.marksMin })
      .min(NEW_QUESTION_MARKS, EXAM_MESSAGES.marksMin)
      .max(1_000, 'Marks are too large')
      .optional(),
    negativeMarks: questionFields.negativeMarks.optional(),
    explanation: questionFields.explanation.optional(),
    passageText: passageText.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.options !== undefined) checkOptions(v, ctx);
  });
export type BankQuestionPatch = z.output<typeof bankQuestionPatch>;

export const bankQuestionSchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  exam: z.enum(BANK_EXAMS).nullable(),
  section: z.string().nullable(),
  topic: z.string().nullable(),
  difficulty: z.number().int().nullable(),
  source: z.string().nullable(),
  tags: z.array(z.string()),
  passage: z.object({ _id: z.string(), body: z.string() }).nullable(),
  question: z.string(),
  options: z.array(z.string()),
  correctAnswer: z.number().int(),
  marks: z.number(),
  negativeMarks: z.number().nullable(),
  explanation: z.string().nullable(),
  /** Exams that hold a copy of it (any version). */
  timesUsed: z.number().int(),
  /** Submissions of those exams, and the percent of them that answered the copy correctly (null before any). */
  candidates: z.number().int(),
  correctShare: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BankQuestion = z.infer<typeof bankQuestionSchema>;

export const bankVersionSchema = z.object({
  version: z.number().int(),
  createdAt: z.string(),
  question: z.string(),
  options: z.array(z.string()),
  correctAnswer: z.number().int(),
  marks: z.number(),
  negativeMarks: z.number().nullable(),
  explanation: z.string().nullable(),
  passage: z.string().nullable(),
});
export type BankVersion = z.infer<typeof bankVersionSchema>;

const filterText = blankAsMissing(z.string().trim().max(200, 'A filter can be at most 200 characters').optional());

/** GET /api/question-bank/questions: every filter optional, text filters match case-insensitively. */
export const bankListQuery = z.object({
  q: filterText,
  topic: filterText,
  section: filterText,
  source: filterText,
  tag: filterText,
  exam: blankAsMissing(z.enum(BANK_EXAMS, { error: BANK_MESSAGES.exam }).optional()),
  difficulty: blankAsMissing(difficultySchema.optional()),
  page: positiveInt(1),
  limit: positiveInt(20).transform((v) => Math.min(v, BANK_LIST_MAX_LIMIT)),
});
export type BankListQuery = z.output<typeof bankListQuery>;
export type BankListParams = z.input<typeof bankListQuery>;

export const bankListResponse = z.object({
  items: z.array(bankQuestionSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
  /** Distinct values for the filter choices. */
  sections: z.array(z.string()),
  topics: z.array(z.string()),
});
export type BankListResponse = z.infer<typeof bankListResponse>;

export const bankImportQuery = z.object({
  dryRun: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()).default(false),
});
export const BANK_ROW_STATUSES = ['ok', 'error', 'duplicate'] as const;
export const bankImportRowSchema = z.object({ row: z.number().int(), status: z.enum(BANK_ROW_STATUSES), message: z.string() });
export type BankImportRow = z.infer<typeof bankImportRowSchema>;
export const bankDryRunResponse = z.object({
  rows: z.array(bankImportRowSchema),
  ok: z.number().int(),
  errors: z.number().int(),
  duplicates: z.number().int(),
});
export type BankDryRun = z.infer<typeof bankDryRunResponse>;
export const bankImportResponse = z.object({ imported: z.number().int(), skipped: z.number().int() });
export type BankImportResult = z.infer<typeof bankImportResponse>;

// --- Papers from the bank: in POST /api/exams a question may be a reference, a section may draw.

export const bankRef = z.strictObject({ bankQuestionId: z.uuid({ error: BANK_MESSAGES.bankRefNotFound }) });
export type BankRef = z.infer<typeof bankRef>;

export const drawInput = z.object({
  count: z.coerce
    .number({ error: 'The number of questions to draw must be a whole number from 1 to 500' })
    .int('The number of questions to draw must be a whole number from 1 to 500')
    .min(1, 'The number of questions to draw must be a whole number from 1 to 500')
    .max(PAPER_LIMITS.questions, 'The number of questions to draw must be a whole number from 1 to 500'),
  topic: filterText,
  difficulty: blankAsMissing(difficultySchema.optional()),
  /** The bank section drawn from; absent: the paper section's own title. */
  section: filterText,
  exam: blankAsMissing(z.enum(BANK_EXAMS, { error: BANK_MESSAGES.exam }).optional()),
});
export type DrawInput = z.output<typeof drawInput>;

/** True when the value is a `{ bankQuestionId }` reference rather than a whole question. */
export const isBankRef = (v: unknown): v is BankRef =>
  v !== null && typeof v === 'object' && typeof (v as { bankQuestionId?: unknown }).bankQuestionId === 'string' && !('question' in v);

/** Normalised question text: case, spacing and punctuation do not make a question new. */
export const normaliseQuestion = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** POST /api/question-bank/draw: a random pick for the exam builder; `section` is required here. */
export const drawPreviewBody = drawInput.extend({
  section: z.string({ error: 'Please name the section to draw from' }).trim().min(1, 'Please name the section to draw from').max(200),
  exclude: z.array(z.uuid()).max(PAPER_LIMITS.questions).default([]),
});
export type DrawPreviewBody = z.input<typeof drawPreviewBody>;
export type DrawPreviewData = z.output<typeof drawPreviewBody>;

/** cyrb53: a fast 53-bit string hash (not for secrets), as hex. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}

/**
 * The duplicate key of a bank question: its normalised text; a question on a passage is keyed with its
 * passage too ("Which of the following follows from the passage?" is a new question under another passage).
 */
export function duplicateKey(question: string, passage: string | null): string {
  const q = normaliseQuestion(question);
  if (!passage) return q;
  const p = normaliseQuestion(passage);
  return `${hash53(p)}:${p.length}|${q}`;
}

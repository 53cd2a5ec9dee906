import { BANK_EXAMS, type BankExam, duplicateKey } from '@app/common/schemas/question-bank';
import { PAPER_LIMITS } from '@app/common/schemas/exams';
import { hasTwoDecimals } from '@app/common/rules/rounding';
import { isUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../../lib/validation.ts';
import type { FileRow } from './parse.ts';

// The rules of one import row (docs/product-question-bank.md, "Row errors"); every message names its column.

export type ImportItem = {
  exam: BankExam | null;
  section: string | null;
  topic: string | null;
  difficulty: number | null;
  source: string | null;
  tags: string[];
  /** Rows with the same key share one passage. */
  passageKey: string | null;
  passageText: string | null;
  question: string;
  options: string[];
  correctAnswer: number;
  marks: number;
  negativeMarks: number | null;
  explanation: string | null;
};

export type CheckedRow = { row: number; errors: string[]; item: ImportItem | null };

const LETTERS = ['a', 'b', 'c', 'd'] as const;

/** A number cell: blank gives the fallback; otherwise a finite number or an error naming the column. */
function numberCell(raw: string, column: string, errors: string[], rule: { min: number; max: number; int?: boolean }, label: string) {
  if (raw === '') return null;
  const n = Number(raw.replace(/,/g, ''));
  if (!Number.isFinite(n) || n < rule.min || n > rule.max || (rule.int && !Number.isInteger(n)) || !hasTwoDecimals(n)) {
    errors.push(`${column}: ${label}`);
    return null;
  }
  return n;
}

const EXAM_ALIASES: Record<string, BankExam> = Object.fromEntries([
  ...BANK_EXAMS.map((e) => [e.toLowerCase(), e]),
  ['ll.b.', 'LLB'],
  ['ll.b', 'LLB'],
  ['llb', 'LLB'],
  ['judiciary', 'judiciary'],
]);

const tooLong = (value: string, max: number, column: string, errors: string[]) => {
  if (value.length > max) errors.push(`${column}: at most ${max.toLocaleString('en-IN')} characters`);
};

/** Checks each row on its own; passages shared by passage_ref are checked across rows. */
export function checkRows(rows: FileRow[]): CheckedRow[] {
  const passageTexts = new Map<string, { text: string; row: number }>();
  for (const r of rows) {
    const ref = r.cells.passage_ref.trim().toLowerCase();
    const text = r.cells.passage_text.trim();
    if (ref && text && !passageTexts.has(ref)) passageTexts.set(ref, { text, row: r.row });
  }
  return rows.map((r) => {
    const c = r.cells;
    const errors: string[] = [...(r.faults ?? [])];
    for (const [column, value] of Object.entries(c)) {
      if (isUnstorableText(value)) errors.push(`${column}: ${UNSTORABLE_TEXT_MESSAGE.toLowerCase()}`);
    }
    if (errors.length > (r.faults?.length ?? 0)) return { row: r.row, errors, item: null };
    const question = c.question.trim();
    if (!question) errors.push('question: the question is blank');
    tooLong(question, 10_000, 'question', errors);

    const slots = LETTERS.map((l) => c[`option_${l}`].trim());
    for (const [i, o] of slots.entries()) tooLong(o, 2_000, `option_${LETTERS[i]}`, errors);
    const filled = slots.filter((o) => o.length > 0).length;
    if (filled < 2) errors.push('option_a-option_d: at least two options are needed');

    const answerRaw = c.answer
      .trim()
      .replace(/^option[\s_]*/i, '')
      .replace(/^\(?\s*([a-z])\s*[).]?$/i, '$1')
      .toLowerCase();
    let correctAnswer = -1;
    if (!c.answer.trim()) errors.push('answer: the answer is blank (A, B, C or D)');
    else if (!(LETTERS as readonly string[]).includes(answerRaw))
      errors.push(`answer: "${c.answer.trim().slice(0, 20)}" is not A, B, C or D`);
    else {
      const slot = LETTERS.indexOf(answerRaw as (typeof LETTERS)[number]);
      if (!slots[slot]) errors.push(`answer: option_${answerRaw} is blank`);
      else correctAnswer = slots.slice(0, slot).filter((o) => o.length > 0).length;
    }

    const marks = numberCell(
      c.marks.trim(),
      'marks',
      errors,
      { min: 1, max: 1_000 },
      'must be a number from 1 to 1000 (two decimals at most)',
    );
    const negative = numberCell(
      c.negative.trim(),
      'negative',
      errors,
      { min: 0, max: 100 },
      'must be a number from 0 to 100 (two decimals at most)',
    );
    const difficulty = numberCell(
      c.difficulty.trim(),
      'difficulty',
      errors,
      { min: 1, max: 5, int: true },
      'must be a whole number from 1 to 5',
    );

    let exam: BankExam | null = null;
    if (c.exam.trim()) {
      exam = EXAM_ALIASES[c.exam.trim().toLowerCase()] ?? null;
      if (!exam) errors.push('exam: must be CLAT, AILET, judiciary or LLB');
    }
    const tags = [
      ...new Set(
        c.tags
          .split(/[,;]/)
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ];
    if (tags.length > 20) errors.push('tags: at most 20 tags');
    if (tags.some((t) => t.length > 50)) errors.push('tags: a tag can be at most 50 characters');

    const ref = c.passage_ref.trim();
    let passageText: string | null = c.passage_text.trim() || null;
    let passageKey: string | null = null;
    if (ref) {
      const shared = passageTexts.get(ref.toLowerCase());
      if (!shared) errors.push(`passage_text: passage "${ref.slice(0, 40)}" has no text in any row`);
      else {
        if (passageText && passageText !== shared.text)
          errors.push(`passage_text: differs from row ${shared.row} for passage "${ref.slice(0, 40)}"`);
        passageText = shared.text;
      }
      passageKey = `ref:${ref.toLowerCase()}`;
    } else if (passageText) passageKey = `row:${r.row}`;
    if (passageText) tooLong(passageText, PAPER_LIMITS.passageChars, 'passage_text', errors);

    for (const [column, max] of [
      ['section', 200],
      ['topic', 200],
      ['source', 200],
      ['explanation', 10_000],
    ] as const) {
      tooLong(c[column].trim(), max, column, errors);
    }
    if (errors.length > 0) return { row: r.row, errors, item: null };
    return {
      row: r.row,
      errors,
      item: {
        exam,
        section: c.section.trim() || null,
        topic: c.topic.trim() || null,
        difficulty,
        source: c.source.trim() || null,
        tags,
        passageKey,
        passageText,
        question,
        options: slots.filter((o) => o.length > 0),
        correctAnswer,
        marks: marks ?? 1,
        negativeMarks: negative,
        explanation: c.explanation.trim() || null,
      },
    };
  });
}

/**
 * A checked row: its errors, or the key its duplicates are found by (null for a row with errors) and,
 * when asked for, the question to save.
 */
export type PreparedRow = { row: number; errors: string[]; key: string | null; item?: ImportItem };

/**
 * The part of judging an import that needs no database: every row checked and keyed. Run in the worker
 * thread that read the file (parse.ts `readBankUpload`): for 2,000 long questions it is a few hundred
 * milliseconds the event loop does not spend. A dry run needs no items, so none are sent back for it.
 */
export function prepareRows(rows: FileRow[], withItems: boolean): PreparedRow[] {
  return checkRows(rows).map(({ row, errors, item }) => ({
    row,
    errors,
    key: item ? duplicateKey(item.question, item.passageText) : null,
    ...(item && withItems ? { item } : {}),
  }));
}

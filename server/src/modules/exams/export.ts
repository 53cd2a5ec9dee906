import { eq, inArray } from 'drizzle-orm';
import { EXAM_MESSAGES } from '@app/common/schemas/exams';
import type { Ctx } from '../../context.ts';
import { bankQuestions, exams } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { bankWorkbook, type TemplateRow } from '../question-bank/workbook.ts';
import { loadQuestions, loadSections } from './queries.ts';

const LETTERS = ['A', 'B', 'C', 'D'];

/**
 * GET /api/exams/{id}/export.xlsx: the paper in the question template's format, in paper order, so it
 * imports back into the bank unchanged (docs/product-question-bank.md, "Export"). Passages are P1, P2, ...
 * with their text on the first row of each; a copy from the bank carries the bank's topic, difficulty and
 * source. Descriptive questions have no place in the template and are left out.
 */
export async function exportExamWorkbook(ctx: Ctx, examId: string) {
  const [exam] = await ctx.db.select({ title: exams.title }).from(exams).where(eq(exams.id, examId));
  if (!exam) throw notFound(EXAM_MESSAGES.notFound);
  const [list, sections] = await Promise.all([loadQuestions(ctx.db, examId), loadSections(ctx.db, examId)]);
  const bankIds = [...new Set(list.map((q) => q.bankQuestionId).filter((id): id is string => id !== null))];
  const bank = bankIds.length
    ? new Map((await ctx.db.select().from(bankQuestions).where(inArray(bankQuestions.id, bankIds))).map((b) => [b.id, b]))
    : new Map();
  const titles = new Map(sections.map((s) => [s._id, s.title]));
  const bodies = new Map(sections.flatMap((s) => s.passages.map((p) => [p._id, p.body] as const)));
  const refs = new Map<string, string>();
  const rows: TemplateRow[] = [];
  for (const q of list) {
    if (q.type !== 'mcq' || q.correctAnswer === null) continue;
    let ref: string | null = null;
    let text: string | null = null;
    if (q.passageId) {
      ref = refs.get(q.passageId) ?? null;
      if (!ref) {
        ref = `P${refs.size + 1}`;
        refs.set(q.passageId, ref);
        text = bodies.get(q.passageId) ?? null;
      }
    }
    const b = q.bankQuestionId ? bank.get(q.bankQuestionId) : undefined;
    rows.push({
      section: q.sectionId ? (titles.get(q.sectionId) ?? null) : null,
      passage_ref: ref,
      passage_text: text,
      question: q.question,
      option_a: q.options[0] ?? null,
      option_b: q.options[1] ?? null,
      option_c: q.options[2] ?? null,
      option_d: q.options[3] ?? null,
      answer: LETTERS[q.correctAnswer] ?? null,
      marks: Number(q.marks),
      negative: q.negativeMarks === null ? null : Number(q.negativeMarks),
      explanation: q.explanation,
      topic: b?.topic ?? null,
      difficulty: b?.difficulty ?? null,
      source: b?.source ?? null,
    });
  }
  const safe =
    exam.title
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'exam';
  return { filename: `${safe}.xlsx`, data: await bankWorkbook(rows) };
}

import { asc, desc, eq } from 'drizzle-orm';
import { round2 } from '@app/common/rules/rounding';
import type { ItemAnalysis } from '@app/common/schemas/analysis';
import { EXAM_MESSAGES } from '@app/common/schemas/exams';
import type { Ctx } from '../../context.ts';
import { exams, questions, submissions } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

/** The share of candidates in each of the top and bottom groups of the discrimination index. */
const GROUP_SHARE = 0.27;

/**
 * GET /api/exams/{id}/item-analysis (docs/product-results.md, "Item analysis"): per question the
 * percent of candidates with full marks, how many chose each option, and the discrimination index
 * (share correct in the top 27 % by total minus share correct in the bottom 27 %, from −1 to 1).
 * A question most of the top group got wrong, where they agree on another option more than on the
 * key, is flagged as a likely key error.
 */
export async function findItemAnalysis(ctx: Ctx, examId: string): Promise<ItemAnalysis> {
  const [exam] = await ctx.db.select({ id: exams.id, title: exams.title }).from(exams).where(eq(exams.id, examId));
  if (!exam) throw notFound(EXAM_MESSAGES.notFound);
  const [qs, rows] = await Promise.all([
    ctx.db.select().from(questions).where(eq(questions.examId, examId)).orderBy(asc(questions.position)),
    ctx.db
      .select({ answers: submissions.answers })
      .from(submissions)
      .where(eq(submissions.examId, examId))
      .orderBy(desc(submissions.marksObtained), asc(submissions.submittedAt)),
  ]);
  const n = rows.length;
  const group = n === 0 ? 0 : Math.max(1, Math.round(n * GROUP_SHARE));
  const answerMaps = rows.map((r) => new Map(r.answers.map((a) => [a.questionId, a])));
  const top = answerMaps.slice(0, group);
  const bottom = answerMaps.slice(n - group);
  return {
    exam: { _id: exam.id, title: exam.title },
    candidates: n,
    questions: qs.map((q, i) => {
      const marks = Number(q.marks);
      const isCorrect = (m: (typeof answerMaps)[number]) => {
        const got = m.get(q.id)?.marksObtained;
        return got !== null && got !== undefined && marks > 0 && got >= marks;
      };
      const share = (list: typeof answerMaps) => (list.length ? list.filter(isCorrect).length / list.length : 0);
      const optionCounts = q.type === 'mcq' ? q.options.map(() => 0) : [];
      let unattempted = 0;
      for (const m of answerMaps) {
        const a = m.get(q.id);
        const chosen = a?.selectedOption ?? null;
        if (q.type === 'mcq' && chosen !== null && chosen >= 0 && chosen < optionCounts.length) optionCounts[chosen]++;
        else if (!a || (a.selectedOption === null && !a.textAnswer?.trim())) unattempted++;
      }
      const topChoices = q.type === 'mcq' ? q.options.map((_, o) => top.filter((m) => m.get(q.id)?.selectedOption === o).length) : [];
      const keyChoice = q.correctAnswer === null ? 0 : (topChoices[q.correctAnswer] ?? 0);
      const likelyKeyError =
        q.type === 'mcq' && group > 0 && share(top) < 0.5 && topChoices.some((c, o) => o !== q.correctAnswer && c > keyChoice);
      return {
        _id: q.id,
        number: i + 1,
        section: q.sectionId,
        type: q.type,
        question: q.question,
        correctAnswer: q.type === 'mcq' ? q.correctAnswer : null,
        percentCorrect: n ? round2((100 * answerMaps.filter(isCorrect).length) / n) : 0,
        optionCounts,
        unattempted,
        discrimination: round2(share(top) - share(bottom)),
        likelyKeyError,
      };
    }),
  };
}

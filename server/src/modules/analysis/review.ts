import { and, eq, inArray } from 'drizzle-orm';
import type { Review } from '@app/common/schemas/analysis';
import type { Ctx } from '../../context.ts';
import type { Scope } from '../../lib/record-scope.ts';
import { bookmarks, questionKeyDecisions } from '../../db/schema.ts';
import { loadQuestions, loadSections } from '../exams/queries.ts';
import { loadAttemptTrail, loadReviewedSubmission, statusOf, yourAnswerOf } from './access.ts';

/**
 * GET /api/submissions/{id}/review: every question with the student's answer, the key, the marks and
 * the explanation; only after publication and when the exam releases its solutions (409 otherwise).
 */
export async function findReview(ctx: Ctx, scope: Scope, id: string): Promise<Review> {
  const { s, exam } = await loadReviewedSubmission(ctx, scope, id);
  const [qs, sections, trail] = await Promise.all([
    loadQuestions(ctx.db, exam.id),
    loadSections(ctx.db, exam.id),
    loadAttemptTrail(ctx, exam.id, s.studentId),
  ]);
  const marked = qs.length
    ? await ctx.db
        .select({ questionId: bookmarks.questionId })
        .from(bookmarks)
        .where(
          and(
            eq(bookmarks.studentId, s.studentId),
            inArray(
              bookmarks.questionId,
              qs.map((q) => q.id),
            ),
          ),
        )
    : [];
  const isBookmarked = new Set(marked.map((b) => b.questionId));
  // A revised key is shown as such (docs/product-regrade.md).
  const decisions = await ctx.db.select().from(questionKeyDecisions).where(eq(questionKeyDecisions.examId, exam.id));
  const decisionOf = new Map(decisions.map((d) => [d.questionId, d]));
  const answerOf = new Map(s.answers.map((a) => [a.questionId, a]));
  return {
    examId: exam.id,
    title: exam.title,
    sections,
    questions: qs.map((q) => {
      const a = answerOf.get(q.id);
      return {
        _id: q.id,
        type: q.type,
        section: q.sectionId,
        passage: q.passageId,
        question: q.question,
        options: q.type === 'mcq' ? q.options : [],
        marks: Number(q.marks),
        yourAnswer: yourAnswerOf(a),
        correctAnswer: q.type === 'mcq' ? q.correctAnswer : null,
        marksObtained: a?.marksObtained ?? null,
        explanation: q.explanation || null,
        status: statusOf(a, Number(q.marks)),
        markedForReview: trail.review.has(q.id),
        bookmarked: isBookmarked.has(q.id),
        keyDecision: keyDecisionOf(decisionOf.get(q.id)),
      };
    }),
  };
}

function keyDecisionOf(d: typeof questionKeyDecisions.$inferSelect | undefined) {
  if (!d || d.action === 'keep') return null;
  return { action: d.action, acceptedAnswers: d.acceptedAnswers, dropMode: d.dropMode };
}

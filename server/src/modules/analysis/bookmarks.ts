import { areSolutionsReleased } from '@app/common/rules/publication';
import { and, desc, eq } from 'drizzle-orm';
import { ANALYSIS_MESSAGES, type Bookmark } from '@app/common/schemas/analysis';
import type { Ctx } from '../../context.ts';
import { bookmarks, examPassages, exams, examSections, questions, submissions } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { ownStudentId, type Scope } from '../../lib/record-scope.ts';
import { yourAnswerOf } from './access.ts';

/** The caller's bookmarks with their questions; ownership is in the join (the caller's own submission). */
async function loadBookmarks(ctx: Ctx, studentId: string, questionId?: string) {
  return ctx.db
    .select({ b: bookmarks, q: questions, exam: exams, s: submissions, sectionTitle: examSections.title, passageBody: examPassages.body })
    .from(bookmarks)
    .innerJoin(questions, eq(questions.id, bookmarks.questionId))
    .innerJoin(exams, eq(exams.id, questions.examId))
    .innerJoin(submissions, and(eq(submissions.examId, exams.id), eq(submissions.studentId, bookmarks.studentId)))
    .leftJoin(examSections, eq(examSections.id, questions.sectionId))
    .leftJoin(examPassages, eq(examPassages.id, questions.passageId))
    .where(questionId ? and(eq(bookmarks.studentId, studentId), eq(bookmarks.questionId, questionId)) : eq(bookmarks.studentId, studentId))
    .orderBy(desc(bookmarks.createdAt));
}

type Row = Awaited<ReturnType<typeof loadBookmarks>>[number];

/** The solution shows only when the exam's results are out and its solutions released (as the review). */
function toBookmark({ b, q, exam, s, sectionTitle, passageBody }: Row): Bookmark {
  const released = areSolutionsReleased(exam);
  const a = s.answers.find((x) => x.questionId === q.id);
  return {
    questionId: q.id,
    // Questions are stored in the paper's order (exams/authoring.ts), from 0.
    number: q.position + 1,
    note: b.note,
    createdAt: b.createdAt.toISOString(),
    exam: { _id: exam.id, title: exam.title },
    submissionId: s.id,
    section: q.sectionId && sectionTitle !== null ? { _id: q.sectionId, title: sectionTitle } : null,
    passage: passageBody,
    question: q.question,
    options: q.type === 'mcq' ? q.options : [],
    yourAnswer: yourAnswerOf(a),
    correctAnswer: released && q.type === 'mcq' ? q.correctAnswer : null,
    marksObtained: released ? (a?.marksObtained ?? null) : null,
    explanation: released ? q.explanation || null : null,
    solutionReleased: released,
  };
}

/** GET /api/bookmarks: newest first. */
export async function findBookmarks(ctx: Ctx, scope: Scope): Promise<Bookmark[]> {
  return (await loadBookmarks(ctx, ownStudentId(scope))).map(toBookmark);
}

/**
 * POST /api/bookmarks: a question of an exam the caller has submitted; 201 when new, 200 when it was
 * already bookmarked (its note replaced).
 */
export async function saveBookmark(ctx: Ctx, scope: Scope, input: { questionId: string; note: string | null }) {
  const studentId = ownStudentId(scope);
  const [owned] = await ctx.db
    .select({ id: questions.id })
    .from(questions)
    .innerJoin(submissions, and(eq(submissions.examId, questions.examId), eq(submissions.studentId, studentId)))
    .where(eq(questions.id, input.questionId));
  if (!owned) throw notFound(ANALYSIS_MESSAGES.bookmarkQuestion);
  const inserted = await ctx.db
    .insert(bookmarks)
    .values({ studentId, questionId: input.questionId, note: input.note })
    .onConflictDoNothing()
    .returning({ questionId: bookmarks.questionId });
  if (inserted.length === 0) {
    await ctx.db
      .update(bookmarks)
      .set({ note: input.note })
      .where(and(eq(bookmarks.studentId, studentId), eq(bookmarks.questionId, input.questionId)));
  }
  const [row] = await loadBookmarks(ctx, studentId, input.questionId);
  return { created: inserted.length > 0, body: { message: ANALYSIS_MESSAGES.bookmarked, bookmark: toBookmark(row) } };
}

/** DELETE /api/bookmarks/{questionId}: 404 when the caller has no such bookmark. */
export async function deleteBookmark(ctx: Ctx, scope: Scope, questionId: string) {
  const gone = await ctx.db
    .delete(bookmarks)
    .where(and(eq(bookmarks.studentId, ownStudentId(scope)), eq(bookmarks.questionId, questionId)))
    .returning({ questionId: bookmarks.questionId });
  if (gone.length === 0) throw notFound(ANALYSIS_MESSAGES.bookmarkNotFound);
  return { message: ANALYSIS_MESSAGES.bookmarkRemoved };
}

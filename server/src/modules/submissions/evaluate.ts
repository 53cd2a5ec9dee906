import { and, count, eq, ne } from 'drizzle-orm';
import { EXAM_MESSAGES } from '@app/common/schemas/exams';
import { type EvaluateBody, SUBMISSION_MESSAGES } from '@app/common/schemas/submissions';
import type { Actor, Ctx } from '../../context.ts';
import { exams, questions, submissions } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { findSubmissionDetail } from './detail.ts';
import { type Scope, submissionFilter } from '../../lib/record-scope.ts';
import { computeRankings, ensureRankings } from '../rankings/service.ts';
import { passedOf, totalsOf } from '../exam-taking/marking.ts';
import { notifyResultsPublished } from '../messaging/events.ts';
import { notifyGuardiansOfResults } from '../guardians/events.ts';

type EvaluateInput = { answers: { questionId: string; marksObtained: number }[]; feedback?: string } & Partial<EvaluateBody>;

const snapshot = (s: typeof submissions.$inferSelect) => ({
  marksObtained: Number(s.marksObtained),
  status: s.status,
  isPassed: s.isPassed,
  feedback: s.feedback,
  answers: s.answers.map((a) => ({ questionId: a.questionId, marksObtained: a.marksObtained })),
});

/**
 * PATCH /api/submissions/{id}/evaluate: marks for descriptive answers only, 0 to the question's
 * marks in steps of 0.5 (step checked by the schema); totals recomputed; EVALUATED once every
 * answer has marks, and only then pass/fail.
 */
export async function evaluateSubmission(ctx: Ctx, actor: Actor, scope: Scope, id: string, input: EvaluateInput) {
  let examId = '';
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ s: submissions, passingMarks: exams.passingMarks })
      .from(submissions)
      .innerJoin(exams, eq(exams.id, submissions.examId))
      .where(and(eq(submissions.id, id), submissionFilter(scope)))
      .for('update', { of: submissions });
    if (!row) throw notFound(SUBMISSION_MESSAGES.notFound);
    const qs = await tx
      .select({ id: questions.id, type: questions.type, marks: questions.marks })
      .from(questions)
      .where(eq(questions.examId, row.s.examId));
    const byId = new Map(qs.map((q) => [q.id, q]));
    const given = new Map<string, number>();
    input.answers.forEach((a, i) => {
      const q = byId.get(a.questionId);
      const field = `answers.${i}.marksObtained`;
      if (!q) throw badRequest(SUBMISSION_MESSAGES.unknownQuestion, { [`answers.${i}.questionId`]: SUBMISSION_MESSAGES.unknownQuestion });
      if (q.type !== 'descriptive') {
        // The server marks MCQ answers. An entry repeating those marks (a form sending every answer back) changes nothing.
        if (a.marksObtained === row.s.answers.find((x) => x.questionId === a.questionId)?.marksObtained) return;
        throw badRequest(SUBMISSION_MESSAGES.notDescriptive, { [field]: SUBMISSION_MESSAGES.notDescriptive });
      }
      const max = Number(q.marks);
      if (a.marksObtained < 0 || a.marksObtained > max) {
        throw badRequest(SUBMISSION_MESSAGES.marksRange(max), { [field]: SUBMISSION_MESSAGES.marksRange(max) });
      }
      given.set(a.questionId, a.marksObtained);
    });

    // Questions of the exam missing from the stored answers (none in practice) are kept as they are.
    const answers = row.s.answers.map((a) => (given.has(a.questionId) ? { ...a, marksObtained: given.get(a.questionId) as number } : a));
    const { marksObtained, isComplete } = totalsOf(answers);
    const feedback = input.feedback === undefined ? row.s.feedback : input.feedback || null;
    const [after] = await tx
      .update(submissions)
      .set({
        answers,
        marksObtained,
        status: isComplete ? 'EVALUATED' : 'SUBMITTED',
        isPassed: isComplete ? passedOf(marksObtained, row.passingMarks) : null,
        feedback,
        evaluatedBy: actor.id,
        evaluatedAt: new Date(),
      })
      .where(eq(submissions.id, id))
      .returning();
    await recordAudit(tx, actor, 'submission.evaluate', 'submission', id, snapshot(row.s), snapshot(after));
    examId = row.s.examId;
  });
  // A regrade of a published exam re-ranks its candidates.
  await ensureRankings(ctx.db, [examId]);
  return { message: SUBMISSION_MESSAGES.evaluated, submission: await findSubmissionDetail(ctx, actor, scope, id) };
}

/** Refused while any submission of the exam is not evaluated. */
export async function publishResults(ctx: Ctx, actor: Actor, examId: string) {
  const answer = await publishInTransaction(ctx, actor, examId);
  // Everyone who took it is told, once per exam (docs/product-notifications.md); never undoes the publication.
  await notifyResultsPublished(ctx, examId).catch(() => {});
  // And each child's guardians, with the score and rank (docs/product-parents.md "Alerts").
  await notifyGuardiansOfResults(ctx, examId).catch(() => {});
  return answer;
}

function publishInTransaction(ctx: Ctx, actor: Actor, examId: string) {
  return ctx.db.transaction(async (tx) => {
    const [exam] = await tx.select().from(exams).where(eq(exams.id, examId)).for('update');
    if (!exam) throw notFound(EXAM_MESSAGES.notFound);
    const [{ pending }] = await tx
      .select({ pending: count() })
      .from(submissions)
      .where(and(eq(submissions.examId, examId), ne(submissions.status, 'EVALUATED')));
    if (pending > 0) throw conflict(SUBMISSION_MESSAGES.pendingEvaluation(pending));
    const at = exam.resultsPublished && exam.resultsPublishedAt ? exam.resultsPublishedAt : new Date();
    const [row] = await tx.update(exams).set({ resultsPublished: true, resultsPublishedAt: at }).where(eq(exams.id, examId)).returning();
    // Publishing and re-publishing rank every candidate afresh (docs/product-results.md).
    await computeRankings(tx, examId);
    await recordAudit(
      tx,
      actor,
      'exam.publish_results',
      'exam',
      examId,
      { resultsPublished: exam.resultsPublished },
      { resultsPublished: true },
    );
    return {
      message: SUBMISSION_MESSAGES.published,
      exam: { _id: row.id, resultsPublished: row.resultsPublished, resultsPublishedAt: row.resultsPublishedAt?.toISOString() ?? null },
    };
  });
}

export async function unpublishResults(ctx: Ctx, actor: Actor, examId: string) {
  const [before] = await ctx.db.select({ resultsPublished: exams.resultsPublished }).from(exams).where(eq(exams.id, examId));
  if (!before) throw notFound(EXAM_MESSAGES.notFound);
  const [row] = await ctx.db
    .update(exams)
    .set({ resultsPublished: false, resultsPublishedAt: null })
    .where(eq(exams.id, examId))
    .returning();
  await recordAudit(ctx.db, actor, 'exam.unpublish_results', 'exam', examId, before, { resultsPublished: false });
  await computeRankings(ctx.db, examId);
  return { message: SUBMISSION_MESSAGES.unpublished, exam: { _id: row.id, resultsPublished: false, resultsPublishedAt: null } };
}

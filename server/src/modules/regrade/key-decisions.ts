import { penaltyOf } from '@app/common/rules/marking';
import { asc, eq, inArray } from 'drizzle-orm';
import { EXAM_MESSAGES } from '@app/common/schemas/exams';
import { REGRADE_MESSAGES, type RegradeDecision, type RegradeDecisionData } from '@app/common/schemas/regrade';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { readAll } from '../../db/read-all.ts';
import { exams, questionKeyDecisions, questions } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { KEEP, type KeyDecision, type RegradeQuestion } from './compute.ts';

// Key decisions (docs/product-regrade.md, "Regrade"): reading, checking and storing them.

export type QuestionRow = RegradeQuestion & {
  sectionId: string | null;
  optionsCount: number;
  correctAnswer: number | null;
  position: number;
};

export async function loadQuestions(db: Db | Tx, examId: string, examPenalty: number) {
  const [rows, stored] = await readAll(db, [
    db
      .select({
        id: questions.id,
        type: questions.type,
        options: questions.options,
        marks: questions.marks,
        negativeMarks: questions.negativeMarks,
        correctAnswer: questions.correctAnswer,
        sectionId: questions.sectionId,
        position: questions.position,
      })
      .from(questions)
      .where(eq(questions.examId, examId))
      .orderBy(asc(questions.position)),
    db.select().from(questionKeyDecisions).where(eq(questionKeyDecisions.examId, examId)),
  ]);
  const decisionOf = new Map(stored.map((d) => [d.questionId, d]));
  const qs = new Map<string, QuestionRow>();
  for (const r of rows) {
    const d = decisionOf.get(r.id);
    qs.set(r.id, {
      id: r.id,
      type: r.type,
      marks: Number(r.marks),
      penalty: penaltyOf(r.negativeMarks, examPenalty),
      // A decided question keeps the key it was set with in its decision; the others still have it.
      originalAnswer: d ? d.originalAnswer : r.correctAnswer,
      sectionId: r.sectionId,
      optionsCount: r.type === 'mcq' ? r.options.length : 0,
      correctAnswer: r.correctAnswer,
      position: r.position,
    });
  }
  const decisions = new Map<string, KeyDecision>(
    stored.map((d) => [
      d.questionId,
      { action: d.action, correctAnswer: d.correctAnswer, acceptedAnswers: d.acceptedAnswers, dropMode: d.dropMode },
    ]),
  );
  return { qs, decisions, stored };
}

export async function findExam(db: Db | Tx, examId: string, lock: boolean) {
  const query = db
    .select({
      id: exams.id,
      title: exams.title,
      totalMarks: exams.totalMarks,
      passingMarks: exams.passingMarks,
      negativeMarks: exams.negativeMarks,
      tieBreakSection: exams.tieBreakSection,
      resultsPublished: exams.resultsPublished,
      mode: exams.mode,
    })
    .from(exams)
    .where(eq(exams.id, examId));
  const [exam] = lock ? await query.for('update') : await query;
  if (!exam) throw notFound(EXAM_MESSAGES.notFound);
  return exam;
}

export type RegradeExam = Awaited<ReturnType<typeof findExam>>;

/** GET /api/exams/{id}/regrade (admin): the current decision of every multiple-choice question (keep when never decided). */
export async function findDecisions(ctx: Ctx, examId: string): Promise<RegradeDecision[]> {
  const exam = await findExam(ctx.db, examId, false);
  const { qs, stored } = await loadQuestions(ctx.db, examId, Number(exam.negativeMarks));
  const byId = new Map(stored.map((d) => [d.questionId, d]));
  return [...qs.values()]
    .filter((q) => q.type === 'mcq')
    .map((q) => {
      const d = byId.get(q.id);
      return {
        questionId: q.id,
        action: d?.action ?? 'keep',
        correctAnswer: d?.correctAnswer ?? null,
        acceptedAnswers: d?.acceptedAnswers ?? null,
        dropMode: d?.dropMode ?? null,
        originalAnswer: q.originalAnswer,
        decidedAt: d?.decidedAt.toISOString() ?? null,
      };
    });
}

/** Each decision names an MCQ of this exam and options it has: else 400 naming the field, nothing regraded. */
export function checkDecisions(input: RegradeDecisionData[], qs: Map<string, QuestionRow>) {
  input.forEach((d, i) => {
    const field = (name: string) => `decisions.${i}.${name}`;
    const q = qs.get(d.questionId);
    if (!q) throw badRequest(REGRADE_MESSAGES.notInExam, { [field('questionId')]: REGRADE_MESSAGES.notInExam });
    if (q.type !== 'mcq') throw badRequest(REGRADE_MESSAGES.notMcq, { [field('questionId')]: REGRADE_MESSAGES.notMcq });
    const options = [...(d.correctAnswer === null ? [] : [d.correctAnswer]), ...(d.acceptedAnswers ?? [])];
    if (options.some((o) => o >= q.optionsCount)) {
      const name = d.action === 'changeKey' ? 'correctAnswer' : 'acceptedAnswers';
      throw badRequest(REGRADE_MESSAGES.option, { [field(name)]: REGRADE_MESSAGES.option });
    }
  });
}

const sameDecision = (a: KeyDecision, b: KeyDecision) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Stores the decisions that changed: keep removes a question's row (and gives it back the key it was
 * set with); changeKey also becomes the question's key, so the solutions, the item analysis and any
 * later submission read the revised one. Bumps the exam's version when anything changed (the marking
 * cache and the ranks' fingerprint follow it).
 */
export async function writeDecisions(
  tx: Tx,
  actor: Actor,
  examId: string,
  qs: Map<string, QuestionRow>,
  current: Map<string, KeyDecision>,
  next: Map<string, KeyDecision>,
) {
  const touched = [...qs.keys()].filter((id) => !sameDecision(current.get(id) ?? KEEP, next.get(id) ?? KEEP));
  if (touched.length === 0) return;
  const now = new Date();
  const removed = touched.filter((id) => !next.has(id));
  if (removed.length > 0) await tx.delete(questionKeyDecisions).where(inArray(questionKeyDecisions.questionId, removed));
  for (const id of touched) {
    const q = qs.get(id) as QuestionRow;
    const d = next.get(id);
    if (d) {
      const values = { ...d, decidedBy: actor.id, decidedAt: now };
      await tx
        .insert(questionKeyDecisions)
        .values({ questionId: id, examId, originalAnswer: q.originalAnswer, ...values })
        .onConflictDoUpdate({ target: questionKeyDecisions.questionId, set: values });
    }
    const key = d?.action === 'changeKey' ? d.correctAnswer : q.originalAnswer;
    if (key !== q.correctAnswer) await tx.update(questions).set({ correctAnswer: key }).where(eq(questions.id, id));
  }
  await tx.update(exams).set({ updatedAt: now }).where(eq(exams.id, examId));
  await recordAudit(
    tx,
    actor,
    'exam.regrade',
    'exam',
    examId,
    { decisions: touched.map((id) => ({ questionId: id, ...(current.get(id) ?? KEEP) })) },
    { decisions: touched.map((id) => ({ questionId: id, ...(next.get(id) ?? KEEP) })) },
  );
}

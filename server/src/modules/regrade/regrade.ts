import type { RegradeDecisionData, RegradeResult } from '@app/common/schemas/regrade';
import type { Actor, Ctx } from '../../context.ts';
import { computeRankings } from '../rankings/service.ts';
import type { KeyDecision } from './compute.ts';
import { checkDecisions, findExam, loadQuestions, writeDecisions } from './key-decisions.ts';
import { auditRegradedSubmissions, type RegradeMail, storeRegradeMails } from './regrade-notices.ts';
import { planRegrade, summariseRegrade } from './regrade-plan.ts';
import { WRITE_CHUNK, writeSubmissions } from './write-submissions.ts';

// Key decisions and regrade (docs/product-regrade.md, "Regrade").

/**
 * POST /api/exams/{id}/regrade: the named questions get their decisions, the others keep theirs; every
 * submission is re-marked from its original answers under all current decisions. A dry run answers the
 * same figures and writes nothing; otherwise one transaction writes the marks, the ranks, the audit
 * entries and the e-mails.
 */
export async function regradeExam(
  ctx: Ctx,
  actor: Actor,
  examId: string,
  input: { decisions: RegradeDecisionData[]; dryRun: boolean },
): Promise<RegradeResult> {
  const mails: RegradeMail[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const exam = await findExam(tx, examId, !input.dryRun);
    const { qs, decisions: current } = await loadQuestions(tx, examId, Number(exam.negativeMarks));
    checkDecisions(input.decisions, qs);

    const next = new Map(current);
    for (const d of input.decisions) {
      const decision: KeyDecision = {
        action: d.action,
        correctAnswer: d.correctAnswer,
        acceptedAnswers: d.acceptedAnswers,
        dropMode: d.dropMode,
      };
      if (decision.action === 'keep') next.delete(d.questionId);
      else next.set(d.questionId, decision);
    }

    const planned = await planRegrade(tx, examId, exam, qs, next);
    const affected = planned.filter((p) => p.marksChanged);

    if (!input.dryRun) {
      await writeDecisions(tx, actor, examId, qs, current, next);
      const changed = planned.filter((x) => x.changed);
      for (let i = 0; i < changed.length; i += WRITE_CHUNK) await writeSubmissions(tx, changed.slice(i, i + WRITE_CHUNK));
      await auditRegradedSubmissions(tx, actor, affected);
      mails.push(...(await storeRegradeMails(ctx, tx, exam, affected, planned.length)));
      // Every rank and percentile afresh, in the same transaction (docs/product-results.md).
      await computeRankings(tx, examId);
    }

    return summariseRegrade(planned, affected, input.dryRun, mails.length);
  });
  // Delivered after the commit: the outbox rows exist exactly when the new marks do.
  await Promise.all(mails.map(({ id, message }) => ctx.mailer.sendStored(id, message).catch(() => false)));
  return result;
}

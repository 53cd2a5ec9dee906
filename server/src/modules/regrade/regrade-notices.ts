import { areResultsOut, isRankedExam } from '@app/common/rules/publication';
import type { Actor, Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { recordAuditMany } from '../../lib/audit.ts';
import type { StoredMail } from '../messaging/mail.ts';
import type { RegradeExam } from './key-decisions.ts';
import { regradeMail } from './mail.ts';
import type { Planned } from './regrade-plan.ts';
import { WRITE_CHUNK } from './write-submissions.ts';

// What a regrade records besides the marks (docs/product-regrade.md, "Regrade"): an audit entry and an
// e-mail for every submission whose marks changed.

export type RegradeMail = StoredMail;

/** One `submission.regrade` audit entry per affected submission, written a chunk at a time. */
export async function auditRegradedSubmissions(tx: Tx, actor: Actor, affected: Planned[]) {
  for (let i = 0; i < affected.length; i += WRITE_CHUNK) {
    const chunk = affected.slice(i, i + WRITE_CHUNK);
    await recordAuditMany(
      tx,
      actor,
      'submission.regrade',
      'submission',
      chunk.map((p) => ({ entityId: p.id, before: p.before, after: p.after })),
    );
  }
}

/** Stores the affected students' e-mails in the outbox within the transaction; the caller delivers them after the commit. */
export async function storeRegradeMails(
  ctx: Ctx,
  tx: Tx,
  exam: RegradeExam,
  affected: Planned[],
  candidates: number,
): Promise<RegradeMail[]> {
  const ranked = isRankedExam(exam);
  const messages = affected.map((p) => ({
    to: p.email,
    ...regradeMail({
      name: p.studentName,
      exam: exam.title,
      published: areResultsOut(exam),
      before: p.before,
      after: p.after,
      ranked,
      candidates,
    }),
  }));
  return ctx.mailer.storeAllIn(tx, messages);
}

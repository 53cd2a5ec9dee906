import { areMarksVisible, isRankedExam } from '@app/common/rules/publication';
import { desc, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { exams, notificationSends, submissions } from '../../db/schema.ts';
import type { Attachment } from '../messaging/mail.ts';
import { emailOf } from '../messaging/notices.ts';
import { guardianPaymentNotice, guardianResultNotice } from '../messaging/guardian-notices.ts';
import { once, sendAfterCommit, storeNotices } from '../messaging/service.ts';
import { ensureRankings, findRanks } from '../rankings/service.ts';
import { guardianItems, withGuardians } from './recipients.ts';

// The guardians' alerts raised when something happens (docs/product-parents.md "Alerts"): a result
// published (with the score and rank), a payment received (with its receipt). Each once, by its key.

/**
 * An exam's results published: each child's guardians are told the child's score and rank, once per
 * child and exam, on the channels they chose for results. Called where the students are told
 * (submissions/evaluate.ts publishResults).
 */
export async function notifyGuardiansOfResults(ctx: Ctx, examId: string) {
  const [exam] = await ctx.db.select().from(exams).where(eq(exams.id, examId));
  if (!exam?.resultsPublished) return;
  const rows = await ctx.db
    .select({
      id: submissions.id,
      studentId: submissions.studentId,
      status: submissions.status,
      marksObtained: submissions.marksObtained,
      totalMarks: submissions.totalMarks,
    })
    .from(submissions)
    .where(eq(submissions.examId, examId))
    .orderBy(desc(submissions.submittedAt));
  // A child's latest evaluated attempt (a ranked mock has one); marks only as the publication rule shows them.
  const latest = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!latest.has(r.studentId) && areMarksVisible(exam, r)) latest.set(r.studentId, r);
  const guarded = await withGuardians(ctx.db, [...latest.keys()]);
  if (guarded.size === 0) return;
  const ranked = isRankedExam(exam);
  if (ranked) await ensureRankings(ctx.db, [examId]);
  const ranks = ranked
    ? await findRanks(
        ctx.db,
        [...latest.values()].map((s) => s.id),
      )
    : new Map();
  for (const studentId of guarded) {
    const s = latest.get(studentId);
    if (!s) continue;
    const rank = ranks.get(s.id);
    const result = await once(ctx, { kind: 'guardian-results', subjectId: `${examId}:${studentId}`, stage: 'published' }, (tx) =>
      guardianItems(tx, [studentId], 'results', ({ child, parentName }) =>
        guardianResultNotice({
          parent: parentName,
          child: child.name,
          exam: exam.title,
          marksObtained: s.marksObtained,
          totalMarks: s.totalMarks,
          rank: rank?.rank ?? null,
          candidates: rank?.candidates ?? null,
        }),
      ),
    );
    if (result) sendAfterCommit(ctx, result.pending);
  }
}

/**
 * A payment completed: the student's guardians get its receipt, once per payment, on the channels they
 * chose for fees: SMS and WhatsApp with the receipt number, the e-mail with the receipt (or tax invoice)
 * PDF. Called where the student's confirmation is queued (payments/mail.ts).
 */
export async function notifyGuardiansOfPayment(
  ctx: Ctx,
  p: { id: string; studentId: string; courseName: string; amountPaise: number; receiptNumber: string | null; orderId: string },
  attachment: Attachment | null,
) {
  if ((await withGuardians(ctx.db, [p.studentId])).size === 0) return;
  const pending = await ctx.db.transaction(async (tx) => {
    const items = await guardianItems(tx, [p.studentId], 'fees', ({ child, parentName }) =>
      guardianPaymentNotice({
        parent: parentName,
        child: child.name,
        course: p.courseName,
        amountPaise: p.amountPaise,
        receipt: p.receiptNumber ?? p.orderId,
      }),
    );
    const taken = await tx
      .insert(notificationSends)
      .values({ kind: 'guardian-payment', subjectId: p.id, stage: 'completed', recipients: items.length })
      .onConflictDoNothing()
      .returning({ kind: notificationSends.kind });
    if (taken.length === 0) return null;
    const stored = await storeNotices(ctx, tx, items, { skipEmail: true });
    // The e-mail carries the PDF, so it is stored here with its attachment rather than as a plain notice.
    const mails = items
      .filter((i) => i.recipient.email && i.channels?.includes('email'))
      .map((i) => ({ ...emailOf(i.notice, i.recipient.email as string), attachments: attachment ? [attachment] : [] }));
    const storedMails = await ctx.mailer.storeAllIn(tx, mails);
    return { ...stored, mails: [...stored.mails, ...storedMails], stored: stored.stored + storedMails.length };
  });
  if (pending) sendAfterCommit(ctx, pending);
}

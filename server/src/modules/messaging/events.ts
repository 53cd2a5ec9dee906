import type { Ctx } from '../../context.ts';
import { eq } from 'drizzle-orm';
import { exams, notificationSends, submissions } from '../../db/schema.ts';
import { admissionApprovedNotice, paymentReceivedNotice, resultsPublishedNotice } from './notices.ts';
import { findRecipients, once, sendAfterCommit, storeNotices } from './service.ts';

// Notices other modules raise when something happens (docs/product-notifications.md, "Messages").
// Their e-mails go out by their own path (the payment confirmation with its receipt, the approval's
// credentials); these add the student's SMS and WhatsApp.

/** A payment completed: once per payment, by the student's SMS and WhatsApp. */
export async function notifyPaymentReceived(
  ctx: Ctx,
  p: {
    id: string;
    studentId: string;
    courseName: string;
    amountPaise: number;
    receiptNumber: string | null;
    orderId: string;
    paidAt: Date | null;
  },
) {
  const pending = await ctx.db.transaction(async (tx) => {
    const taken = await tx
      .insert(notificationSends)
      .values({ kind: 'payment-received', subjectId: p.id, stage: 'completed', recipients: 1 })
      .onConflictDoNothing()
      .returning({ kind: notificationSends.kind });
    if (taken.length === 0) return null;
    const [recipient] = await findRecipients(tx, [p.studentId]);
    if (!recipient) return null;
    const notice = paymentReceivedNotice({
      name: recipient.firstName,
      course: p.courseName,
      amountPaise: p.amountPaise,
      receipt: p.receiptNumber ?? p.orderId,
      paidAt: p.paidAt ?? new Date(),
    });
    return storeNotices(ctx, tx, [{ recipient, notice }], { skipEmail: true });
  });
  if (pending) sendAfterCommit(ctx, pending);
}

/** An admission approved: the new student's SMS and WhatsApp, when their account has them turned on. */
export async function notifyAdmissionApproved(ctx: Ctx, p: { userId: string; course: string; registrationNumber: string }) {
  const [recipient] = await findRecipients(ctx.db, [p.userId]);
  if (!recipient) return;
  const notice = admissionApprovedNotice({
    name: recipient.firstName,
    course: p.course,
    registrationNumber: p.registrationNumber,
    loginUrl: `${ctx.config.publicUrl}/login`,
  });
  const pending = await ctx.db.transaction((tx) => storeNotices(ctx, tx, [{ recipient, notice }], { skipEmail: true }));
  sendAfterCommit(ctx, pending);
}

/** Results published: everyone who took the exam is told, once per exam. */
export async function notifyResultsPublished(ctx: Ctx, examId: string) {
  const [exam] = await ctx.db.select({ id: exams.id, title: exams.title }).from(exams).where(eq(exams.id, examId));
  if (!exam) return;
  const url = `${ctx.config.publicUrl}/student/results`;
  const result = await once(ctx, { kind: 'results-published', subjectId: exam.id, stage: 'published' }, async (tx) => {
    const takers = await tx.selectDistinct({ id: submissions.studentId }).from(submissions).where(eq(submissions.examId, exam.id));
    const recipients = await findRecipients(
      tx,
      takers.map((t) => t.id),
    );
    return recipients.map((recipient) => ({
      recipient,
      notice: resultsPublishedNotice({ name: recipient.firstName, exam: exam.title, url }),
    }));
  });
  if (result) sendAfterCommit(ctx, result.pending);
}

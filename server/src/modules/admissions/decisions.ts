import { eq } from 'drizzle-orm';
import { ADMISSION_MSG } from '@app/common/schemas/admissions';
import type { Actor, Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { admissionRequests, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { generatePassword, hashPassword } from '../../lib/passwords.ts';
import type { Message } from '../messaging/mail.ts';
import { rejectionMail } from '../messaging/mail-templates.ts';
import { checkBatchForStudent } from '../batches/service.ts';
import { findAdmissionDto } from './dto.ts';
import { enrolApplicant } from './enrolment.ts';
import { notifyAdmissionApproved } from '../messaging/events.ts';

/** Locks the pending request for this transaction; a second decision waits here, then finds it decided. */
async function lockPendingRequest(tx: Tx, id: string) {
  const [request] = await tx.select().from(admissionRequests).where(eq(admissionRequests.id, id)).for('update');
  if (!request) throw notFound(ADMISSION_MSG.notFound);
  if (request.status !== 'pending') throw conflict(ADMISSION_MSG.alreadyDecided(request.status));
  return request;
}

/** Mail goes out after the commit; a failure leaves it queued in the outbox and never undoes the decision. */
async function trySend(ctx: Ctx, message: Message) {
  try {
    return await ctx.mailer.send(message);
  } catch {
    return false;
  }
}

/**
 * Approves a pending request (docs/product.md section 4): creates the student account with a temporary password in
 * the same transaction as the status change, so two approvals at once create exactly one account.
 */
/** The admin's notes on a decision; they reach the applicant only when written for them. */
export type DecisionNotes = { adminNotes: string | null; noteIsForApplicant: boolean };

export async function approveAdmission(
  ctx: Ctx,
  actor: Actor,
  id: string,
  { adminNotes, noteIsForApplicant, batch }: DecisionNotes & { batch?: string | null },
) {
  const batchId = batch ?? null;
  const temporaryPassword = generatePassword();
  const passwordHash = await hashPassword(temporaryPassword);

  let outcome: { user: typeof users.$inferSelect & { email: string }; mail: Message; mailId: string };
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const request = await lockPendingRequest(tx, id);
      const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, request.email)).limit(1);
      if (account) throw conflict(ADMISSION_MSG.approveAccountExists);
      if (batchId) await checkBatchForStudent(tx, batchId);
      return enrolApplicant(ctx, tx, actor, {
        request,
        adminNotes,
        noteIsForApplicant,
        batchId,
        passwordHash,
        temporaryPassword,
        now: new Date(),
      });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw conflict(ADMISSION_MSG.approveAccountExists);
    throw err;
  }

  const { user, mail, mailId } = outcome;
  const emailSent = await ctx.mailer.sendStored(mailId, mail).catch(() => false);
  const request = (await findAdmissionDto(ctx.db, id))!;
  // The student's other channels, through the one notification service (docs/product-notifications.md).
  await notifyAdmissionApproved(ctx, {
    userId: user.id,
    course: request.courseName ?? 'our course',
    registrationNumber: user.registrationNumber ?? '',
  }).catch(() => {});
  return {
    message: ADMISSION_MSG.approved,
    user: { _id: user.id, email: user.email, temporaryPassword, registrationNumber: user.registrationNumber! },
    emailSent,
    emailPreview: ctx.mailer.usesSmtp ? null : mail.text,
    notice: emailSent ? ADMISSION_MSG.noticeSent : ADMISSION_MSG.noticeFailed,
    request,
  };
}

/** Rejects a pending request and mails a notification (docs/product.md section 4). */
export async function rejectAdmission(ctx: Ctx, actor: Actor, id: string, { adminNotes, noteIsForApplicant }: DecisionNotes) {
  const request = await ctx.db.transaction(async (tx) => {
    const pending = await lockPendingRequest(tx, id);
    await tx
      .update(admissionRequests)
      .set({ status: 'rejected', rejectedAt: new Date(), decidedBy: actor.id, adminNotes, noteIsForApplicant })
      .where(eq(admissionRequests.id, id));
    await recordAudit(
      tx,
      actor,
      'admission.reject',
      'admission_request',
      id,
      { status: 'pending', adminNotes: pending.adminNotes },
      { status: 'rejected', adminNotes, noteIsForApplicant },
    );
    return pending;
  });
  const dto = (await findAdmissionDto(ctx.db, id))!;
  // Internal notes (the dashboard's "Rejected from dashboard" among them) never leave the office.
  const mail = rejectionMail({
    name: request.fullName,
    course: dto.courseName ?? 'our course',
    notes: noteIsForApplicant ? adminNotes : null,
  });
  const emailSent = await trySend(ctx, { to: request.email, ...mail });
  return { message: ADMISSION_MSG.rejected, emailSent, request: dto };
}

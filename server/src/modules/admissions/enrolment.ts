import { eq } from 'drizzle-orm';
import { DEFAULT_FEE_PLAN } from '@app/common/rules/fee-plans';
import type { Actor, Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { admissionRequests, courses, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Message } from '../messaging/mail.ts';
import { welcomeMail } from '../messaging/mail-templates.ts';
import { financialYear, yearInIndia } from '@app/common/rules/dates';
import { lockNumbering, nextNumber, noteNumber, splitFullName } from './numbers.ts';
import { markEnquiryAdmitted } from '../enquiries/admissions-link.ts';
import { accountEmail, withEmail } from '../../lib/account-email.ts';
import { guardiansOfRequest, saveGuardians } from '../guardians/store.ts';

type RequestRow = typeof admissionRequests.$inferSelect;

export type Enrolment = {
  request: RequestRow;
  adminNotes: string | null;
  /** The notes are the admin's message to the applicant (mailed); otherwise they stay internal. */
  noteIsForApplicant?: boolean;
  batchId: string | null;
  passwordHash: string;
  temporaryPassword: string;
  /** A number the institute already gave the student (an import); else the next LCI number. */
  registrationNumber?: string | null;
  now: Date;
};

/**
 * Turns a pending admission request into an approved one with its student account, in the caller's
 * transaction: numbers, the account, the approval, the audit entry and the credentials mail (stored in
 * the outbox with the account, so an approval never stands without it; deliver it after the commit).
 * Used by the admin's approval and by the student import.
 */
export async function enrolApplicant(ctx: Ctx, tx: Tx, actor: Actor, e: Enrolment) {
  const { request, now } = e;
  const [course] = request.courseId
    ? await tx
        .select({ name: courses.name, pricePaise: courses.pricePaise, feePlan: courses.feePlan })
        .from(courses)
        .where(eq(courses.id, request.courseId))
        .limit(1)
    : [];
  const year = yearInIndia(now);
  await lockNumbering(tx);
  const registrationNumber = e.registrationNumber || (await nextNumber(tx, 'users', users.registrationNumber, `LCI-${year}-`));
  if (e.registrationNumber) noteNumber(tx, 'users', `LCI-${year}-`, e.registrationNumber);
  const admissionNumber = await nextNumber(tx, 'admission_requests', admissionRequests.admissionNumber, `ADM-${year}-`);
  const batchYear = financialYear(now);

  const [user] = await tx
    .insert(users)
    .values({
      ...splitFullName(request.fullName),
      email: request.email,
      phone: request.phone,
      role: 'student',
      passwordHash: e.passwordHash,
      registrationNumber,
      courseInterest: course?.name ?? null,
      education: request.education,
      centreId: request.centreId,
      batchId: e.batchId,
    })
    .returning();
  await tx
    .update(admissionRequests)
    // The fee and its plan are fixed at approval: a later change to the course's price or plan does not
    // change what this student owes or when (docs/product.md section 11).
    .set({
      status: 'approved',
      approvedAt: now,
      decidedBy: actor.id,
      adminNotes: e.adminNotes,
      noteIsForApplicant: e.noteIsForApplicant ?? false,
      admissionNumber,
      batchYear,
      feePaise: course?.pricePaise ?? null,
      feePlan: course?.feePlan ?? DEFAULT_FEE_PLAN,
      userId: user.id,
    })
    .where(eq(admissionRequests.id, request.id));
  await markEnquiryAdmitted(tx, actor, request.id, user.id, now);
  // The guardians given on the form become the student's, each with their parent account (one per phone:
  // siblings share it), in this transaction (docs/product-parents.md "Guardians").
  const guardians = guardiansOfRequest(request.guardians, request.application);
  if (guardians.length > 0) await saveGuardians(tx, user.id, guardians, true);
  await recordAudit(
    tx,
    actor,
    'admission.approve',
    'admission_request',
    request.id,
    { status: 'pending', adminNotes: request.adminNotes },
    {
      status: 'approved',
      adminNotes: e.adminNotes,
      noteIsForApplicant: e.noteIsForApplicant ?? false,
      admissionNumber,
      batchYear,
      userId: user.id,
      registrationNumber,
      batch: e.batchId,
    },
  );
  const mail: Message = {
    to: accountEmail(user),
    ...welcomeMail({
      name: request.fullName,
      email: accountEmail(user),
      password: e.temporaryPassword,
      registrationNumber,
      loginUrl: `${ctx.config.publicUrl}/login`,
      course: course?.name ?? 'your course',
      note: e.noteIsForApplicant ? e.adminNotes : null,
    }),
  };
  const mailId = await ctx.mailer.storeIn(tx, mail);
  return { user: withEmail(user), mail, mailId };
}

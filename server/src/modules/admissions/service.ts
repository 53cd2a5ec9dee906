import { and, desc, eq, sql } from 'drizzle-orm';
import { admissionFilter, ownStudentId, type Scope } from '../../lib/record-scope.ts';
import { toRupees } from '@app/common';
import { ADMISSION_MSG, type AdmissionStatus, type ApplicationDetails, type StudentAdmission } from '@app/common/schemas/admissions';
import { indianPhoneDigits } from '@app/common/schemas/fields';
import type { Actor, Ctx } from '../../context.ts';
import { admissionRequests, centres, courses, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { accountExistsMail } from '../messaging/mail-templates.ts';
import { findAdmissionDto, selectAdmissionRequests, shownToAdmins, toAdmissionDto, toCentreDto } from './dto.ts';
import { admissionFeePaise } from '../payments/fees.ts';
import { markEnquiryApplied } from '../enquiries/admissions-link.ts';
import { accountEmail } from '../../lib/account-email.ts';
import type { GuardianLine } from '../guardians/store.ts';

export type AdmissionInput = {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  education: string;
  course: string;
  centre: string;
  reason: string;
  /** The parent or guardian (1-2, docs/product-parents.md); absent: the emergency contact is the first guardian. */
  guardians?: GuardianLine[];
} & Partial<ApplicationDetails>;

const APPLICATION_KEYS = [
  'batchPreference',
  'lastQualification',
  'institution',
  'yearOfPassing',
  'percentage',
  'emergencyContactName',
  'emergencyContactRelation',
  'emergencyContactPhone',
] as const;

/** The Application Form's answers, when the body carried them (the schema made them all-or-nothing). */
function applicationOf(input: AdmissionInput): ApplicationDetails | null {
  if (APPLICATION_KEYS.every((k) => input[k] === undefined)) return null;
  const details = Object.fromEntries(APPLICATION_KEYS.map((k) => [k, input[k]])) as ApplicationDetails;
  // A form that sent guardians instead of the emergency contact: the first guardian is that contact, so the
  // application reads as it always did.
  const first = input.guardians?.[0];
  if (first && details.emergencyContactName === undefined) {
    details.emergencyContactName = first.name;
    details.emergencyContactRelation = first.relation;
    details.emergencyContactPhone = first.phone ?? first.email ?? '';
  }
  return details;
}

const PENDING_EMAIL_KEY = 'admission_requests_pending_email_key';

/** A visitor's request (docs/product.md section 5). The selected course and centre are looked up here, never trusted. */
export async function createAdmissionRequest(ctx: Ctx, input: AdmissionInput) {
  const [course] = await ctx.db.select().from(courses).where(eq(courses.id, input.course)).limit(1);
  if (!course?.isActive) throw badRequest(ADMISSION_MSG.courseUnavailable, { course: ADMISSION_MSG.courseUnavailable });
  const [centre] = await ctx.db.select().from(centres).where(eq(centres.id, input.centre)).limit(1);
  if (!centre) throw badRequest('Please select a centre', { centre: 'Please select a centre' });

  let id: string;
  try {
    const [row] = await ctx.db
      .insert(admissionRequests)
      .values({
        fullName: input.fullName,
        email: input.email,
        phone: input.phone,
        address: input.address,
        education: input.education,
        courseId: course.id,
        centreId: centre.id,
        reason: input.reason,
        application: applicationOf(input),
        guardians:
          input.guardians?.map((g) => ({
            name: g.name,
            relation: g.relation,
            ...(g.phone ? { phone: g.phone } : {}),
            ...(g.email ? { email: g.email } : {}),
          })) ?? null,
      })
      .returning({ id: admissionRequests.id });
    id = row.id;
  } catch (err) {
    // The partial unique index decides, also when two identical requests arrive at once.
    if (isUniqueViolation(err, PENDING_EMAIL_KEY)) throw conflict(ADMISSION_MSG.duplicatePending);
    throw err;
  }
  // The desk's enquiry of this person, if any, has applied (docs/product-admissions-desk.md, "Admissions").
  await markEnquiryApplied(ctx.db, { id, phone: input.phone, email: input.email });
  // The answer is the same whether or not the e-mail has an account (who has one is nobody's business);
  // the account holder is told by e-mail to sign in instead, and an admin's approval is refused.
  const [account] = await ctx.db.select({ firstName: users.firstName }).from(users).where(eq(users.email, input.email)).limit(1);
  if (account) {
    await ctx.mailer.queue({
      to: input.email,
      ...accountExistsMail({ name: account.firstName, loginUrl: `${ctx.config.publicUrl}/login` }),
    });
  }
  const request = await findAdmissionDto(ctx.db, id);
  return { message: ADMISSION_MSG.submitted, request: request! };
}

/**
 * The newest request for an e-mail among those given with this phone number (docs/product.md section 5):
 * a request someone else sent under the same e-mail never hides the applicant's own. An unknown e-mail and
 * a wrong phone get the same 404. The admin's note is shown only when it was written for the applicant.
 */
export async function findAdmissionStatus(ctx: Ctx, email: string, phone: string) {
  const rows = await ctx.db
    .select({ request: admissionRequests, course: courses })
    .from(admissionRequests)
    .leftJoin(courses, eq(admissionRequests.courseId, courses.id))
    .where(eq(admissionRequests.email, email))
    .orderBy(desc(admissionRequests.createdAt));
  // The same number by the phone rule, however it was typed ("+91 98765-43210" is 9876543210).
  const wanted = indianPhoneDigits(phone);
  const row = wanted === null ? undefined : rows.find((r) => indianPhoneDigits(r.request.phone) === wanted);
  if (!row) throw notFound(ADMISSION_MSG.noRequestForEmail);
  const { request: r, course } = row;
  return {
    fullName: r.fullName,
    course: course?.name ?? null,
    courseDetails: course ? { description: course.description, price: toRupees(course.pricePaise), feeType: course.feeType } : null,
    createdAt: r.createdAt.toISOString(),
    status: r.status,
    approvedAt: r.approvedAt?.toISOString() ?? null,
    adminNotes: r.noteIsForApplicant ? r.adminNotes : null,
  };
}

/** The requests of the scope: a centre manager's centres' (docs/product-staff.md), everyone else's all. */
export async function findAdmissionRequests(ctx: Ctx, scope: Scope, status?: AdmissionStatus) {
  const rows = await selectAdmissionRequests(ctx.db)
    .where(and(status ? eq(admissionRequests.status, status) : undefined, admissionFilter(scope), shownToAdmins))
    .orderBy(desc(admissionRequests.createdAt), desc(admissionRequests.id));
  return rows.map(toAdmissionDto);
}

export async function findAdmissionRequest(ctx: Ctx, id: string) {
  const request = await findAdmissionDto(ctx.db, id);
  if (!request) throw notFound(ADMISSION_MSG.notFound);
  return request;
}

/** A request of another centre is "not found" to a centre manager (docs/product-staff.md). */
export async function assertAdmissionInScope(ctx: Ctx, id: string, scope: Scope) {
  const filter = admissionFilter(scope);
  if (filter === undefined) return;
  const [row] = await ctx.db
    .select({ id: admissionRequests.id })
    .from(admissionRequests)
    .where(and(eq(admissionRequests.id, id), filter))
    .limit(1);
  if (!row) throw notFound(ADMISSION_MSG.notFound);
}

/** Any status; the student account an approval created stays (docs/product.md section 4). */
export async function deleteAdmissionRequest(ctx: Ctx, actor: Actor, id: string) {
  const before = await findAdmissionDto(ctx.db, id);
  if (!before) throw notFound(ADMISSION_MSG.notFound);
  await ctx.db.transaction(async (tx) => {
    const removed = await tx.delete(admissionRequests).where(eq(admissionRequests.id, id)).returning({ id: admissionRequests.id });
    if (removed.length === 0) throw notFound(ADMISSION_MSG.notFound);
    await recordAudit(tx, actor, 'admission.delete', 'admission_request', id, before, null);
  });
  return { message: ADMISSION_MSG.deleted };
}

const RECORD_STATUS = { approved: 'APPROVED', pending: 'PENDING', rejected: 'REJECTED' } as const;

/** The signed-in student's own admission: the request that created their account, else one under their e-mail. */
export async function findStudentAdmission(ctx: Ctx, actor: Actor, scope: Scope): Promise<StudentAdmission> {
  const [row] = await ctx.db
    .select({ request: admissionRequests, course: courses, centre: centres, courseInterest: users.courseInterest })
    .from(admissionRequests)
    .innerJoin(users, eq(users.id, ownStudentId(scope)))
    .leftJoin(courses, eq(admissionRequests.courseId, courses.id))
    .leftJoin(centres, eq(admissionRequests.centreId, centres.id))
    .where(admissionFilter(scope, accountEmail(actor)))
    .orderBy(sql`(${admissionRequests.status} = 'approved') desc`, desc(admissionRequests.createdAt))
    .limit(1);
  if (!row) throw notFound(ADMISSION_MSG.noAdmissionRecord);
  const { request: r, course, centre } = row;
  const application = r.application as ApplicationDetails | null;
  return {
    admissionId: r.admissionNumber ?? r.id,
    course: course
      ? {
          _id: course.id,
          name: course.name,
          fees: toRupees(admissionFeePaise(r.feePaise, course.pricePaise)),
          feeType: course.feeType,
          duration: course.duration,
        }
      : { _id: null, name: row.courseInterest ?? 'Course', fees: null, feeType: null, duration: null },
    batchPreference: application?.batchPreference ?? null,
    batchYear: r.batchYear,
    centre: centre ? toCentreDto(centre) : null,
    admissionDate: (r.approvedAt ?? r.createdAt).toISOString(),
    status: RECORD_STATUS[r.status],
  };
}

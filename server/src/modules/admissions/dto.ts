import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { toRupees } from '@app/common';
import type { AdmissionRequest, ApplicationDetails } from '@app/common/schemas/admissions';
import type { Db, Tx } from '../../db/client.ts';
import { guardiansOfRequest } from '../guardians/store.ts';
import { admissionRequests, centres, courses, users } from '../../db/schema.ts';

type RequestRow = typeof admissionRequests.$inferSelect;
type CourseRow = typeof courses.$inferSelect;
type CentreRow = typeof centres.$inferSelect;

const decider = alias(users, 'decider');

/** An admission request with what the API shows beside it: course, centre and who decided. */
export function selectAdmissionRequests(db: Db | Tx) {
  return db
    .select({
      request: admissionRequests,
      course: courses,
      centre: centres,
      decider: { firstName: decider.firstName, lastName: decider.lastName },
    })
    .from(admissionRequests)
    .leftJoin(courses, eq(admissionRequests.courseId, courses.id))
    .leftJoin(centres, eq(admissionRequests.centreId, centres.id))
    .leftJoin(decider, eq(admissionRequests.decidedBy, decider.id))
    .$dynamic();
}

/**
 * What the admins' queue, list and dashboard show: every request except a pending one under an e-mail that
 * has an account. Such a request is accepted like any other, so that the answer tells nobody who has an
 * account (docs/product.md section 5), but an approval would be refused and the holder is mailed to sign in:
 * left in the queue, strangers could fill it with requests under real students' e-mails.
 */
export const shownToAdmins = sql`(${admissionRequests.status} <> 'pending' or not exists (select 1 from ${users} where ${users.email} = ${admissionRequests.email}))`;

export type AdmissionJoinRow = {
  request: RequestRow;
  course: CourseRow | null;
  centre: CentreRow | null;
  decider: { firstName: string; lastName: string } | null;
};

export function toAdmissionDto({ request: r, course, centre, decider: d }: AdmissionJoinRow): AdmissionRequest {
  const application = (r.application as ApplicationDetails | null) ?? null;
  return {
    _id: r.id,
    fullName: r.fullName,
    email: r.email,
    phone: r.phone,
    address: r.address,
    education: r.education,
    course: r.courseId,
    courseName: course?.name ?? null,
    centre: r.centreId,
    reason: r.reason,
    status: r.status,
    adminNotes: r.adminNotes,
    noteIsForApplicant: r.noteIsForApplicant,
    admissionNumber: r.admissionNumber,
    batchYear: r.batchYear,
    userId: r.userId,
    decidedBy: d ? `${d.firstName} ${d.lastName}`.trim() : null,
    application,
    batchPreference: application?.batchPreference ?? null,
    lastQualification: application?.lastQualification ?? null,
    institution: application?.institution ?? null,
    yearOfPassing: application?.yearOfPassing ?? null,
    percentage: application?.percentage ?? null,
    emergencyContactName: application?.emergencyContactName ?? null,
    emergencyContactRelation: application?.emergencyContactRelation ?? null,
    emergencyContactPhone: application?.emergencyContactPhone ?? null,
    guardians: guardiansOfRequest(r.guardians, application).map((g) => ({
      name: g.name,
      relation: g.relation,
      phone: g.phone ?? null,
      email: g.email ?? null,
    })),
    selectedCourse: course ? { id: course.id, name: course.name, price: toRupees(course.pricePaise) } : null,
    selectedCentre: centre ? toCentreDto(centre) : null,
    createdAt: r.createdAt.toISOString(),
    // The request is stored when submitted: both dates are the same moment.
    submittedAt: r.createdAt.toISOString(),
    approvedAt: r.approvedAt?.toISOString() ?? null,
    rejectedAt: r.rejectedAt?.toISOString() ?? null,
  };
}

export const toCentreDto = (c: CentreRow) => ({ id: c.id, name: c.name, location: c.location, address: c.address, phone: c.phone });

export async function findAdmissionDto(db: Db | Tx, id: string): Promise<AdmissionRequest | null> {
  const [row] = await selectAdmissionRequests(db).where(eq(admissionRequests.id, id)).limit(1);
  return row ? toAdmissionDto(row) : null;
}

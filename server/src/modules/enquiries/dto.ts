import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type DeskEnquiry, ENQUIRY_STALE_DAYS, type EnquiryDetail } from '@app/common/schemas/enquiries';
import type { Db, Tx } from '../../db/client.ts';
import { centres, courses, enquiries, enquiryActivities, users } from '../../db/schema.ts';

// The desk's enquiry as the API speaks it (common/schemas/enquiries.ts): names beside ids, India's days,
// and whether it has gone stale.

export type EnquiryRow = typeof enquiries.$inferSelect;

/** Admitted and lost are the end of an enquiry; every other stage is open (the follow-ups, stale, merging). */
export const isOpenStage = (stage: string) => stage !== 'admitted' && stage !== 'lost';
export const openEnquirySql = sql`${enquiries.stage} not in ('admitted', 'lost')`;

const STALE_MS = ENQUIRY_STALE_DAYS * 86_400_000;
const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

async function namesOf(db: Db | Tx, rows: EnquiryRow[]) {
  const userIds = [...new Set(rows.map((r) => r.ownerId).filter((v): v is string => v !== null))];
  const courseIds = [...new Set(rows.map((r) => r.courseId).filter((v): v is string => v !== null))];
  const [owners, courseRows, centreRows] = await Promise.all([
    userIds.length
      ? db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, userIds))
      : [],
    courseIds.length ? db.select({ id: courses.id, name: courses.name }).from(courses).where(inArray(courses.id, courseIds)) : [],
    db.select({ id: centres.id, name: centres.name }).from(centres),
  ]);
  return {
    owner: new Map(owners.map((o) => [o.id, fullName(o)])),
    course: new Map(courseRows.map((c) => [c.id, c.name])),
    centre: new Map(centreRows.map((c) => [c.id, c.name])),
  };
}

/** The rows as the API's enquiries, in the rows' order. */
export async function toEnquiryDtos(db: Db | Tx, rows: EnquiryRow[], now = new Date()): Promise<DeskEnquiry[]> {
  if (rows.length === 0) return [];
  const names = await namesOf(db, rows);
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    phone: r.phone,
    email: r.email,
    classYear: r.classYear,
    course: r.courseId && names.course.has(r.courseId) ? { _id: r.courseId, name: names.course.get(r.courseId) as string } : null,
    centre: r.centreId ? { id: r.centreId, name: names.centre.get(r.centreId) ?? r.centreId } : null,
    source: r.source,
    stage: r.stage,
    lostReason: r.stage === 'lost' ? r.lostReason : null,
    owner: r.ownerId && names.owner.has(r.ownerId) ? { _id: r.ownerId, name: names.owner.get(r.ownerId) as string } : null,
    message: r.message,
    notes: r.notes,
    nextFollowUp: r.nextFollowUp,
    stale: isOpenStage(r.stage) && now.getTime() - r.lastActivityAt.getTime() > STALE_MS,
    lastActivityAt: r.lastActivityAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** One enquiry with its activities, newest first; null when there is none matching `where`. */
export async function findEnquiryDetail(db: Db | Tx, id: string, where?: SQL): Promise<EnquiryDetail | null> {
  const [row] = await db
    .select()
    .from(enquiries)
    .where(and(eq(enquiries.id, id), where))
    .limit(1);
  if (!row) return null;
  const [dto] = await toEnquiryDtos(db, [row]);
  const activities = await db
    .select({
      id: enquiryActivities.id,
      kind: enquiryActivities.kind,
      outcome: enquiryActivities.outcome,
      nextFollowUp: enquiryActivities.nextFollowUp,
      createdAt: enquiryActivities.createdAt,
      actorId: enquiryActivities.actorId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(enquiryActivities)
    .leftJoin(users, eq(users.id, enquiryActivities.actorId))
    .where(eq(enquiryActivities.enquiryId, id))
    .orderBy(desc(enquiryActivities.createdAt), desc(enquiryActivities.id));
  return {
    ...dto,
    activities: activities.map((a) => ({
      _id: a.id,
      kind: a.kind,
      outcome: a.outcome,
      nextFollowUp: a.nextFollowUp,
      by:
        a.actorId && a.firstName !== null
          ? { _id: a.actorId, name: fullName({ firstName: a.firstName, lastName: a.lastName ?? '' }) }
          : null,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}

import { and, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AudienceData } from '@app/common/schemas/exam-schedule';
import { SCHEDULE_MESSAGES } from '@app/common/schemas/exam-schedule';
import type { Db, Tx } from '../../db/client.ts';
import { readAll } from '../../db/read-all.ts';
import { admissionRequests, batches, centres, courses, exams, users } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';

/**
 * Who a student is for an exam's audience (docs/product-batches.md, "Exam scheduling"): the courses
 * of their approved admissions and of their batch (a student added before admissions existed, with
 * no approved admission, is known by the course named on their account), their batch and centre.
 */
export type StudentScope = { courseIds: string[]; batchId: string | null; centreId: string | null };

export async function findStudentScope(db: Db | Tx, studentId: string): Promise<StudentScope | null> {
  return (await findStudentScopes(db, eq(users.id, studentId))).get(studentId) ?? null;
}

/**
 * The scopes of every student `who` (a condition on `users`) selects, by id, in at most three queries
 * whatever their number: an exam's whole audience is found this way (the reminders), one student the same.
 */
export async function findStudentScopes(db: Db | Tx, who: SQL): Promise<Map<string, StudentScope>> {
  const students = and(eq(users.role, 'student'), who);
  const people = await db
    .select({
      id: users.id,
      batchId: users.batchId,
      centreId: users.centreId,
      courseInterest: users.courseInterest,
      batchCourse: batches.courseId,
    })
    .from(users)
    .leftJoin(batches, eq(batches.id, users.batchId))
    .where(students);
  const scopes = new Map<string, StudentScope>();
  if (people.length === 0) return scopes;
  const admitted = await db
    .select({ userId: admissionRequests.userId, courseId: admissionRequests.courseId })
    .from(admissionRequests)
    .innerJoin(users, eq(users.id, admissionRequests.userId))
    .where(and(students, eq(admissionRequests.status, 'approved'), isNotNull(admissionRequests.courseId)))
    .orderBy(desc(admissionRequests.approvedAt));
  const coursesOf = new Map<string, Set<string>>(people.map((p) => [p.id, new Set<string>()]));
  for (const a of admitted) coursesOf.get(a.userId as string)?.add(a.courseId as string);
  for (const p of people) if (p.batchCourse) coursesOf.get(p.id)?.add(p.batchCourse);
  if (people.some((p) => coursesOf.get(p.id)?.size === 0 && p.courseInterest)) {
    const named = await db
      .select({ userId: users.id, courseId: courses.id })
      .from(users)
      .innerJoin(courses, sql`lower(${courses.name}) = lower(${users.courseInterest})`)
      .where(students);
    const unnamed = new Set(people.filter((p) => coursesOf.get(p.id)?.size === 0).map((p) => p.id));
    for (const n of named) if (unnamed.has(n.userId)) coursesOf.get(n.userId)?.add(n.courseId);
  }
  for (const p of people) scopes.set(p.id, { courseIds: [...(coursesOf.get(p.id) ?? [])], batchId: p.batchId, centreId: p.centreId });
  return scopes;
}

const uuidArray = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/** The exams whose audience includes this student, as a condition on `exams`. */
export function audienceIncludes(scope: StudentScope): SQL {
  const conds: SQL[] = [sql`${exams.openToAll}`];
  if (scope.courseIds.length > 0) conds.push(sql`${exams.audienceCourseIds} && ${uuidArray(scope.courseIds)}`);
  if (scope.batchId) conds.push(sql`${scope.batchId}::uuid = any(${exams.audienceBatchIds})`);
  if (scope.centreId) conds.push(sql`${scope.centreId}::text = any(${exams.audienceCentreIds})`);
  return sql`(${sql.join(conds, sql` or `)})`;
}

type ExamAudience = Pick<typeof exams.$inferSelect, 'openToAll' | 'audienceCourseIds' | 'audienceBatchIds' | 'audienceCentreIds'>;

/** The same rule for one exam already read. */
export function isInAudience(exam: ExamAudience, scope: StudentScope | null): boolean {
  if (!scope) return false;
  if (exam.openToAll) return true;
  if (scope.courseIds.some((c) => exam.audienceCourseIds.includes(c))) return true;
  if (scope.batchId && exam.audienceBatchIds.includes(scope.batchId)) return true;
  return scope.centreId !== null && exam.audienceCentreIds.includes(scope.centreId);
}

/** Every course, batch and centre named must exist: else 400 naming the list. */
export async function checkAudience(tx: Tx, a: AudienceData) {
  const [foundCourses, foundBatches, foundCentres] = await readAll(tx, [
    a.courses.length ? tx.select({ id: courses.id }).from(courses).where(inArray(courses.id, a.courses)) : [],
    a.batches.length ? tx.select({ id: batches.id }).from(batches).where(inArray(batches.id, a.batches)) : [],
    a.centres.length ? tx.select({ id: centres.id }).from(centres).where(inArray(centres.id, a.centres)) : [],
  ]);
  if (foundCourses.length < a.courses.length) {
    const message = SCHEDULE_MESSAGES.unknownCourses(a.courses.length - foundCourses.length);
    throw badRequest(message, { 'audience.courses': message });
  }
  if (foundBatches.length < a.batches.length) {
    const message = SCHEDULE_MESSAGES.unknownBatches(a.batches.length - foundBatches.length);
    throw badRequest(message, { 'audience.batches': message });
  }
  if (foundCentres.length < a.centres.length) {
    const known = new Set(foundCentres.map((c) => c.id));
    const message = SCHEDULE_MESSAGES.unknownCentres(a.centres.filter((c) => !known.has(c)));
    throw badRequest(message, { 'audience.centres': message });
  }
}

/** Names for the audience's ids, for admin screens; ids of records deleted since are left out. */
export async function audienceNamesOf(db: Db | Tx, e: ExamAudience) {
  const [cs, bs, ts] = await readAll(db, [
    e.audienceCourseIds.length
      ? db.select({ _id: courses.id, name: courses.name }).from(courses).where(inArray(courses.id, e.audienceCourseIds))
      : [],
    e.audienceBatchIds.length
      ? db.select({ _id: batches.id, name: batches.name }).from(batches).where(inArray(batches.id, e.audienceBatchIds))
      : [],
    e.audienceCentreIds.length
      ? db.select({ _id: centres.id, name: centres.name }).from(centres).where(inArray(centres.id, e.audienceCentreIds))
      : [],
  ]);
  return { courses: cs, batches: bs, centres: ts };
}

import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { BATCH_MSG } from '@app/common/schemas/batches';
import { USER_MSG } from '@app/common/schemas/users';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { admissionRequests, courses, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { checkBatchForStudent } from './service.ts';

export type CourseRef = { _id: string; name: string };

/**
 * The courses a student is enrolled for (docs/product-batches.md, "Students in batches"): those of their
 * approved admissions, newest first; a student without one (added before admissions existed) is known by the
 * course named on the account. Their current batch does not count: it may be the very mistake being fixed.
 */
export async function findStudentCourses(db: Db | Tx, studentId: string): Promise<CourseRef[]> {
  const admitted = await db
    .select({ _id: courses.id, name: courses.name })
    .from(admissionRequests)
    .innerJoin(courses, eq(courses.id, admissionRequests.courseId))
    .where(and(eq(admissionRequests.userId, studentId), eq(admissionRequests.status, 'approved'), isNotNull(admissionRequests.courseId)))
    .orderBy(desc(admissionRequests.approvedAt));
  const seen = new Set<string>();
  const unique = admitted.filter((c) => !seen.has(c._id) && seen.add(c._id));
  if (unique.length > 0) return unique;
  return db
    .select({ _id: courses.id, name: courses.name })
    .from(users)
    .innerJoin(courses, sql`lower(${courses.name}) = lower(trim(${users.courseInterest}))`)
    .where(eq(users.id, studentId))
    .orderBy(asc(courses.name))
    .limit(1);
}

/**
 * Moves a student into a batch (or out of any, with null); the batch must be active and have room. A batch
 * of another course than the student's needs `otherCourse: true`, which the student's page sends once the
 * admin has confirmed (409 OTHER_COURSE without it), so a CLAT student is not put in a Judiciary batch by a slip.
 */
export async function moveStudentToBatch(ctx: Ctx, actor: Actor, id: string, batchId: string | null, otherCourse = false) {
  await ctx.db.transaction(async (tx) => {
    const [student] = await tx
      .select({ id: users.id, batchId: users.batchId })
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, 'student')))
      .for('update');
    if (!student) throw notFound(USER_MSG.notFound);
    if (student.batchId === batchId) return;
    let crossed = false;
    if (batchId) {
      const batch = await checkBatchForStudent(tx, batchId);
      const own = await findStudentCourses(tx, id);
      crossed = own.length > 0 && !own.some((c) => c._id === batch.courseId);
      if (crossed && !otherCourse) {
        const [course] = await tx.select({ name: courses.name }).from(courses).where(eq(courses.id, batch.courseId));
        const message = BATCH_MSG.otherCourse(course?.name ?? 'another course', own.map((c) => c.name).join(', '));
        throw new AppError('CONFLICT', message, undefined, 'OTHER_COURSE');
      }
    }
    await tx.update(users).set({ batchId, updatedAt: new Date() }).where(eq(users.id, id));
    await recordAudit(
      tx,
      actor,
      'user.move-batch',
      'user',
      id,
      { batch: student.batchId },
      crossed ? { batch: batchId, otherCourse: true } : { batch: batchId },
    );
  });
}

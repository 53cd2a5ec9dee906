import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { BATCH_MSG, type Batch, type BatchListQuery, type batchBody, type batchPatchBody } from '@app/common/schemas/batches';
import type { z } from 'zod';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { batches, centres, courses, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';

type BatchRow = typeof batches.$inferSelect;

const studentsCount = sql<number>`(select count(*)::int from ${users} where ${users.batchId} = ${batches.id} and ${users.role} = 'student')`;

function selectBatches(db: Db | Tx) {
  return db
    .select({ batch: batches, courseName: courses.name, centreName: centres.name, studentsCount })
    .from(batches)
    .innerJoin(courses, eq(courses.id, batches.courseId))
    .innerJoin(centres, eq(centres.id, batches.centreId))
    .$dynamic();
}

type Selected = { batch: BatchRow; courseName: string; centreName: string; studentsCount: number };

export function toBatchDto(r: Selected): Batch {
  const b = r.batch;
  return {
    _id: b.id,
    name: b.name,
    course: b.courseId,
    courseName: r.courseName,
    centre: b.centreId,
    centreName: r.centreName,
    academicYear: b.academicYear,
    timing: b.timing,
    startsOn: b.startsOn,
    endsOn: b.endsOn,
    capacity: b.capacity,
    isActive: b.isActive,
    studentsCount: r.studentsCount,
  };
}

/** `scope`: the batches the caller works with (scope.ts); undefined for all. */
export async function findBatches(ctx: Ctx, q: BatchListQuery, scope?: SQL): Promise<Batch[]> {
  const conds: SQL[] = scope ? [scope] : [];
  if (q.centre) conds.push(eq(batches.centreId, q.centre));
  if (q.course) conds.push(eq(batches.courseId, q.course));
  if (q.academicYear) conds.push(eq(batches.academicYear, q.academicYear));
  if (q.status) conds.push(eq(batches.isActive, q.status === 'active'));
  const rows = await selectBatches(ctx.db)
    .where(and(...conds))
    .orderBy(asc(batches.academicYear), asc(sql`lower(${batches.name})`));
  return rows.map(toBatchDto);
}

export async function findBatch(db: Db | Tx, id: string): Promise<Batch> {
  const [row] = await selectBatches(db).where(eq(batches.id, id));
  if (!row) throw notFound(BATCH_MSG.notFound);
  return toBatchDto(row);
}

/** The course and centre must exist: a batch of neither is refused with the field named. */
async function checkReferences(tx: Tx, course?: string, centre?: string) {
  if (course) {
    const [c] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, course));
    if (!c) throw badRequest(BATCH_MSG.courseNotFound, { course: BATCH_MSG.courseNotFound });
  }
  if (centre) {
    const [c] = await tx.select({ id: centres.id }).from(centres).where(eq(centres.id, centre));
    if (!c) throw badRequest(BATCH_MSG.centreNotFound, { centre: BATCH_MSG.centreNotFound });
  }
}

function nameTaken(err: unknown): never {
  if (isUniqueViolation(err, 'batches_name_key')) throw conflict(BATCH_MSG.nameTaken);
  throw err;
}

type BatchColumns = Pick<
  typeof batches.$inferInsert,
  'name' | 'courseId' | 'centreId' | 'academicYear' | 'timing' | 'startsOn' | 'endsOn' | 'capacity' | 'isActive'
>;

/**
 * The body's fields under the table's column names, for the insert and the update alike; a PATCH's absent
 * field stays undefined, which Drizzle leaves out of the SET.
 */
function batchColumns(body: z.output<typeof batchBody>): BatchColumns;
function batchColumns(body: z.output<typeof batchPatchBody>): Partial<BatchColumns>;
function batchColumns(body: z.output<typeof batchPatchBody>): Partial<BatchColumns> {
  return {
    name: body.name,
    courseId: body.course,
    centreId: body.centre,
    academicYear: body.academicYear,
    timing: body.timing,
    startsOn: body.startsOn,
    endsOn: body.endsOn,
    capacity: body.capacity,
    isActive: body.isActive,
  };
}

export async function createBatch(ctx: Ctx, actor: Actor, body: z.output<typeof batchBody>): Promise<Batch> {
  try {
    return await ctx.db.transaction(async (tx) => {
      await checkReferences(tx, body.course, body.centre);
      const [row] = await tx
        .insert(batches)
        .values({ ...batchColumns(body), isActive: body.isActive ?? true })
        .returning();
      const dto = await findBatch(tx, row.id);
      await recordAudit(tx, actor, 'batch.create', 'batch', row.id, null, dto);
      return dto;
    });
  } catch (err) {
    nameTaken(err);
  }
}

export async function updateBatch(ctx: Ctx, actor: Actor, id: string, body: z.output<typeof batchPatchBody>): Promise<Batch> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(batches).where(eq(batches.id, id)).for('update');
      if (!before) throw notFound(BATCH_MSG.notFound);
      await checkReferences(tx, body.course, body.centre);
      const startsOn = body.startsOn ?? before.startsOn;
      const endsOn = body.endsOn ?? before.endsOn;
      if (endsOn < startsOn) throw badRequest(BATCH_MSG.endsBeforeStart, { endsOn: BATCH_MSG.endsBeforeStart });
      await tx
        .update(batches)
        .set({ ...batchColumns(body), updatedAt: new Date() })
        .where(eq(batches.id, id));
      const dto = await findBatch(tx, id);
      await recordAudit(tx, actor, 'batch.update', 'batch', id, before, dto);
      return dto;
    });
  } catch (err) {
    nameTaken(err);
  }
}

/** A batch with students is kept (409): its students and attendance would lose their class. */
export async function deleteBatch(ctx: Ctx, actor: Actor, id: string) {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(batches).where(eq(batches.id, id)).for('update');
    if (!before) throw notFound(BATCH_MSG.notFound);
    const n = await tx.$count(users, eq(users.batchId, id));
    if (n > 0) throw conflict(BATCH_MSG.hasStudents(n));
    await tx.delete(batches).where(eq(batches.id, id));
    await recordAudit(tx, actor, 'batch.delete', 'batch', id, before, null);
  });
  return { message: BATCH_MSG.deleted };
}

/**
 * Checks that a student may be placed in this batch: it exists, is active and has room. Used by the move,
 * the approval and the import.
 */
export async function checkBatchForStudent(tx: Tx, batchId: string, field = 'batch') {
  const [b] = await tx.select().from(batches).where(eq(batches.id, batchId)).for('update');
  if (!b) throw badRequest(BATCH_MSG.notFound, { [field]: BATCH_MSG.notFound });
  if (!b.isActive) throw badRequest(BATCH_MSG.batchInactive, { [field]: BATCH_MSG.batchInactive });
  const n = await tx.$count(users, and(eq(users.batchId, batchId), eq(users.role, 'student')));
  if (n >= b.capacity) throw conflict(BATCH_MSG.batchFull(b.capacity));
  return b;
}

import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, gte, inArray, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { addDays, weekOf, todayInIndia } from '@app/common';
import {
  BATCH_MSG,
  type ClassSession,
  type SessionClash,
  MAX_WEEKLY_SESSIONS,
  type sessionBody,
  type sessionPatchBody,
  type StudentWeek,
} from '@app/common/schemas/batches';
import type { z } from 'zod';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { batches, centres, classSessions, users } from '../../db/schema.ts';
import { mayUseCentre, ownStudentId, type Scope } from '../../lib/record-scope.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { resolveTeacher } from './teachers.ts';

type SessionRow = typeof classSessions.$inferSelect;
type BatchRow = typeof batches.$inferSelect;

/** When, what, who and where of a class, as the timetable and a clash warning both show it. */
const classOf = ({ date, startTime, endTime, subject, teacher, room }: SessionRow) => ({
  date,
  startTime,
  endTime,
  subject,
  teacher,
  room,
});

export const toSessionDto = (s: SessionRow, batch: { id: string; name: string }): ClassSession => ({
  _id: s.id,
  batch: { _id: batch.id, name: batch.name },
  ...classOf(s),
  attendanceMarked: s.attendanceMarkedAt !== null,
});

export function selectSessions(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({ session: classSessions, batch: { id: batches.id, name: batches.name } })
    .from(classSessions)
    .innerJoin(batches, eq(batches.id, classSessions.batchId))
    .where(where)
    .orderBy(asc(classSessions.date), asc(classSessions.startTime));
}

async function lockBatch(tx: Tx, id: string): Promise<BatchRow> {
  // The batch row is the lock: two timetable writes for one batch run one after the other, so the
  // overlap check below sees the other's sessions.
  const [b] = await tx.select().from(batches).where(eq(batches.id, id)).for('update');
  if (!b) throw notFound(BATCH_MSG.notFound);
  return b;
}

type Slot = { date: string; startTime: string; endTime: string };

/** Classes whose times overlap the slot's; touching classes (one ends at 10:00, the next starts at 10:00) do not. */
const overlapsTimes = (slot: { startTime: string; endTime: string }) =>
  and(lt(classSessions.startTime, slot.endTime), gt(classSessions.endTime, slot.startTime));

/** Refuses a slot outside the batch's dates or overlapping another class of the batch. */
async function checkSlot(tx: Tx, batch: BatchRow, slot: Slot, exceptId?: string) {
  if (slot.endTime <= slot.startTime) throw badRequest(BATCH_MSG.endTimeBeforeStart, { endTime: BATCH_MSG.endTimeBeforeStart });
  if (slot.date < batch.startsOn || slot.date > batch.endsOn) {
    const message = BATCH_MSG.outsideBatch(slot.date, batch.startsOn, batch.endsOn);
    throw badRequest(message, { date: message });
  }
  const [clash] = await tx
    .select()
    .from(classSessions)
    .where(
      and(
        eq(classSessions.batchId, batch.id),
        eq(classSessions.date, slot.date),
        overlapsTimes(slot),
        exceptId ? ne(classSessions.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw conflict(BATCH_MSG.overlaps(clash.date, clash.startTime, clash.endTime, clash.subject));
}

const sameText = (column: typeof classSessions.teacher | typeof classSessions.room, value: string) =>
  sql`lower(trim(${column})) = lower(trim(${value}))`;

/**
 * Other batches' classes on these dates that overlap the slot and have its teacher (at any centre) or its room
 * at the batch's centre (docs/product-batches.md, "Timetable"): warnings for the answer, never a refusal. A
 * centre manager sees another centre's batch only as "a batch of" that centre.
 */
async function findClashes(
  tx: Tx,
  scope: Scope,
  batch: BatchRow,
  slot: { dates: string[]; startTime: string; endTime: string; teacher: string; room: string },
): Promise<SessionClash[]> {
  const rows = await tx
    .select({ s: classSessions, batch: { id: batches.id, name: batches.name, centreId: batches.centreId }, centreName: centres.name })
    .from(classSessions)
    .innerJoin(batches, eq(batches.id, classSessions.batchId))
    .innerJoin(centres, eq(centres.id, batches.centreId))
    .where(
      and(
        ne(classSessions.batchId, batch.id),
        inArray(classSessions.date, slot.dates),
        overlapsTimes(slot),
        or(
          sameText(classSessions.teacher, slot.teacher),
          and(sameText(classSessions.room, slot.room), eq(batches.centreId, batch.centreId)),
        ),
      ),
    )
    .orderBy(asc(classSessions.date), asc(classSessions.startTime), asc(batches.name));
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const clashes = rows.map(({ s, batch: other, centreName }) => ({
    kinds: [
      ...(same(s.teacher, slot.teacher) ? (['teacher'] as const) : []),
      ...(same(s.room, slot.room) && other.centreId === batch.centreId ? (['room'] as const) : []),
    ],
    ...classOf(s),
    batch: mayUseCentre(scope, other.centreId) ? { _id: other.id, name: other.name } : null,
    centreName,
  }));
  // lower() of the database and of JavaScript may differ outside ASCII: keep only what both call a clash.
  return clashes.filter((c) => c.kinds.length > 0);
}

export async function findBatchSessions(ctx: Ctx, batchId: string, from?: string, to?: string) {
  const [b] = await ctx.db.select({ id: batches.id }).from(batches).where(eq(batches.id, batchId));
  if (!b) throw notFound(BATCH_MSG.notFound);
  const rows = await selectSessions(
    ctx.db,
    and(eq(classSessions.batchId, batchId), from ? gte(classSessions.date, from) : undefined, to ? lte(classSessions.date, to) : undefined),
  );
  return rows.map((r) => toSessionDto(r.session, r.batch));
}

/** One class, or the weekly series up to `repeatWeeklyUntil`: all of it or nothing. */
export async function createSessions(ctx: Ctx, actor: Actor, scope: Scope, batchId: string, input: z.output<typeof sessionBody>) {
  const dates = [input.date];
  if (input.repeatWeeklyUntil) {
    for (let d = addDays(input.date, 7); d <= input.repeatWeeklyUntil; d = addDays(d, 7)) {
      dates.push(d);
      if (dates.length > MAX_WEEKLY_SESSIONS) {
        throw badRequest(BATCH_MSG.tooManySessions, { repeatWeeklyUntil: BATCH_MSG.tooManySessions });
      }
    }
  }
  return ctx.db.transaction(async (tx) => {
    const batch = await lockBatch(tx, batchId);
    const teacher = await resolveTeacher(tx, input);
    const body = { ...input, teacher: teacher.teacher ?? input.teacher, teacherId: teacher.teacherId ?? null };
    for (const date of dates) await checkSlot(tx, batch, { date, startTime: body.startTime, endTime: body.endTime });
    const seriesId = dates.length > 1 ? randomUUID() : null;
    const rows = await tx
      .insert(classSessions)
      .values(
        dates.map((date) => ({
          batchId,
          date,
          startTime: body.startTime,
          endTime: body.endTime,
          subject: body.subject,
          teacher: body.teacher,
          teacherId: body.teacherId,
          room: body.room,
          seriesId,
        })),
      )
      .returning();
    await recordAudit(tx, actor, 'session.create', 'batch', batchId, null, { dates, ...body });
    const sessions = rows.sort((a, b) => a.date.localeCompare(b.date)).map((s) => toSessionDto(s, batch));
    const clashes = await findClashes(tx, scope, batch, { dates, ...body });
    return { sessions, created: sessions.length, clashes };
  });
}

async function lockSession(tx: Tx, id: string) {
  const [s] = await tx.select().from(classSessions).where(eq(classSessions.id, id)).for('update');
  if (!s) throw notFound(BATCH_MSG.sessionNotFound);
  return s;
}

export async function updateSession(ctx: Ctx, actor: Actor, scope: Scope, id: string, input: z.output<typeof sessionPatchBody>) {
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx.select({ batchId: classSessions.batchId }).from(classSessions).where(eq(classSessions.id, id));
    if (!found) throw notFound(BATCH_MSG.sessionNotFound);
    const batch = await lockBatch(tx, found.batchId);
    const before = await lockSession(tx, id);
    const body = { ...input, ...(await resolveTeacher(tx, input)) };
    const next = { ...before, ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) } as SessionRow;
    await checkSlot(tx, batch, next, id);
    const [row] = await tx
      .update(classSessions)
      .set({
        date: next.date,
        startTime: next.startTime,
        endTime: next.endTime,
        subject: next.subject,
        teacher: next.teacher,
        teacherId: next.teacherId,
        room: next.room,
      })
      .where(eq(classSessions.id, id))
      .returning();
    await recordAudit(tx, actor, 'session.update', 'class_session', id, before, row);
    const clashes = await findClashes(tx, scope, batch, { ...row, dates: [row.date] });
    return { ...toSessionDto(row, batch), clashes };
  });
}

export async function deleteSession(ctx: Ctx, actor: Actor, id: string) {
  await ctx.db.transaction(async (tx) => {
    const before = await lockSession(tx, id);
    await tx.delete(classSessions).where(eq(classSessions.id, id));
    await recordAudit(tx, actor, 'session.delete', 'class_session', id, before, null);
  });
  return { message: BATCH_MSG.sessionDeleted };
}

/** The signed-in student's batch and its classes this week (Monday to Sunday in India). */
export async function findStudentWeek(ctx: Ctx, scope: Scope, now = new Date()): Promise<StudentWeek> {
  const studentId = ownStudentId(scope);
  const { from, to } = weekOf(todayInIndia(now));
  const [me] = await ctx.db
    .select({ batchId: batches.id, name: batches.name })
    .from(users)
    .innerJoin(batches, eq(batches.id, users.batchId))
    .where(eq(users.id, studentId));
  if (!me) return { batch: null, from, to, sessions: [] };
  const rows = await selectSessions(
    ctx.db,
    and(inArray(classSessions.batchId, [me.batchId]), gte(classSessions.date, from), lte(classSessions.date, to)),
  );
  return { batch: { _id: me.batchId, name: me.name }, from, to, sessions: rows.map((r) => toSessionDto(r.session, r.batch)) };
}

/** Every class on a date, across batches: the teacher's "today" list. */
export async function findDaySessions(ctx: Ctx, date: string, scope?: SQL) {
  const rows = await selectSessions(ctx.db, and(eq(classSessions.date, date), scope));
  return rows.map((r) => toSessionDto(r.session, r.batch));
}

import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, gte, inArray, lt, lte, ne, type SQL } from 'drizzle-orm';
import { addDays, weekOf, todayInIndia } from '@app/common';
import {
  BATCH_MSG,
  type ClassSession,
  MAX_WEEKLY_SESSIONS,
  type sessionBody,
  type sessionPatchBody,
  type StudentWeek,
} from '@app/common/schemas/batches';
import type { z } from 'zod';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { batches, classSessions, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';

type SessionRow = typeof classSessions.$inferSelect;
type BatchRow = typeof batches.$inferSelect;

export const toSessionDto = (s: SessionRow, batch: { id: string; name: string }): ClassSession => ({
  _id: s.id,
  batch: { _id: batch.id, name: batch.name },
  date: s.date,
  startTime: s.startTime,
  endTime: s.endTime,
  subject: s.subject,
  teacher: s.teacher,
  room: s.room,
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
        // Touching classes (one ends at 10:00, the next starts at 10:00) do not overlap.
        lt(classSessions.startTime, slot.endTime),
        gt(classSessions.endTime, slot.startTime),
        exceptId ? ne(classSessions.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw conflict(BATCH_MSG.overlaps(clash.date, clash.startTime, clash.endTime, clash.subject));
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
export async function createSessions(ctx: Ctx, actor: Actor, batchId: string, body: z.output<typeof sessionBody>) {
  const dates = [body.date];
  if (body.repeatWeeklyUntil) {
    for (let d = addDays(body.date, 7); d <= body.repeatWeeklyUntil; d = addDays(d, 7)) {
      dates.push(d);
      if (dates.length > MAX_WEEKLY_SESSIONS) {
        throw badRequest(BATCH_MSG.tooManySessions, { repeatWeeklyUntil: BATCH_MSG.tooManySessions });
      }
    }
  }
  return ctx.db.transaction(async (tx) => {
    const batch = await lockBatch(tx, batchId);
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
          room: body.room,
          seriesId,
        })),
      )
      .returning();
    await recordAudit(tx, actor, 'session.create', 'batch', batchId, null, { dates, ...body });
    const sessions = rows.sort((a, b) => a.date.localeCompare(b.date)).map((s) => toSessionDto(s, batch));
    return { sessions, created: sessions.length };
  });
}

async function lockSession(tx: Tx, id: string) {
  const [s] = await tx.select().from(classSessions).where(eq(classSessions.id, id)).for('update');
  if (!s) throw notFound(BATCH_MSG.sessionNotFound);
  return s;
}

export async function updateSession(ctx: Ctx, actor: Actor, id: string, body: z.output<typeof sessionPatchBody>) {
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx.select({ batchId: classSessions.batchId }).from(classSessions).where(eq(classSessions.id, id));
    if (!found) throw notFound(BATCH_MSG.sessionNotFound);
    const batch = await lockBatch(tx, found.batchId);
    const before = await lockSession(tx, id);
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
        room: next.room,
      })
      .where(eq(classSessions.id, id))
      .returning();
    await recordAudit(tx, actor, 'session.update', 'class_session', id, before, row);
    return toSessionDto(row, batch);
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
export async function findStudentWeek(ctx: Ctx, actor: Actor, now = new Date()): Promise<StudentWeek> {
  const { from, to } = weekOf(todayInIndia(now));
  const [me] = await ctx.db
    .select({ batchId: batches.id, name: batches.name })
    .from(users)
    .innerJoin(batches, eq(batches.id, users.batchId))
    .where(eq(users.id, actor.id));
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

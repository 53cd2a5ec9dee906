import { INSTITUTE_NAME } from '@app/common/constants';
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import ical from 'ical-generator';
import { instantInIndia } from '@app/common';
import type { Ctx } from '../../context.ts';
import { batches, calendarTokens, classSessions, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { ownStudentId, type Scope } from '../../lib/record-scope.ts';

const newToken = () => randomBytes(24).toString('base64url');
const feedUrl = (ctx: Ctx, token: string) => `${ctx.config.publicUrl}/api/calendar/${token}.ics`;

/** The student's feed address, made on first ask. */
export async function findCalendarUrl(ctx: Ctx, scope: Scope) {
  const userId = ownStudentId(scope);
  const [row] = await ctx.db.select().from(calendarTokens).where(eq(calendarTokens.userId, userId));
  if (row) return { url: feedUrl(ctx, row.token) };
  const token = newToken();
  const [kept] = await ctx.db
    .insert(calendarTokens)
    .values({ userId, token })
    // Two first asks at once: the first one's token stands.
    .onConflictDoUpdate({ target: calendarTokens.userId, set: { userId } })
    .returning();
  return { url: feedUrl(ctx, kept.token) };
}

/** A new address; the old one stops working at once (a shared or leaked link is revoked this way). */
export async function replaceCalendarToken(ctx: Ctx, scope: Scope) {
  const token = newToken();
  await ctx.db
    .insert(calendarTokens)
    .values({ userId: ownStudentId(scope), token })
    .onConflictDoUpdate({ target: calendarTokens.userId, set: { token, createdAt: new Date() } });
  return { url: feedUrl(ctx, token) };
}

/**
 * The iCalendar feed of the token's student: every class of their batch. Class times are wall-clock times
 * in India; each event carries its exact instant (UTC), so every calendar shows it at the right local time.
 */
export async function renderCalendarFeed(ctx: Ctx, token: string): Promise<string> {
  const [owner] = await ctx.db
    .select({ batchId: users.batchId, isActive: users.isActive })
    .from(calendarTokens)
    .innerJoin(users, eq(users.id, calendarTokens.userId))
    .where(eq(calendarTokens.token, token));
  if (!owner?.isActive) throw notFound('Calendar not found');
  const cal = ical({ name: 'Classes', prodId: { company: INSTITUTE_NAME, product: 'Timetable', language: 'EN' } });
  cal.x([['X-WR-TIMEZONE', 'Asia/Kolkata']]);
  if (!owner.batchId) return cal.toString();
  const [batch] = await ctx.db.select({ name: batches.name }).from(batches).where(eq(batches.id, owner.batchId));
  cal.name(`${batch.name} classes`);
  const sessions = await ctx.db
    .select()
    .from(classSessions)
    .where(eq(classSessions.batchId, owner.batchId))
    .orderBy(asc(classSessions.date), asc(classSessions.startTime));
  for (const s of sessions) {
    cal.createEvent({
      id: `${s.id}@lawcoach`,
      start: instantInIndia(s.date, s.startTime),
      end: instantInIndia(s.date, s.endTime),
      summary: s.subject,
      location: s.room,
      description: `${batch.name}\nTeacher: ${s.teacher}\n${s.startTime} to ${s.endTime} (India time)`,
    });
  }
  return cal.toString();
}

import { and, desc, eq, gt, inArray, isNull, lte, min, or } from 'drizzle-orm';
import type { Announcement } from '@app/common/schemas/announcements';
import type { Actor, Ctx } from '../../context.ts';
import { announcements } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';

type Row = typeof announcements.$inferSelect;
export type AnnouncementInput = {
  title: string;
  content: string;
  type: Row['type'];
  priority: Row['priority'];
  targetAudience: Row['targetAudience'];
  publishDate: Date | null;
  expiryDate: Date | null;
  isActive?: boolean;
};

function toAnnouncementDto(a: Row): Announcement {
  return {
    _id: a.id,
    title: a.title,
    content: a.content,
    priority: a.priority,
    type: a.type,
    publishDate: a.publishDate.toISOString(),
    expiryDate: a.expiryDate?.toISOString() ?? null,
    targetAudience: a.targetAudience,
    isActive: a.isActive,
    createdAt: a.createdAt.toISOString(),
  };
}

/** Audiences a caller may read (docs/product.md section 7): visitors all; students all and students; admins every one. */
function audiencesFor(actor: Actor | null): Row['targetAudience'][] {
  if (!actor) return ['all'];
  // A parent reads what their children read (docs/product-parents.md), never the staff's notices.
  if (actor.role === 'student' || actor.role === 'parent') return ['all', 'students'];
  return ['all', 'students', 'admin'];
}

export async function findVisibleAnnouncements(ctx: Ctx, actor: Actor | null, limit: number, now = new Date()) {
  const rows = await ctx.db
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.isActive, true),
        lte(announcements.publishDate, now),
        or(isNull(announcements.expiryDate), gt(announcements.expiryDate, now)),
        inArray(announcements.targetAudience, audiencesFor(actor)),
      ),
    )
    .orderBy(desc(announcements.publishDate), desc(announcements.createdAt))
    .limit(limit);
  return rows.map(toAnnouncementDto);
}

/** Which audiences a caller reads, as a cache key: visitors, students and admins each see their own list. */
export const audienceKey = (actor: Actor | null) => audiencesFor(actor).join(',');

/**
 * The next moment the visible list changes by itself (a scheduled announcement is published or one
 * expires); a cached list must not outlive it.
 */
export async function nextVisibilityChange(ctx: Ctx, now = new Date()): Promise<number | undefined> {
  const [publish] = await ctx.db
    .select({ at: min(announcements.publishDate) })
    .from(announcements)
    .where(and(eq(announcements.isActive, true), gt(announcements.publishDate, now)));
  const [expiry] = await ctx.db
    .select({ at: min(announcements.expiryDate) })
    .from(announcements)
    .where(and(eq(announcements.isActive, true), gt(announcements.expiryDate, now)));
  const times = [publish?.at, expiry?.at].filter((d): d is Date => d instanceof Date).map((d) => d.getTime());
  return times.length ? Math.min(...times) : undefined;
}

/** Every write below drops the cached public lists (server/src/lib/read-cache.ts). */
const announcementsChanged = (ctx: Ctx) => ctx.caches.publicReads.invalidate();

export async function findAllAnnouncements(ctx: Ctx) {
  const rows = await ctx.db.select().from(announcements).orderBy(desc(announcements.createdAt));
  return rows.map(toAnnouncementDto);
}

const toRow = (input: AnnouncementInput) => ({
  title: input.title,
  content: input.content,
  type: input.type,
  priority: input.priority,
  targetAudience: input.targetAudience,
  publishDate: input.publishDate ?? new Date(),
  expiryDate: input.expiryDate,
  ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
});

export async function createAnnouncement(ctx: Ctx, actor: Actor, input: AnnouncementInput) {
  const [row] = await ctx.db.insert(announcements).values(toRow(input)).returning();
  announcementsChanged(ctx);
  await recordAudit(ctx.db, actor, 'announcement.create', 'announcement', row.id, null, toAnnouncementDto(row));
  return toAnnouncementDto(row);
}

export async function updateAnnouncement(ctx: Ctx, actor: Actor, id: string, input: AnnouncementInput) {
  const [before] = await ctx.db.select().from(announcements).where(eq(announcements.id, id)).limit(1);
  if (!before) throw notFound('Announcement not found');
  const [row] = await ctx.db
    .update(announcements)
    .set({ ...toRow(input), updatedAt: new Date() })
    .where(eq(announcements.id, id))
    .returning();
  announcementsChanged(ctx);
  await recordAudit(ctx.db, actor, 'announcement.update', 'announcement', id, toAnnouncementDto(before), toAnnouncementDto(row));
  return toAnnouncementDto(row);
}

export async function setAnnouncementActive(ctx: Ctx, actor: Actor, id: string, isActive: boolean) {
  const [row] = await ctx.db.update(announcements).set({ isActive, updatedAt: new Date() }).where(eq(announcements.id, id)).returning();
  announcementsChanged(ctx);
  if (!row) throw notFound('Announcement not found');
  await recordAudit(ctx.db, actor, isActive ? 'announcement.restore' : 'announcement.deactivate', 'announcement', id, null, { isActive });
  return toAnnouncementDto(row);
}

export async function deleteAnnouncement(ctx: Ctx, actor: Actor, id: string) {
  const [row] = await ctx.db.delete(announcements).where(eq(announcements.id, id)).returning();
  announcementsChanged(ctx);
  if (!row) throw notFound('Announcement not found');
  await recordAudit(ctx.db, actor, 'announcement.delete', 'announcement', id, toAnnouncementDto(row), null);
}

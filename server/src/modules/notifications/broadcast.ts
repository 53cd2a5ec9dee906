import { and, eq, inArray, or } from 'drizzle-orm';
import { type AudienceInput, type BroadcastTo, type Channel, NOTIFY_MSG } from '@app/common/schemas/notifications';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { admissionRequests, batches, centres, courses, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { announcementNotice } from '../messaging/notices.ts';
import { findRecipients, type Recipient, sendAfterCommit, storeNotices } from '../messaging/service.ts';
import { findGuardianParents } from '../guardians/store.ts';

// An admin's announcement to a batch, course or centre by one channel (docs/product-notifications.md,
// "Announcements"). The count the admin confirms and the send are the same rule.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Audience = { audience: 'batch' | 'course' | 'centre'; audienceId: string; channel: Channel; to?: BroadcastTo };

/** The active students of the audience; 400 when the batch, course or centre does not exist. */
async function studentsOf(db: Db | Tx, a: Audience): Promise<string[]> {
  const notFound = () => badRequest(NOTIFY_MSG.audienceNotFound, { audienceId: NOTIFY_MSG.audienceNotFound });
  const student = and(eq(users.role, 'student'), eq(users.isActive, true));
  if (a.audience === 'centre') {
    const [c] = await db.select({ id: centres.id }).from(centres).where(eq(centres.id, a.audienceId));
    if (!c) throw notFound();
    return (
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(student, eq(users.centreId, c.id)))
    ).map((r) => r.id);
  }
  if (!UUID.test(a.audienceId)) throw notFound();
  if (a.audience === 'batch') {
    const [b] = await db.select({ id: batches.id }).from(batches).where(eq(batches.id, a.audienceId));
    if (!b) throw notFound();
    return (
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(student, eq(users.batchId, b.id)))
    ).map((r) => r.id);
  }
  const [c] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, a.audienceId));
  if (!c) throw notFound();
  // A course's students: its approved admissions, and the students of its batches.
  const admitted = db
    .select({ id: admissionRequests.userId })
    .from(admissionRequests)
    .where(and(eq(admissionRequests.courseId, c.id), eq(admissionRequests.status, 'approved')));
  const inBatches = db.select({ id: batches.id }).from(batches).where(eq(batches.courseId, c.id));
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(student, or(inArray(users.id, admitted), inArray(users.batchId, inBatches))));
  return rows.map((r) => r.id);
}

/** Reachable by this channel: a mobile number and the channel turned on (SMS, WhatsApp), or e-mail turned on. */
const reaches = (channel: Channel) => (r: Recipient) => (channel === 'email' ? r.prefs.email : r.prefs[channel] && r.mobile !== null);

/** A parent is reached by the channel the admin picked when their account has its address (docs/product-parents.md). */
const reachesParent = (channel: Channel) => (r: Recipient) => (channel === 'email' ? r.email !== null : r.mobile !== null);

async function audienceRecipients(db: Db | Tx, a: Audience) {
  const to = a.to ?? 'students';
  const ids = await studentsOf(db, a);
  const students = to === 'parents' ? [] : await findRecipients(db, ids);
  // The parents of the audience's students, each once (a parent of two children in it gets one message).
  const parentIds = to === 'students' ? [] : (await findGuardianParents(db, ids)).map((g) => g.parentId);
  const parents = await findRecipients(db, parentIds);
  const reached = [...students.filter(reaches(a.channel)), ...parents.filter(reachesParent(a.channel))];
  return { reached, unreachable: students.length + parents.length - reached.length };
}

export async function countBroadcast(ctx: Ctx, a: AudienceInput & Audience) {
  const { reached, unreachable } = await audienceRecipients(ctx.db, a);
  return { recipients: reached.length, unreachable };
}

export async function sendBroadcast(ctx: Ctx, actor: Actor, input: Audience & { subject: string; message: string }) {
  const notice = announcementNotice({ subject: input.subject, message: input.message });
  const { pending, recipients } = await ctx.db.transaction(async (tx) => {
    const { reached } = await audienceRecipients(tx, input);
    if (reached.length === 0) throw badRequest(NOTIFY_MSG.noRecipients);
    const stored = await storeNotices(
      ctx,
      tx,
      reached.map((recipient) => ({ recipient, notice })),
      { channels: () => [input.channel] },
    );
    await recordAudit(tx, actor, 'notification.broadcast', 'notification', null, null, {
      audience: input.audience,
      audienceId: input.audienceId,
      to: input.to ?? 'students',
      channel: input.channel,
      subject: input.subject,
      recipients: reached.length,
    });
    return { pending: stored, recipients: reached.length };
  });
  sendAfterCommit(ctx, pending);
  return { message: `Announcement queued for ${recipients} recipient${recipients === 1 ? '' : 's'}`, recipients };
}

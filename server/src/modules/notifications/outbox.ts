import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { type Channel, NOTIFY_MSG, type OutboxItem } from '@app/common/schemas/notifications';
import type { Ctx } from '../../context.ts';
import { mailOutbox, notificationOutbox } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';

// Every channel's outbox in one list (docs/product-notifications.md, "The outbox"): e-mail from
// mail_outbox, SMS and WhatsApp from notification_outbox, newest first. Read by the admin's outbox view
// and by the development mailbox.

type Status = OutboxItem['status'];
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The newest rows of one of the two outbox tables that meet the conditions. */
function newest(ctx: Ctx, table: typeof mailOutbox, where: SQL[], limit: number): Promise<(typeof mailOutbox.$inferSelect)[]>;
function newest(
  ctx: Ctx,
  table: typeof notificationOutbox,
  where: SQL[],
  limit: number,
): Promise<(typeof notificationOutbox.$inferSelect)[]>;
function newest(
  ctx: Ctx,
  table: typeof mailOutbox | typeof notificationOutbox,
  where: SQL[],
  limit: number,
): Promise<(typeof mailOutbox.$inferSelect | typeof notificationOutbox.$inferSelect)[]> {
  return ctx.db
    .select()
    .from(table)
    .where(and(...where))
    .orderBy(desc(table.createdAt))
    .limit(limit);
}

/**
 * A parent's sign-in code (docs/product-parents.md) once a provider delivered it is masked here: staff who
 * read the outbox could otherwise sign in as the parent. One not delivered (no provider, or failing) stays
 * readable, so the office can read it to the parent on the phone.
 */
function shownText(m: typeof mailOutbox.$inferSelect | typeof notificationOutbox.$inferSelect): string {
  if (!('kind' in m) || m.kind !== 'parent-code' || m.status !== 'sent') return m.text;
  return m.text.replace(/\b\d{6}\b/g, '••••••');
}

/** A row of either table as the outbox lists it, with its time (`at`) to sort the two together by. */
function toItem(
  m: typeof mailOutbox.$inferSelect | typeof notificationOutbox.$inferSelect,
  channel: Channel,
  html: string | null,
): OutboxItem & { html: string | null; at: number } {
  return {
    _id: m.id,
    channel,
    to: m.to,
    subject: m.subject,
    text: shownText(m),
    html,
    status: m.status,
    attempts: m.attempts,
    lastError: m.lastError,
    nextAttemptAt: m.status === 'pending' ? iso(m.nextAttemptAt) : null,
    sentAt: iso(m.sentAt),
    createdAt: m.createdAt.toISOString(),
    at: m.createdAt.getTime(),
  };
}

export async function listOutbox(ctx: Ctx, q: { status?: Status; channel?: Channel; to?: string; limit?: number }) {
  const limit = q.limit ?? 200;
  const mailWhere: SQL[] = [];
  const textWhere: SQL[] = [];
  if (q.status) {
    mailWhere.push(eq(mailOutbox.status, q.status));
    textWhere.push(eq(notificationOutbox.status, q.status));
  }
  if (q.channel && q.channel !== 'email') textWhere.push(eq(notificationOutbox.channel, q.channel));
  const [mails, texts] = await Promise.all([
    q.channel && q.channel !== 'email' ? [] : newest(ctx, mailOutbox, mailWhere, limit),
    q.channel === 'email' ? [] : newest(ctx, notificationOutbox, textWhere, limit),
  ]);
  const items = [...mails.map((m) => toItem(m, 'email', m.html)), ...texts.map((m) => toItem(m, m.channel, null))];
  const to = q.to?.toLowerCase();
  return items
    .filter((i) => !to || i.to.toLowerCase() === to)
    .sort((a, b) => b.at - a.at)
    .slice(0, limit)
    .map(({ at: _at, ...rest }) => rest);
}

export async function outboxCounts(ctx: Ctx) {
  const [a, b] = await Promise.all([
    ctx.db.select({ status: mailOutbox.status, n: count() }).from(mailOutbox).groupBy(mailOutbox.status),
    ctx.db.select({ status: notificationOutbox.status, n: count() }).from(notificationOutbox).groupBy(notificationOutbox.status),
  ]);
  const counts = { pending: 0, sent: 0, failed: 0, kept: 0 };
  for (const r of [...a, ...b]) counts[r.status] += Number(r.n);
  return counts;
}

/** Sends a failed message again (any channel): due now, its attempts counted afresh. */
export async function retryMessage(ctx: Ctx, id: string) {
  if (await ctx.notifier.retry(id)) return { message: NOTIFY_MSG.retried };
  const mail = await ctx.db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
    .returning({ id: mailOutbox.id });
  if (mail.length > 0) {
    void ctx.mailer.drain();
    return { message: NOTIFY_MSG.retried };
  }
  const [text] = await ctx.db.select({ id: notificationOutbox.id }).from(notificationOutbox).where(eq(notificationOutbox.id, id));
  const [email] = await ctx.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!text && !email) throw notFound(NOTIFY_MSG.outboxNotFound);
  throw conflict(NOTIFY_MSG.notRetryable);
}

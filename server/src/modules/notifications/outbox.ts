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
    q.channel && q.channel !== 'email'
      ? []
      : ctx.db
          .select()
          .from(mailOutbox)
          .where(and(...mailWhere))
          .orderBy(desc(mailOutbox.createdAt))
          .limit(limit),
    q.channel === 'email'
      ? []
      : ctx.db
          .select()
          .from(notificationOutbox)
          .where(and(...textWhere))
          .orderBy(desc(notificationOutbox.createdAt))
          .limit(limit),
  ]);
  const items: (OutboxItem & { html: string | null; at: number })[] = [
    ...mails.map((m) => ({
      _id: m.id,
      channel: 'email' as const,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      status: m.status,
      attempts: m.attempts,
      lastError: m.lastError,
      nextAttemptAt: m.status === 'pending' ? iso(m.nextAttemptAt) : null,
      sentAt: iso(m.sentAt),
      createdAt: m.createdAt.toISOString(),
      at: m.createdAt.getTime(),
    })),
    ...texts.map((m) => ({
      _id: m.id,
      channel: m.channel,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: null,
      status: m.status,
      attempts: m.attempts,
      lastError: m.lastError,
      nextAttemptAt: m.status === 'pending' ? iso(m.nextAttemptAt) : null,
      sentAt: iso(m.sentAt),
      createdAt: m.createdAt.toISOString(),
      at: m.createdAt.getTime(),
    })),
  ];
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

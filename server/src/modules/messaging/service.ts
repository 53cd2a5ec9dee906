import { and, eq, inArray } from 'drizzle-orm';
import { indianMobile } from '@app/common/schemas/fields';
import { type Channel, NOTIFY_MSG, type Preferences } from '@app/common/schemas/notifications';
import type { Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notificationPreferences, notificationSends, users } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Message, StoredMail } from './mail.ts';
import type { Claim, StoredMessage } from './notifier.ts';
import { emailOf, type Notice } from './notices.ts';

// The one notification service (docs/product-notifications.md): a notice reaches a student by the
// channels they chose: e-mail (always, for account and money mail), SMS and WhatsApp when they turned
// them on and gave a mobile number. Messages are stored in the caller's transaction and sent after it.

export type Recipient = {
  id: string;
  firstName: string;
  lastName: string;
  /** Null for a parent who gave only a phone (docs/product-parents.md): no e-mail channel then. */
  email: string | null;
  /** 10 digits, or null when the account has no usable mobile number. */
  mobile: string | null;
  prefs: { email: boolean; sms: boolean; whatsapp: boolean };
};

const DEFAULT_PREFS = { email: true, sms: false, whatsapp: false } as const;

/** The active users among `ids` with their channels. */
export async function findRecipients(db: Db | Tx, ids: string[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      isActive: users.isActive,
      email_: notificationPreferences.email,
      sms: notificationPreferences.sms,
      whatsapp: notificationPreferences.whatsapp,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(inArray(users.id, [...new Set(ids)]));
  return rows
    .filter((r) => r.isActive)
    .map((r) => ({
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      mobile: indianMobile(r.phone),
      prefs: { email: r.email_ ?? DEFAULT_PREFS.email, sms: r.sms ?? DEFAULT_PREFS.sms, whatsapp: r.whatsapp ?? DEFAULT_PREFS.whatsapp },
    }));
}

/** The channels a notice reaches this recipient by. */
function channelsFor(r: Recipient, notice: Pick<Notice, 'transactional'>): Channel[] {
  const out: Channel[] = [];
  if (r.email && (notice.transactional || r.prefs.email)) out.push('email');
  if (r.prefs.sms && r.mobile) out.push('sms');
  if (r.prefs.whatsapp && r.mobile) out.push('whatsapp');
  return out;
}

/**
 * A notice for one recipient; `channels` when the recipient chose them for this notice's kind (a parent's
 * channels per alert: docs/product-parents.md), else the recipient's own or the caller's.
 */
export type Notified = { recipient: Recipient; notice: Notice; channels?: Channel[] };

/** What was stored and still has to be sent once the transaction has committed. */
export type Pending = {
  mails: StoredMail[];
  claims: Claim[] /** messages stored, on every channel */;
  stored: number;
};
export const nothingPending = (): Pending => ({ mails: [], claims: [], stored: 0 });

/**
 * Stores `notice` for each recipient on `channels` (default: the channels each chose) in `tx`.
 * `skipEmail`: the e-mail went out already by its own path (the approval's credentials, the payment's receipt).
 */
export async function storeNotices(
  ctx: Ctx,
  tx: Db | Tx,
  items: Notified[],
  opts: { channels?: (r: Recipient) => Channel[]; skipEmail?: boolean } = {},
): Promise<Pending> {
  const pending = nothingPending();
  const mails: Message[] = [];
  const texts: StoredMessage[] = [];
  for (const { recipient: r, notice, channels: chosen } of items) {
    const channels = chosen ?? (opts.channels ? opts.channels(r) : channelsFor(r, notice));
    for (const channel of channels) {
      if (channel === 'email') {
        if (opts.skipEmail || !r.email) continue;
        mails.push(emailOf(notice, r.email));
      } else if (r.mobile) {
        texts.push({
          channel,
          kind: notice.kind,
          userId: r.id,
          to: r.mobile,
          subject: notice.subject,
          text: notice.short,
          template: notice.template,
        });
      }
    }
  }
  pending.mails = await ctx.mailer.storeAllIn(tx as Tx, mails);
  pending.claims = await ctx.notifier.storeIn(tx, texts);
  pending.stored = pending.mails.length + texts.length;
  return pending;
}

/** Sends what `storeNotices` stored, in the background; failures stay in the outboxes and are retried. */
export function sendAfterCommit(ctx: Ctx, pending: Pending) {
  ctx.notifier.deliverSoon(pending.claims);
  if (pending.mails.length > 0 && ctx.mailer.usesSmtp) {
    ctx.notifier.track(
      (async () => {
        for (const m of pending.mails) await ctx.mailer.sendStored(m.id, m.message).catch(() => false);
      })(),
    );
  }
}

export async function findPreferences(ctx: Ctx, userId: string): Promise<Preferences> {
  const [row] = await ctx.db
    .select({
      phone: users.phone,
      email: notificationPreferences.email,
      sms: notificationPreferences.sms,
      whatsapp: notificationPreferences.whatsapp,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(users.id, userId));
  return {
    email: row?.email ?? DEFAULT_PREFS.email,
    sms: row?.sms ?? DEFAULT_PREFS.sms,
    whatsapp: row?.whatsapp ?? DEFAULT_PREFS.whatsapp,
    phone: indianMobile(row?.phone),
  };
}

/** Saves a student's channels; SMS or WhatsApp needs a mobile number, given now or already on the account. */
export async function savePreferences(
  ctx: Ctx,
  userId: string,
  input: { email: boolean; sms: boolean; whatsapp: boolean; phone?: string | null },
): Promise<Preferences> {
  const current = await findPreferences(ctx, userId);
  const phone = input.phone === undefined ? current.phone : input.phone;
  if ((input.sms || input.whatsapp) && !phone) throw badRequest(NOTIFY_MSG.phoneRequired, { phone: NOTIFY_MSG.phoneRequired });
  await ctx.db.transaction(async (tx) => {
    if (input.phone !== undefined) await tx.update(users).set({ phone: input.phone, updatedAt: new Date() }).where(eq(users.id, userId));
    const prefs = { email: input.email, sms: input.sms, whatsapp: input.whatsapp, updatedAt: new Date() };
    await tx
      .insert(notificationPreferences)
      .values({ userId, ...prefs })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: prefs });
  });
  return findPreferences(ctx, userId);
}

/**
 * Takes the reminder's key and stores its messages in one transaction; nothing when the key was taken.
 * Answers what to send after the commit and how many messages that is. A key already taken (every run
 * after the first: at each start and each interval) answers before `build` reads its recipients, which for
 * an exam's audience is every student; the insert's conflict still decides a race between two instances.
 */
export async function once(
  ctx: Ctx,
  key: { kind: string; subjectId: string; stage: string },
  build: (tx: Tx) => Promise<Notified[]>,
): Promise<{ pending: Pending; count: number } | null> {
  const [sent] = await ctx.db
    .select({ kind: notificationSends.kind })
    .from(notificationSends)
    .where(
      and(eq(notificationSends.kind, key.kind), eq(notificationSends.subjectId, key.subjectId), eq(notificationSends.stage, key.stage)),
    );
  if (sent) return null;
  return ctx.db.transaction(async (tx) => {
    const items = await build(tx);
    const taken = await tx
      .insert(notificationSends)
      .values({ ...key, recipients: items.length })
      .onConflictDoNothing()
      .returning({ kind: notificationSends.kind });
    if (taken.length === 0) return null;
    const pending = items.length > 0 ? await storeNotices(ctx, tx, items) : nothingPending();
    return { pending, count: pending.stored };
  });
}

import { randomUUID } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { notificationOutbox, type TemplateRef } from '../../db/schema.ts';
import type { ChannelAdapter } from './adapters.ts';

// SMS and WhatsApp delivery through the outbox (docs/product-notifications.md, "Delivery"): every
// message is stored first; it is then sent, and a failure (an error or a timeout) is retried with a
// growing delay until MAX_ATTEMPTS, after which it is failed and shown so in the admin's outbox view.
// A delivery holds the row by a claim token set in a conditional update, so two instances (or the
// sender and the worker) never send one message twice.

export type SmsLikeChannel = 'sms' | 'whatsapp';
export type StoredMessage = {
  channel: SmsLikeChannel;
  kind: string;
  userId: string | null;
  to: string;
  subject: string;
  text: string;
  template: TemplateRef | null;
};
/** A stored message its creator holds for the first delivery. */
export type Claim = { id: string; token: string };

export const MAX_ATTEMPTS = 6;
const CLAIM_MS = 5 * 60_000;
/** 30 s, 1 min, 2 min, 4 min, 8 min: a provider that is down for a quarter of an hour loses nothing. */
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));

type Log = { warn: (o: object, m: string) => void };

export class Notifier {
  private timer: NodeJS.Timeout | null = null;
  private draining = false;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    readonly adapters: { sms: ChannelAdapter | null; whatsapp: ChannelAdapter | null },
    private readonly log: Log,
  ) {}

  /** True when the channel has a provider; without one its messages are kept for the development mailbox. */
  sends(channel: SmsLikeChannel) {
    return this.adapters[channel] !== null;
  }

  /** Stores the messages in the caller's transaction; deliver the claims with `deliverSoon` after the commit. */
  async storeIn(tx: Db | Tx, messages: StoredMessage[]): Promise<Claim[]> {
    if (messages.length === 0) return [];
    const claims: Claim[] = [];
    const rows = messages.map((m) => {
      const token = randomUUID();
      const sends = this.sends(m.channel);
      return {
        row: {
          ...m,
          status: sends ? ('pending' as const) : ('kept' as const),
          claimToken: sends ? token : null,
          // Held by its creator for the first delivery, so the worker does not send it meanwhile.
          nextAttemptAt: new Date(Date.now() + (sends ? CLAIM_MS : 0)),
        },
        token,
        sends,
      };
    });
    const ids = await tx
      .insert(notificationOutbox)
      .values(rows.map((r) => r.row))
      .returning({ id: notificationOutbox.id });
    ids.forEach(({ id }, i) => {
      if (rows[i].sends) claims.push({ id, token: rows[i].token });
    });
    return claims;
  }

  /** Delivers claimed messages in the background (a request or a job does not wait on a provider). */
  deliverSoon(claims: Claim[]) {
    if (claims.length === 0) return;
    this.track(
      (async () => {
        for (const c of claims) await this.deliver(c);
      })(),
    );
  }

  /** Keeps a background delivery (an e-mail sent after a commit) so `idle` waits for it too. */
  track(work: Promise<unknown>) {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** Resolves once the background deliveries have finished. */
  async idle() {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** Sends one held message; true when the provider took it. */
  async deliver(claim: Claim): Promise<boolean> {
    const [m] = await this.db
      .select()
      .from(notificationOutbox)
      .where(
        and(eq(notificationOutbox.id, claim.id), eq(notificationOutbox.claimToken, claim.token), eq(notificationOutbox.status, 'pending')),
      );
    if (!m) return false;
    const adapter = this.adapters[m.channel];
    if (!adapter) return false;
    const held = and(eq(notificationOutbox.id, m.id), eq(notificationOutbox.claimToken, claim.token));
    try {
      const { providerMessageId } = await adapter.send({ id: m.id, to: m.to, text: m.text, template: m.template });
      await this.db
        .update(notificationOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: m.attempts + 1, lastError: null, providerMessageId, claimToken: null })
        .where(held);
      return true;
    } catch (err) {
      const attempts = m.attempts + 1;
      const failedForGood = attempts >= MAX_ATTEMPTS;
      this.log.warn({ err: (err as Error).message, channel: m.channel, id: m.id, attempts }, `${m.channel} delivery failed`);
      await this.db
        .update(notificationOutbox)
        .set({
          status: failedForGood ? 'failed' : 'pending',
          attempts,
          lastError: String((err as Error).message).slice(0, 500),
          nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
          claimToken: null,
        })
        .where(held)
        .catch(() => {});
      return false;
    }
  }

  /** Sends what is due for a retry; called by the worker every few seconds and by tests. Answers how many were sent. */
  async drain(): Promise<number> {
    if (this.draining || (!this.adapters.sms && !this.adapters.whatsapp)) return 0;
    this.draining = true;
    let sent = 0;
    try {
      const due = await this.db
        .select({ id: notificationOutbox.id })
        .from(notificationOutbox)
        .where(and(eq(notificationOutbox.status, 'pending'), lte(notificationOutbox.nextAttemptAt, new Date())))
        .orderBy(notificationOutbox.nextAttemptAt)
        .limit(50);
      for (const { id } of due) {
        const token = randomUUID();
        const now = new Date();
        // Claim the row: only the instance whose conditional update matched sends it.
        const claimed = await this.db
          .update(notificationOutbox)
          .set({ claimToken: token, nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
          .where(and(eq(notificationOutbox.id, id), eq(notificationOutbox.status, 'pending'), lte(notificationOutbox.nextAttemptAt, now)))
          .returning({ id: notificationOutbox.id });
        if (claimed.length === 0) continue;
        if (await this.deliver({ id, token })) sent++;
      }
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'notification outbox drain failed');
    } finally {
      this.draining = false;
    }
    return sent;
  }

  /** An admin sends a failed message again: it becomes due now, with its attempts counted afresh. */
  async retry(id: string): Promise<boolean> {
    const rows = await this.db
      .update(notificationOutbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), claimToken: null, lastError: null })
      .where(and(eq(notificationOutbox.id, id), eq(notificationOutbox.status, 'failed')))
      .returning({ id: notificationOutbox.id });
    if (rows.length > 0) this.track(this.drain());
    return rows.length > 0;
  }

  startWorker(intervalMs = 10_000) {
    if (this.timer || (!this.adapters.sms && !this.adapters.whatsapp)) return;
    this.timer = setInterval(() => void this.drain(), intervalMs);
    this.timer.unref();
  }

  stopWorker() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

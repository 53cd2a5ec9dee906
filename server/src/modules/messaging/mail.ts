import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, Tx } from '../../db/client.ts';
import { mailAttachments, mailOutbox } from '../../db/schema.ts';

/** A file sent with a message (a receipt PDF): stored with it in the outbox, delivered as a MIME attachment. */
export type Attachment = { filename: string; contentType: string; content: Buffer };
export type Message = { to: string; subject: string; text: string; html?: string; attachments?: Attachment[] };
/** A message stored in the outbox, to deliver with `sendStored` after the commit. */
export type StoredMail = { id: string; message: Message };

const MAX_ATTEMPTS = 12;
const CLAIM_MS = 5 * 60_000;
/** Messages per insert: a notice to 2,000 candidates is four statements. */
const STORE_CHUNK = 500;

/** A mail server that hangs must not hold a request for long: short timeouts unless the URL sets its own. */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [k, v] of [
    ['connectionTimeout', '5000'],
    ['greetingTimeout', '5000'],
    ['socketTimeout', '8000'],
  ]) {
    if (!url.searchParams.has(k)) url.searchParams.set(k, v);
  }
  return url.toString();
}
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 15_000 * 2 ** Math.max(0, attempts - 1));

/**
 * Every message goes into the outbox first, so none is lost (docs/product.md section 12). With SMTP_URL it is then sent
 * and retried with a growing delay on failure; without it the message is kept for /dev/mailbox.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private draining = false;
  private readonly inFlight = new Set<Promise<boolean>>();

  constructor(
    private readonly db: Db,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly log: { warn: (o: object, m: string) => void },
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(withTimeouts(smtpUrl)) : null;
  }

  get usesSmtp() {
    return this.transport !== null;
  }

  /** Queues the message and tries to deliver it now; true when it was delivered (or kept for the dev mailbox). */
  async send(message: Message): Promise<boolean> {
    const [id] = await this.store([message]);
    if (!this.transport) return true;
    return this.deliver(id, message, 0);
  }

  /**
   * Stores the message and delivers it in the background: for answers that must not wait on (or
   * reveal, by their timing) a mail server, such as forgot-password's. A failure is retried as usual.
   */
  async queue(message: Message): Promise<void> {
    const [id] = await this.store([message]);
    if (!this.transport) return;
    const delivery = this.deliver(id, message, 0);
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
  }

  /** Resolves once the background deliveries started by `queue` have finished. */
  async idle(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  /**
   * Stores the message in the caller's transaction, so that it exists exactly when the rest of the
   * transaction does (an approval and its credentials mail); deliver it with `sendStored` after the commit.
   */
  async storeIn(tx: Tx, message: Message): Promise<string> {
    return (await this.store([message], tx))[0];
  }

  /** `storeIn` for many messages (a notice to an exam's candidates), in a few statements whatever their number. */
  async storeAllIn(tx: Tx, messages: Message[]): Promise<StoredMail[]> {
    return (await this.store(messages, tx)).map((id, i) => ({ id, message: messages[i] }));
  }

  /** Delivers a message stored with `storeIn` now; true when delivered (or kept for the dev mailbox). */
  async sendStored(id: string, message: Message): Promise<boolean> {
    if (!this.transport) return true;
    return this.deliver(id, message, 0);
  }

  private async store(messages: Message[], db: Db | Tx = this.db): Promise<string[]> {
    const write = async (tx: Db | Tx) => {
      const ids: string[] = [];
      for (let from = 0; from < messages.length; from += STORE_CHUNK) {
        const chunk = messages.slice(from, from + STORE_CHUNK);
        const rows = await tx
          .insert(mailOutbox)
          // Claimed for the first delivery, so that the worker does not send it a second time meanwhile.
          .values(
            chunk.map(({ attachments: _, ...fields }) => ({
              ...fields,
              status: this.transport ? ('pending' as const) : ('kept' as const),
              nextAttemptAt: new Date(Date.now() + CLAIM_MS),
            })),
          )
          .returning({ id: mailOutbox.id });
        const files = chunk.flatMap((m, k) => (m.attachments ?? []).map((a) => ({ mailId: rows[k].id, ...a })));
        if (files.length > 0) await tx.insert(mailAttachments).values(files);
        ids.push(...rows.map((r) => r.id));
      }
      return ids;
    };
    // A message and its attachments, or many messages, are stored together or not at all.
    const statements = Math.ceil(messages.length / STORE_CHUNK) + (messages.some((m) => m.attachments?.length) ? 1 : 0);
    return statements > 1 && db === this.db ? this.db.transaction(write) : write(db);
  }

  private async attachmentsOf(id: string): Promise<Attachment[]> {
    return this.db
      .select({ filename: mailAttachments.filename, contentType: mailAttachments.contentType, content: mailAttachments.content })
      .from(mailAttachments)
      .where(eq(mailAttachments.mailId, id))
      .orderBy(mailAttachments.createdAt);
  }

  private async deliver(id: string, message: Message, attempts: number): Promise<boolean> {
    try {
      await this.transport?.sendMail({ from: this.from, ...message });
      await this.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: attempts + 1, lastError: null })
        .where(eq(mailOutbox.id, id));
      return true;
    } catch (err) {
      const failedForGood = attempts + 1 >= MAX_ATTEMPTS;
      this.log.warn({ err: (err as Error).message, to: message.to }, 'mail delivery failed; will retry');
      await this.db
        .update(mailOutbox)
        .set({
          status: failedForGood ? 'failed' : 'pending',
          attempts: attempts + 1,
          lastError: String((err as Error).message).slice(0, 500),
          nextAttemptAt: new Date(Date.now() + backoffMs(attempts + 1)),
        })
        .where(eq(mailOutbox.id, id))
        .catch(() => {});
      return false;
    }
  }

  /** Sends what is due; called by the worker and by tests. */
  async drain(): Promise<number> {
    if (!this.transport || this.draining) return 0;
    this.draining = true;
    let sent = 0;
    try {
      const due = await this.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, new Date())))
        .orderBy(mailOutbox.createdAt)
        .limit(20);
      for (const m of due) {
        // Claim the row so another instance does not send it too.
        const claimed = await this.db
          .update(mailOutbox)
          .set({ nextAttemptAt: new Date(Date.now() + CLAIM_MS) })
          .where(and(eq(mailOutbox.id, m.id), eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, new Date())))
          .returning({ id: mailOutbox.id });
        if (claimed.length === 0) continue;
        const attachments = await this.attachmentsOf(m.id);
        const ok = await this.deliver(
          m.id,
          { to: m.to, subject: m.subject, text: m.text, html: m.html ?? undefined, attachments },
          m.attempts,
        );
        if (ok) sent++;
      }
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'mail outbox drain failed');
    } finally {
      this.draining = false;
    }
    return sent;
  }

  startWorker(intervalMs = 10_000) {
    if (!this.transport || this.timer) return;
    this.timer = setInterval(() => void this.drain(), intervalMs);
    this.timer.unref();
  }

  stopWorker() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The attachments (without their content) of the messages `mailIds`, for the dev mailbox. */
  listAttachments(mailIds: string[]) {
    if (mailIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({
        _id: mailAttachments.id,
        mailId: mailAttachments.mailId,
        filename: mailAttachments.filename,
        contentType: mailAttachments.contentType,
        size: sql<number>`octet_length(${mailAttachments.content})::int`,
      })
      .from(mailAttachments)
      .where(inArray(mailAttachments.mailId, mailIds))
      .orderBy(mailAttachments.createdAt);
  }

  /** One attachment with its content, for the dev mailbox's download link. */
  async findAttachment(id: string) {
    const [row] = await this.db.select().from(mailAttachments).where(eq(mailAttachments.id, id)).limit(1);
    return row ?? null;
  }

  listKept(limit = 50) {
    return this.db
      .select({
        _id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        html: mailOutbox.html,
        status: mailOutbox.status,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(limit);
  }
}

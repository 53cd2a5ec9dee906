import type { AddressInfo } from 'node:net';
import { desc, eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { mailAttachments, mailOutbox } from '../../db/schema.ts';
import { resetPasswordMail } from './mail-templates.ts';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on loopback that keeps what it receives. */
function startSmtp(port = 0): Promise<{ server: SMTPServer; port: number; inbox: Received[] }> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({ server, port: (server.server.address() as AddressInfo).port, inbox }));
  });
}
const stopSmtp = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

/** The plain-text body of a received message, quoted-printable soft breaks and escapes undone. */
const decodeQp = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const LINK = /http:\/\/localhost:3000\/reset-password\/[A-Za-z0-9_-]{43}/;

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` });
});
afterAll(async () => {
  await t?.ctx.mailer.idle();
  await t?.close();
  if (smtp) await stopSmtp(smtp.server).catch(() => {});
});

const outboxFor = async (to: string) =>
  (await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)))[0];
let ip = 1;
const forgot = (email: string) =>
  t.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: `10.9.0.${ip++}` });

describe('mail over SMTP', () => {
  it('does not offer the dev mailbox when SMTP is configured', async () => {
    expect(t.ctx.mailer.usesSmtp).toBe(true);
    expect((await t.visitor.get('/api/dev/mailbox')).statusCode).toBe(404);
  });

  it('delivers the forgot-password mail with the reset link over a real SMTP connection, marked sent', async () => {
    const s = await t.createStudent({ firstName: 'Kavya' });
    const res = await forgot(s.email);
    expect(res.statusCode).toBe(200);
    const got = await waitFor('the mail to arrive', () => smtp.inbox.find((m) => m.to.includes(s.email)));
    expect(got.from).toBe('no-reply@lawcoaching.local');
    const body = decodeQp(got.raw);
    expect(body).toMatch(/^Subject: Law Coaching Institute: reset your password/m);
    expect(body).toContain('Dear Kavya');
    expect(body).toMatch(LINK);
    // Both parts: plain text and HTML.
    expect(got.raw).toMatch(/multipart\/alternative/);
    expect(body).toContain('text/html');

    await t.ctx.mailer.idle();
    const row = await outboxFor(s.email);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('send() answers true once the message is delivered', async () => {
    const to = 'direct@test.local';
    const ok = await t.ctx.mailer.send({ to, subject: 'Direct', text: 'Hello there' });
    expect(ok).toBe(true);
    expect(smtp.inbox.some((m) => m.to.includes(to))).toBe(true);
    expect((await outboxFor(to)).status).toBe('sent');
  });

  it('sends attachments as MIME parts, also when a failed delivery is retried by the drain', async () => {
    const pdf = Buffer.from('%PDF-1.7 a receipt\n%%EOF\n');
    const attachments = [{ filename: 'receipt-RCT-2026-000001.pdf', contentType: 'application/pdf', content: pdf }];
    expect(await t.ctx.mailer.send({ to: 'attached@test.local', subject: 'With a file', text: 'See attached', attachments })).toBe(true);
    const part = (raw: string) => {
      expect(raw).toMatch(/Content-Type: application\/pdf; name=receipt-RCT-2026-000001\.pdf/);
      expect(raw).toMatch(/Content-Disposition: attachment; filename=receipt-RCT-2026-000001\.pdf/);
      expect(raw.replace(/\r?\n/g, '')).toContain(pdf.toString('base64'));
    };
    part(smtp.inbox.find((m) => m.to.includes('attached@test.local'))?.raw ?? '');

    const port = smtp.port;
    await stopSmtp(smtp.server);
    expect(await t.ctx.mailer.send({ to: 'attached-later@test.local', subject: 'Later', text: 'See attached', attachments })).toBe(false);
    smtp = await startSmtp(port);
    await t.ctx.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.status, 'pending'));
    expect(await t.ctx.mailer.drain()).toBe(1);
    part(smtp.inbox.find((m) => m.to.includes('attached-later@test.local'))?.raw ?? '');
  });

  it('stores many messages in a few statements: each id is its own message, each attachment on its own mail', async () => {
    const tag = `bulk-${Date.now()}`;
    const messages = Array.from({ length: 1_001 }, (_, i) => ({
      to: `${tag}-${i}@test.local`,
      subject: `Bulk ${i}`,
      text: `Message ${i}`,
      ...(i % 400 === 7
        ? { attachments: [{ filename: `f${i}.pdf`, contentType: 'application/pdf', content: Buffer.from(`%PDF ${i}`) }] }
        : {}),
    }));
    const ids = (await t.ctx.db.transaction((tx) => t.ctx.mailer.storeAllIn(tx, messages))).map((m) => m.id);
    expect(ids).toHaveLength(1_001);
    const rows = await t.ctx.db
      .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, status: mailOutbox.status })
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [i, id] of ids.entries()) {
      expect(byId.get(id)).toMatchObject({ to: `${tag}-${i}@test.local`, subject: `Bulk ${i}`, status: 'pending' });
    }
    const files = await t.ctx.db.select().from(mailAttachments).where(inArray(mailAttachments.mailId, ids));
    expect(files.map((f) => [ids.indexOf(f.mailId), f.filename, f.content.toString()]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      [
        [7, 'f7.pdf', '%PDF 7'],
        [407, 'f407.pdf', '%PDF 407'],
        [807, 'f807.pdf', '%PDF 807'],
      ],
    );
    // Delivered like any stored message, its attachment with it.
    expect(await t.ctx.mailer.sendStored(ids[407], messages[407])).toBe(true);
    expect(smtp.inbox.find((m) => m.to.includes(`${tag}-407@test.local`))?.raw).toMatch(/filename=f407\.pdf/);
    // The other thousand stay pending: out of the way of the tests of the drain below.
    await t.ctx.db.delete(mailOutbox).where(inArray(mailOutbox.id, ids));
  });

  it('keeps a mail that could not be sent, and delivers it on a later drain once the server is back', async () => {
    const port = smtp.port;
    await stopSmtp(smtp.server);

    const s = await t.createStudent();
    const res = await forgot(s.email);
    // The visitor's answer does not depend on the mail server.
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password reset link has been sent to your email address. Please check your inbox.');
    await t.ctx.mailer.idle();
    const failed = await outboxFor(s.email);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toEqual(expect.any(String));
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // send() reports the failure to its caller, and keeps the message too.
    expect(await t.ctx.mailer.send({ to: 'later@test.local', subject: 'Later', text: 'Hello later' })).toBe(false);
    expect(await outboxFor('later@test.local')).toMatchObject({ status: 'pending', attempts: 1 });

    // Not due yet: a drain leaves them alone, even with the server back.
    smtp = await startSmtp(port);
    expect(await t.ctx.mailer.drain()).toBe(0);
    expect(smtp.inbox).toHaveLength(0);

    await t.ctx.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.status, 'pending'));
    expect(await t.ctx.mailer.drain()).toBe(2);
    const got = smtp.inbox.find((m) => m.to.includes(s.email));
    expect(got).toBeDefined();
    expect(decodeQp(got!.raw)).toMatch(LINK);
    expect(await outboxFor(s.email)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect((await outboxFor('later@test.local')).status).toBe('sent');

    // Nothing is sent twice.
    expect(await t.ctx.mailer.drain()).toBe(0);
    expect(smtp.inbox.filter((m) => m.to.includes(s.email))).toHaveLength(1);
  });

  it('gives up after 12 attempts and marks the mail failed', async () => {
    const port = smtp.port;
    await stopSmtp(smtp.server);
    try {
      expect(await t.ctx.mailer.send({ to: 'never@test.local', subject: 'Never', text: 'x' })).toBe(false);
      await t.ctx.db
        .update(mailOutbox)
        .set({ attempts: 11, nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(mailOutbox.to, 'never@test.local'));
      expect(await t.ctx.mailer.drain()).toBe(0);
      expect(await outboxFor('never@test.local')).toMatchObject({ status: 'failed', attempts: 12 });
    } finally {
      smtp = await startSmtp(port);
    }
  });
});

describe('mail templates', () => {
  it('escapes HTML in names and keeps the link in both parts', () => {
    const mail = resetPasswordMail('<b>Eve</b>', 'http://localhost:3000/reset-password/abc');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.text).toContain('http://localhost:3000/reset-password/abc');
    expect(mail.html).toContain('http://localhost:3000/reset-password/abc');
  });
});

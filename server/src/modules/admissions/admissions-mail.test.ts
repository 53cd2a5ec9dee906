import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMISSION_MSG } from '@app/common/schemas/admissions';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { admissionRequests, mailOutbox, users } from '../../db/schema.ts';

// Welcome and rejection mails over real SMTP, to a mail server on loopback.
type Received = { to: string[]; data: string };
const received: Received[] = [];
/** Connections open now and the most ever open at once; a delay before each message is accepted. */
const sessions = { open: 0, most: 0, delayMs: 0 };
let smtp: SMTPServer;
let smtpOpen = false;
const stopSmtp = async () => {
  if (!smtpOpen) return;
  smtpOpen = false;
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
};
let t: TestApp;
let courseId: string;
let n = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, done) {
      sessions.open++;
      sessions.most = Math.max(sessions.most, sessions.open);
      done();
    },
    onClose() {
      sessions.open--;
    },
    onData(stream, session, done) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        setTimeout(done, sessions.delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpOpen = true;
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  courseId = (
    await t.admin.post('/api/courses', {
      name: 'Judiciary Exam',
      description: 'Judicial services',
      price: 30000,
      feeType: 'full',
      duration: '8 months',
      features: ['Answer writing'],
    })
  ).json()._id;
});
afterAll(async () => {
  await t?.close();
  await stopSmtp();
});

async function submit() {
  const res = await t.visitor.post('/api/admission-requests', {
    fullName: 'Bikram Sen',
    email: `mail${++n}-${Date.now()}@example.com`,
    phone: '9830012345',
    address: '2 Lake Road',
    education: 'LLB',
    course: courseId,
    centre: 'shrirampur',
    reason: 'Judiciary',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().request as { _id: string; email: string };
}
const mailsTo = (email: string) => received.filter((m) => m.to.includes(email));

it('delivers the welcome mail with the credentials over SMTP', async () => {
  const r = await submit();
  const res = await t.admin.patch(`/api/admission-requests/admin/${r._id}/approve`, {});
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.emailSent).toBe(true);
  // With SMTP configured the admin is not shown the mail text.
  expect(body.emailPreview).toBeNull();
  expect(body.notice).toBe(ADMISSION_MSG.noticeSent);
  const [mail] = mailsTo(r.email);
  expect(mail.data).toContain(body.user.temporaryPassword);
  expect(mail.data).toContain(body.user.registrationNumber);
  expect(mail.data).toMatch(/Subject: Welcome to/);
  const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, r.email));
  expect(row.status).toBe('sent');
});

it('delivers the rejection mail over SMTP', async () => {
  const r = await submit();
  const res = await t.admin.patch(`/api/admission-requests/admin/${r._id}/reject`, {
    adminNotes: 'Seats are full',
    noteIsForApplicant: true,
  });
  expect(res.json()).toMatchObject({ emailSent: true, message: ADMISSION_MSG.rejected });
  const [mail] = mailsTo(r.email);
  expect(mail.data).toContain('Seats are full');
  expect(mail.data).toMatch(/Subject: .*admission request/);
});

it('an import answers without waiting on the mail server, then sends its credentials mails one at a time, each once', async () => {
  const stamp = Date.now();
  const emails = [1, 2, 3].map((i) => `import${i}-${stamp}@example.com`);
  const csv = [
    'name,email,phone,course,centre,batch,registrationNumber',
    ...emails.map((e, i) => `Imported Student${i},${e},98300223${i}0,Judiciary Exam,kasba,,`),
  ].join('\r\n');
  const boundary = '----import-mail-boundary';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="students.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  sessions.most = 0;
  sessions.delayMs = 300;
  try {
    const res = await t.inject({
      method: 'POST',
      url: '/api/users/import',
      payload,
      headers: {
        authorization: `Bearer ${await t.tokenFor('admin@test.local', 'Admin-Password-1')}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 3, skipped: 0 });
    // Answered before the mail server took the first of them (it takes 300 ms each).
    const outbox = () => t.ctx.db.select().from(mailOutbox).where(inArray(mailOutbox.to, emails));
    expect((await outbox()).map((m) => m.status)).toEqual(['pending', 'pending', 'pending']);
    await t.ctx.notifier.idle();
    expect((await outbox()).map((m) => m.status)).toEqual(['sent', 'sent', 'sent']);
    for (const e of emails) {
      expect(mailsTo(e)).toHaveLength(1);
      expect(mailsTo(e)[0].data).toMatch(/Temporary password: \S+/);
    }
    expect(sessions.most).toBe(1);
  } finally {
    sessions.delayMs = 0;
  }
});

it('an SMTP failure gives emailSent false, the approval holds and the mail waits in the outbox', async () => {
  const r = await submit();
  await stopSmtp();
  const res = await t.admin.patch(`/api/admission-requests/admin/${r._id}/approve`, {});
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.emailSent).toBe(false);
  expect(body.notice).toBe(ADMISSION_MSG.noticeFailed);
  expect(body.user.temporaryPassword).toHaveLength(16);
  const [request] = await t.ctx.db.select().from(admissionRequests).where(eq(admissionRequests.id, r._id));
  expect(request.status).toBe('approved');
  expect(await t.ctx.db.$count(users, eq(users.email, r.email))).toBe(1);
  const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, r.email));
  expect(row.status).toBe('pending');
  expect(row.attempts).toBe(1);
  expect(row.lastError).toBeTruthy();
  // The credentials still work: the admin shares them by hand.
  const login = await t.visitor.post('/api/auth/login', { email: r.email, password: body.user.temporaryPassword });
  expect(login.statusCode).toBe(200);
});

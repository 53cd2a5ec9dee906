import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { openDb } from '../../db/client.ts';
import { attendance, classSessions, exams, notificationOutbox, notificationSends, users } from '../../db/schema.ts';
import { createRankedExam, publish, sit } from '../analysis/test-fixtures.ts';
import { createAdmittedStudent, createCourse } from '../payments/test-fixtures.ts';
import { feeStage, JOBS } from './jobs.ts';

// Notifications (docs/product-notifications.md): channel preferences, the reminders and their keys,
// announcements with their count, the outbox views. No provider is configured here: every channel's
// message is kept in the outbox the development mailbox shows.

let t: TestApp;
let course: { _id: string; name: string; price: number };
beforeAll(async () => {
  t = await createTestApp();
  course = await createCourse(t, 24_000);
});
afterAll(async () => {
  await t?.ctx.notifier.idle();
  await t?.close();
});

type MailboxItem = { _id: string; channel: string; to: string; subject: string; text: string; status: string };
const mailbox = async (to?: string): Promise<MailboxItem[]> => {
  const res = await t.admin.get(`/api/dev/mailbox${to ? `?to=${encodeURIComponent(to)}` : ''}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const runJob = (name: string, now: string) => t.admin.post(`/api/dev/jobs/${name}/run`, { now });
const sendsFor = (kind: string, subjectId: string) =>
  t.ctx.db
    .select()
    .from(notificationSends)
    .where(and(eq(notificationSends.kind, kind), eq(notificationSends.subjectId, subjectId)));

describe('channel preferences', () => {
  it('start as e-mail only; SMS or WhatsApp needs a valid mobile number; saved and read back', async () => {
    const s = await t.createStudent({ phone: null });
    expect((await s.client.get('/api/notifications/preferences')).json()).toEqual({
      email: true,
      sms: false,
      whatsapp: false,
      phone: null,
    });

    const noPhone = await s.client.put('/api/notifications/preferences', { email: true, sms: true, whatsapp: false });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().fields).toEqual({ phone: 'Add a mobile number to receive SMS or WhatsApp messages' });

    for (const phone of ['12345', '5830012345', '98300 1234a', '+1 202 555 0100']) {
      const bad = await s.client.put('/api/notifications/preferences', { email: true, sms: true, whatsapp: false, phone });
      expect(bad.statusCode, phone).toBe(400);
      expect(bad.json().fields).toEqual({ phone: 'Please enter a valid 10-digit Indian mobile number' });
    }
    expect((await s.client.put('/api/notifications/preferences', { email: 'yes', sms: false, whatsapp: false })).statusCode).toBe(400);
    expect((await s.client.put('/api/notifications/preferences', { email: true, sms: false })).statusCode).toBe(400);
    // Nothing changed by the refusals.
    expect((await s.client.get('/api/notifications/preferences')).json()).toEqual({
      email: true,
      sms: false,
      whatsapp: false,
      phone: null,
    });

    const ok = await s.client.put('/api/notifications/preferences', { email: false, sms: true, whatsapp: true, phone: '+91 98300-12345' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ email: false, sms: true, whatsapp: true, phone: '9830012345' });
    expect((await s.client.get('/api/notifications/preferences')).json()).toEqual(ok.json());

    // The number on the account is kept when the body leaves it out; removing it with SMS on is refused.
    expect((await s.client.put('/api/notifications/preferences', { email: true, sms: true, whatsapp: false })).json().phone).toBe(
      '9830012345',
    );
    expect(
      (await s.client.put('/api/notifications/preferences', { email: true, sms: true, whatsapp: false, phone: null })).statusCode,
    ).toBe(400);
    expect((await s.client.put('/api/notifications/preferences', { email: true, sms: false, whatsapp: false, phone: '' })).json()).toEqual({
      email: true,
      sms: false,
      whatsapp: false,
      phone: null,
    });
  });

  it('is a student screen: an admin is refused, a visitor must sign in', async () => {
    expect((await t.admin.get('/api/notifications/preferences')).statusCode).toBe(403);
    expect((await t.visitor.get('/api/notifications/preferences')).statusCode).toBe(401);
  });
});

describe('the fee reminders job', () => {
  it('knows its stages: 3 days before, then the day after and weekly, at most 4', () => {
    const due = new Date('2026-02-10T00:00:00+05:30');
    const at = (s: string) => feeStage(due, new Date(s));
    expect(at('2026-02-07T00:01:00+05:30')).toBe('due-3');
    expect(at('2026-02-07T23:59:00+05:30')).toBe('due-3');
    // 6 February 20:00 UTC is 7 February 01:30 in India.
    expect(at('2026-02-06T20:00:00Z')).toBe('due-3');
    expect(at('2026-02-06T18:00:00Z')).toBe(null);
    expect(at('2026-02-08T10:00:00+05:30')).toBe(null);
    expect(at('2026-02-10T10:00:00+05:30')).toBe(null);
    expect(at('2026-02-11T10:00:00+05:30')).toBe('overdue-1');
    expect(at('2026-02-17T10:00:00+05:30')).toBe('overdue-1');
    expect(at('2026-02-18T10:00:00+05:30')).toBe('overdue-2');
    expect(at('2026-02-25T10:00:00+05:30')).toBe('overdue-3');
    expect(at('2026-03-04T10:00:00+05:30')).toBe('overdue-4');
    expect(at('2026-03-11T10:00:00+05:30')).toBe(null);
  });

  it('sends "due in 3 days" once per installment, by the channels the student chose, and never for a paid one', async () => {
    // Approved 10 January 2026 (IST): installments due 10 Jan, 10 Feb, 10 Mar, 10 Apr.
    const { student, admission } = await createAdmittedStudent(t, course._id, new Date('2026-01-10T06:00:00Z'));
    await student.client.put('/api/notifications/preferences', { email: true, sms: true, whatsapp: true, phone: '9830011111' });
    // The first installment is paid at the counter, so only the second is due.
    const paid = await t.admin.post('/api/payments/counter', {
      studentId: student.id,
      amount: 6000,
      method: 'cash',
      receivedAt: '2026-01-10',
      centre: 'dumdum',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await t.ctx.notifier.idle();

    const before = (await mailbox()).length;
    const run = await runJob('fee-reminders', '2026-02-07T09:00:00+05:30');
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ job: 'fee-reminders', reminders: 1, messages: 3 });
    expect(await sendsFor('fee', `${admission.id}:2`)).toEqual([expect.objectContaining({ stage: 'due-3', recipients: 1 })]);

    const box = await mailbox();
    expect(box.length - before).toBe(3);
    const email = box.find((m) => m.to === student.email && m.subject.includes('due on'));
    expect(email).toMatchObject({ channel: 'email', status: 'kept' });
    expect(email?.subject).toBe('Law Coaching Institute: fee installment due on 10 Feb 2026');
    expect(email?.text).toContain('Installment 2 of your');
    expect(email?.text).toContain('₹6,000');
    const sms = box.find((m) => m.to === '9830011111' && m.channel === 'sms');
    expect(sms?.text).toMatch(/installment 2 .*₹6,000.* due on 10 Feb 2026/);
    expect(box.find((m) => m.to === '9830011111' && m.channel === 'whatsapp')).toBeDefined();

    // The same day again, and the same moment: nothing more.
    expect((await runJob('fee-reminders', '2026-02-07T18:00:00+05:30')).json()).toMatchObject({ reminders: 0, messages: 0 });
    expect((await mailbox()).length - before).toBe(3);
    // Two days before: not a reminder day.
    expect((await runJob('fee-reminders', '2026-02-08T09:00:00+05:30')).json()).toMatchObject({ reminders: 0 });
  });

  it('sends "overdue" the day after, then weekly, at most 4 times, each once', async () => {
    const { student, admission } = await createAdmittedStudent(t, course._id, new Date('2026-05-05T06:00:00Z'));
    const key = `${admission.id}:1`;
    const stages = async () => (await sendsFor('fee', key)).map((r) => r.stage).sort();
    expect((await runJob('fee-reminders', '2026-05-05T12:00:00+05:30')).statusCode).toBe(200);
    expect(await stages()).toEqual([]);
    await runJob('fee-reminders', '2026-05-06T08:00:00+05:30');
    await runJob('fee-reminders', '2026-05-06T20:00:00+05:30');
    await runJob('fee-reminders', '2026-05-08T08:00:00+05:30');
    expect(await stages()).toEqual(['overdue-1']);
    await runJob('fee-reminders', '2026-05-13T08:00:00+05:30');
    await runJob('fee-reminders', '2026-05-20T08:00:00+05:30');
    await runJob('fee-reminders', '2026-05-27T08:00:00+05:30');
    await runJob('fee-reminders', '2026-06-03T08:00:00+05:30');
    await runJob('fee-reminders', '2026-06-10T08:00:00+05:30');
    expect(await stages()).toEqual(['overdue-1', 'overdue-2', 'overdue-3', 'overdue-4']);
    const overdue = (await mailbox(student.email)).filter((m) => m.subject.includes('overdue since 5 May 2026'));
    expect(overdue).toHaveLength(4);
    expect(overdue.map((m) => m.text.match(/Reminder (\d) of 4/)?.[1]).sort()).toEqual(['1', '2', '3', '4']);
  });

  it('a student who turned every channel off gets nothing (the key is still taken); an inactive student is not reminded', async () => {
    const { student, admission } = await createAdmittedStudent(t, course._id, new Date('2026-07-01T06:00:00Z'));
    await student.client.put('/api/notifications/preferences', { email: false, sms: false, whatsapp: false });
    const gone = await createAdmittedStudent(t, course._id, new Date('2026-07-01T06:00:00Z'));
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, gone.student.id));
    expect((await runJob('fee-reminders', '2026-07-29T09:00:00+05:30')).statusCode).toBe(200);
    expect((await sendsFor('fee', `${admission.id}:2`)).map((r) => r.stage)).toEqual(['due-3']);
    expect(await mailbox(student.email)).toEqual([]);
    expect(await sendsFor('fee', `${gone.admission.id}:2`)).toEqual([]);
    expect(await mailbox(gone.student.email)).toEqual([]);
  });

  it('exactly once with two app instances running the job at the same moment', async () => {
    const approved = new Date('2026-08-03T06:00:00Z');
    const admitted = await Promise.all([1, 2, 3].map(() => createAdmittedStudent(t, course._id, approved)));
    for (const { student } of admitted) {
      await student.client.put('/api/notifications/preferences', { email: true, sms: true, whatsapp: false, phone: '9830022222' });
    }
    // A second app on the same database (a new connection pool on PostgreSQL; PGlite is one process).
    const handle = t.config.DATABASE_URL ? await openDb({ url: t.config.DATABASE_URL, dataDir: null }) : t.ctx.dbHandle;
    const second = await buildApp({ config: t.config, dbHandle: handle });
    try {
      const now = new Date('2026-08-31T07:00:00+05:30');
      const results = await Promise.all([
        JOBS['fee-reminders'](t.ctx, now),
        JOBS['fee-reminders'](second.ctx, now),
        JOBS['fee-reminders'](t.ctx, now),
        JOBS['fee-reminders'](second.ctx, now),
      ]);
      // Whatever other students are due too, the four runs together took each reminder once.
      expect(results.every((r) => r.reminders >= 0)).toBe(true);
      for (const { student, admission } of admitted) {
        expect(await sendsFor('fee', `${admission.id}:2`)).toHaveLength(1);
        const mine = (await mailbox(student.email)).filter(
          (m) => m.subject.includes('due on 3 Sept 2026') || m.subject.includes('due on 3 Sep 2026'),
        );
        expect(mine).toHaveLength(1);
        const texts = await t.ctx.db
          .select()
          .from(notificationOutbox)
          .where(and(eq(notificationOutbox.userId, student.id), eq(notificationOutbox.kind, 'fee-due')));
        expect(texts).toHaveLength(1);
      }
    } finally {
      await second.close();
      if (handle !== t.ctx.dbHandle) await handle.close();
    }
  });
});

describe('POST /api/dev/jobs/:name/run', () => {
  it('names the job: an unknown one is 404; a bad now is 400; a student is refused', async () => {
    const unknown = await runJob('no-such-job', '2026-01-01T00:00:00Z');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No scheduled job of that name');
    expect((await runJob('toString', '2026-01-01T00:00:00Z')).statusCode).toBe(404);
    const bad = await runJob('fee-reminders', 'yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ now: 'now must be a date and time (ISO 8601)' });
    expect((await runJob('fee-reminders', '+275760-09-13T00:00:00.000Z')).statusCode).toBe(400);
    const s = await t.createStudent();
    expect((await s.client.post('/api/dev/jobs/fee-reminders/run', {})).statusCode).toBe(403);
    // Without a body the clock is the real one.
    const plain = await t.admin.post('/api/dev/jobs/exam-reminders/run');
    expect(plain.statusCode).toBe(200);
    expect(Math.abs(Date.parse(plain.json().now) - Date.now())).toBeLessThan(60_000);
  });
});

describe('exam reminders', () => {
  it('tells the audience the day before an exam opens (IST), once', async () => {
    const s = await t.createStudent();
    const [exam] = await t.ctx.db
      .insert(exams)
      .values({
        title: 'CLAT Mock 7',
        description: 'Full-length mock',
        durationMinutes: 120,
        totalMarks: 120,
        passingMarks: 40,
        openToAll: true,
        opensAt: new Date('2026-09-15T10:00:00+05:30'),
      })
      .returning();
    expect((await runJob('exam-reminders', '2026-09-13T23:00:00+05:30')).json().reminders).toBe(0);
    const run = await runJob('exam-reminders', '2026-09-14T08:00:00+05:30');
    expect(run.json().reminders).toBe(1);
    const mine = (await mailbox(s.email)).filter((m) => m.subject.includes('CLAT Mock 7'));
    expect(mine).toHaveLength(1);
    expect(mine[0].subject).toBe('Law Coaching Institute: CLAT Mock 7 opens tomorrow');
    expect(mine[0].text).toContain('15 Sept 2026');
    expect((await runJob('exam-reminders', '2026-09-14T20:00:00+05:30')).json().reminders).toBe(0);
    expect(await sendsFor('exam-tomorrow', exam.id)).toHaveLength(1);
  });
});

describe('results published', () => {
  it('tells everyone who took the exam, by their channels, once even when published again', async () => {
    const title = `Mock Results ${Date.now()}`;
    const exam = await createRankedExam(t, { title });
    const a = await sit(t, exam, 'rrrr');
    const b = await sit(t, exam, 'rw--', { phone: '9830066666' });
    await b.student.client.put('/api/notifications/preferences', { email: false, sms: false, whatsapp: true });
    await publish(t, exam._id);
    const toA = (await mailbox(a.student.email)).filter((m) => m.subject.includes(title));
    expect(toA).toHaveLength(1);
    expect(toA[0].subject).toBe(`Law Coaching Institute: results of ${title} are out`);
    expect(await mailbox(b.student.email)).toEqual([]);
    expect((await mailbox('9830066666')).filter((m) => m.channel === 'whatsapp' && m.text.includes(title))).toHaveLength(1);
    expect((await t.admin.patch(`/api/submissions/admin/unpublish-results/${exam._id}`)).statusCode).toBe(200);
    await publish(t, exam._id);
    expect((await mailbox(a.student.email)).filter((m) => m.subject.includes(title))).toHaveLength(1);
  });
});

describe('absent from class today', () => {
  it('tells a student marked absent from a class held today (IST), once; present students hear nothing', async () => {
    const batch = await t.admin.post('/api/batches', {
      name: `Absence batch ${Date.now()}`,
      course: course._id,
      centre: 'dumdum',
      academicYear: '2026-27',
      timing: 'EVENING',
      startsOn: '2026-06-01',
      endsOn: '2027-03-31',
      capacity: 30,
    });
    expect(batch.statusCode, batch.body).toBe(201);
    const absent = await t.createStudent({ batchId: batch.json()._id });
    const present = await t.createStudent({ batchId: batch.json()._id });
    const [session] = await t.ctx.db
      .insert(classSessions)
      .values({
        batchId: batch.json()._id,
        date: '2026-10-05',
        startTime: '17:30',
        endTime: '19:00',
        subject: 'Legal Reasoning',
        teacher: 'A. Sen',
        room: '2',
      })
      .returning();
    await t.ctx.db.insert(attendance).values([
      { sessionId: session.id, studentId: absent.id, isPresent: false },
      { sessionId: session.id, studentId: present.id, isPresent: true },
    ]);
    expect((await runJob('attendance-absent', '2026-10-04T20:00:00+05:30')).json().reminders).toBe(0);
    expect((await runJob('attendance-absent', '2026-10-05T20:00:00+05:30')).json().reminders).toBe(1);
    expect((await runJob('attendance-absent', '2026-10-05T21:00:00+05:30')).json().reminders).toBe(0);
    const mine = await mailbox(absent.email);
    expect(mine).toHaveLength(1);
    expect(mine[0].subject).toBe('Law Coaching Institute: absent from class on 5 Oct 2026');
    expect(mine[0].text).toContain('Legal Reasoning');
    expect(mine[0].text).toContain('17:30');
    expect(await mailbox(present.email)).toEqual([]);
    // The next day it is no longer "today".
    expect((await runJob('attendance-absent', '2026-10-06T09:00:00+05:30')).json().reminders).toBe(0);
  });
});

describe('payment received', () => {
  it('adds an SMS to the e-mailed confirmation for a student who chose SMS, once per payment', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    await student.client.put('/api/notifications/preferences', { email: true, sms: true, whatsapp: false, phone: '9830033333' });
    const res = await t.admin.post('/api/payments/counter', {
      studentId: student.id,
      amount: 2500,
      method: 'upi',
      reference: 'UPI-77',
      receivedAt: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()),
      centre: 'kasba',
    });
    expect(res.statusCode, res.body).toBe(201);
    const sms = (await mailbox('9830033333')).filter((m) => m.channel === 'sms');
    expect(sms).toHaveLength(1);
    expect(sms[0].text).toContain('₹2,500');
    expect(sms[0].text).toContain(res.json().receiptNumber);
    expect(await sendsFor('payment-received', res.json()._id)).toHaveLength(1);
  });
});

describe('announcements', () => {
  it('counts before sending, and sends to exactly that many by the chosen channel', async () => {
    const opted = await t.createStudent({ centreId: 'shrirampur', phone: '9830044444' });
    await opted.client.put('/api/notifications/preferences', { email: true, sms: true, whatsapp: false });
    const noPhone = await t.createStudent({ centreId: 'shrirampur', phone: null });
    const inactive = await t.createStudent({ centreId: 'shrirampur', isActive: false });
    const emailOff = await t.createStudent({ centreId: 'shrirampur' });
    await emailOff.client.put('/api/notifications/preferences', { email: false, sms: false, whatsapp: false });
    void inactive;
    void noPhone;

    const count = (channel: string) =>
      t.admin.post('/api/notifications/broadcast/count', { audience: 'centre', audienceId: 'shrirampur', channel });
    expect((await count('email')).json()).toEqual({ recipients: 2, unreachable: 1 });
    expect((await count('sms')).json()).toEqual({ recipients: 1, unreachable: 2 });
    expect((await count('whatsapp')).json()).toEqual({ recipients: 0, unreachable: 3 });

    const sent = await t.admin.post('/api/notifications/broadcast', {
      audience: 'centre',
      audienceId: 'shrirampur',
      channel: 'sms',
      message: 'The Shrirampur centre is closed on Monday for Durga Puja.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toEqual({ message: 'Announcement queued for 1 recipient', recipients: 1 });
    const box = await mailbox('9830044444');
    expect(box.filter((m) => m.channel === 'sms' && m.text.includes('Durga Puja'))).toHaveLength(1);

    const audit = (await t.admin.get('/api/audit')).json().entries;
    expect(audit[0]).toMatchObject({ action: 'notification.broadcast' });
  });

  it('reaches a batch and a course', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    const byCourse = await t.admin.post('/api/notifications/broadcast/count', {
      audience: 'course',
      audienceId: course._id,
      channel: 'email',
    });
    expect(byCourse.statusCode).toBe(200);
    expect(byCourse.json().recipients).toBeGreaterThanOrEqual(1);
    const send = await t.admin.post('/api/notifications/broadcast', {
      audience: 'course',
      audienceId: course._id,
      channel: 'email',
      subject: 'Timetable change',
      message: 'Classes move to 5 pm.',
    });
    expect(send.statusCode).toBe(201);
    expect(send.json().recipients).toBe(byCourse.json().recipients);
    expect((await mailbox(student.email)).filter((m) => m.subject === 'Timetable change')).toHaveLength(1);

    const batch = await t.admin.post('/api/batches', {
      name: `Notify batch ${Date.now()}`,
      course: course._id,
      centre: 'kasba',
      academicYear: '2026-27',
      timing: 'MORNING',
      startsOn: '2026-06-01',
      endsOn: '2027-03-31',
      capacity: 30,
    });
    if (batch.statusCode === 201) {
      const inBatch = await t.createStudent({ batchId: batch.json()._id });
      const n = await t.admin.post('/api/notifications/broadcast/count', {
        audience: 'batch',
        audienceId: batch.json()._id,
        channel: 'email',
      });
      expect(n.json()).toEqual({ recipients: 1, unreachable: 0 });
      await t.admin.post('/api/notifications/broadcast', {
        audience: 'batch',
        audienceId: batch.json()._id,
        channel: 'email',
        subject: 'Batch news',
        message: 'Hello batch',
      });
      expect((await mailbox(inBatch.email)).map((m) => m.subject)).toEqual(['Batch news']);
    } else {
      throw new Error(`batch: ${batch.statusCode} ${batch.body}`);
    }
  });

  it('refuses bad input with a clear 400 and sends nothing', async () => {
    const before = (await mailbox()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ audience: 'planet', audienceId: 'x', channel: 'email', subject: 'S', message: 'M' }, 'audience must be batch, course or centre'],
      [{ audience: 'centre', audienceId: 'mars', channel: 'email', subject: 'S', message: 'M' }, 'No such batch, course or centre'],
      [{ audience: 'batch', audienceId: 'not-a-uuid', channel: 'email', subject: 'S', message: 'M' }, 'No such batch, course or centre'],
      [
        { audience: 'course', audienceId: '00000000-0000-4000-8000-000000000000', channel: 'sms', message: 'M' },
        'No such batch, course or centre',
      ],
      [
        { audience: 'centre', audienceId: 'dumdum', channel: 'pigeon', subject: 'S', message: 'M' },
        'channel must be email, sms or whatsapp',
      ],
      [{ audience: 'centre', audienceId: 'dumdum', channel: 'email', subject: 'S', message: '   ' }, 'Message is required'],
      [{ audience: 'centre', audienceId: 'dumdum', channel: 'email', message: 'M' }, 'Subject is required'],
      [{ audience: 'centre', audienceId: 'dumdum', channel: 'sms', message: 'x'.repeat(481) }, 'Message must be at most 480 characters'],
      [
        { audience: 'centre', audienceId: 'kasba', channel: 'whatsapp', message: 'Nobody here has WhatsApp on' },
        'Nobody would receive this message',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await t.admin.post('/api/notifications/broadcast', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect([res.json().message, ...Object.values(res.json().fields ?? {})]).toContain(message);
    }
    expect((await mailbox()).length).toBe(before);
  });
});

describe('the admin outbox view', () => {
  it('lists every channel with its status and counts; retry is for failed messages only', async () => {
    const res = await t.admin.get('/api/notifications/outbox');
    expect(res.statusCode).toBe(200);
    const { items, counts } = res.json();
    expect(new Set(items.map((i: { channel: string }) => i.channel))).toEqual(new Set(['email', 'sms', 'whatsapp']));
    expect(counts.kept).toBeGreaterThan(0);
    const sms = (await t.admin.get('/api/notifications/outbox?channel=sms')).json().items;
    expect(sms.every((i: { channel: string }) => i.channel === 'sms')).toBe(true);
    expect((await t.admin.get('/api/notifications/outbox?status=failed')).json().items).toEqual([]);
    expect((await t.admin.get('/api/notifications/outbox?status=lost')).statusCode).toBe(400);
    const kept = await t.admin.post(`/api/notifications/outbox/${sms[0]._id}/retry`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toBe('Only a failed message can be sent again');
    expect((await t.admin.post('/api/notifications/outbox/00000000-0000-4000-8000-000000000000/retry')).statusCode).toBe(404);
  });
});

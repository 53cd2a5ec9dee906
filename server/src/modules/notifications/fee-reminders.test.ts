import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { openDb } from '../../db/client.ts';
import { notificationOutbox, users } from '../../db/schema.ts';
import { createAdmittedStudent, createCourse } from '../payments/test-fixtures.ts';
import { feeStage, JOBS } from './jobs.ts';
import { mailbox, runJob, sendsFor } from './test-fixtures.ts';

// Notifications (docs/product-notifications.md): the fee reminders and their keys, and the route that
// runs a scheduled job.

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

    const before = (await mailbox(t)).length;
    const run = await runJob(t, 'fee-reminders', '2026-02-07T09:00:00+05:30');
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ job: 'fee-reminders', reminders: 1, messages: 3 });
    expect(await sendsFor(t, 'fee', `${admission.id}:2`)).toEqual([expect.objectContaining({ stage: 'due-3', recipients: 1 })]);

    const box = await mailbox(t);
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
    expect((await runJob(t, 'fee-reminders', '2026-02-07T18:00:00+05:30')).json()).toMatchObject({ reminders: 0, messages: 0 });
    expect((await mailbox(t)).length - before).toBe(3);
    // Two days before: not a reminder day.
    expect((await runJob(t, 'fee-reminders', '2026-02-08T09:00:00+05:30')).json()).toMatchObject({ reminders: 0 });
  });

  it('sends "overdue" the day after, then weekly, at most 4 times, each once', async () => {
    const { student, admission } = await createAdmittedStudent(t, course._id, new Date('2026-05-05T06:00:00Z'));
    const key = `${admission.id}:1`;
    const stages = async () => (await sendsFor(t, 'fee', key)).map((r) => r.stage).sort();
    expect((await runJob(t, 'fee-reminders', '2026-05-05T12:00:00+05:30')).statusCode).toBe(200);
    expect(await stages()).toEqual([]);
    await runJob(t, 'fee-reminders', '2026-05-06T08:00:00+05:30');
    await runJob(t, 'fee-reminders', '2026-05-06T20:00:00+05:30');
    await runJob(t, 'fee-reminders', '2026-05-08T08:00:00+05:30');
    expect(await stages()).toEqual(['overdue-1']);
    await runJob(t, 'fee-reminders', '2026-05-13T08:00:00+05:30');
    await runJob(t, 'fee-reminders', '2026-05-20T08:00:00+05:30');
    await runJob(t, 'fee-reminders', '2026-05-27T08:00:00+05:30');
    await runJob(t, 'fee-reminders', '2026-06-03T08:00:00+05:30');
    await runJob(t, 'fee-reminders', '2026-06-10T08:00:00+05:30');
    expect(await stages()).toEqual(['overdue-1', 'overdue-2', 'overdue-3', 'overdue-4']);
    const overdue = (await mailbox(t, student.email)).filter((m) => m.subject.includes('overdue since 5 May 2026'));
    expect(overdue).toHaveLength(4);
    expect(overdue.map((m) => m.text.match(/Reminder (\d) of 4/)?.[1]).sort()).toEqual(['1', '2', '3', '4']);
  });

  it('a student who turned every channel off gets nothing (the key is still taken); an inactive student is not reminded', async () => {
    const { student, admission } = await createAdmittedStudent(t, course._id, new Date('2026-07-01T06:00:00Z'));
    await student.client.put('/api/notifications/preferences', { email: false, sms: false, whatsapp: false });
    const gone = await createAdmittedStudent(t, course._id, new Date('2026-07-01T06:00:00Z'));
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, gone.student.id));
    expect((await runJob(t, 'fee-reminders', '2026-07-29T09:00:00+05:30')).statusCode).toBe(200);
    expect((await sendsFor(t, 'fee', `${admission.id}:2`)).map((r) => r.stage)).toEqual(['due-3']);
    expect(await mailbox(t, student.email)).toEqual([]);
    expect(await sendsFor(t, 'fee', `${gone.admission.id}:2`)).toEqual([]);
    expect(await mailbox(t, gone.student.email)).toEqual([]);
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
        expect(await sendsFor(t, 'fee', `${admission.id}:2`)).toHaveLength(1);
        const mine = (await mailbox(t, student.email)).filter(
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
    const unknown = await runJob(t, 'no-such-job', '2026-01-01T00:00:00Z');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No scheduled job of that name');
    expect((await runJob(t, 'toString', '2026-01-01T00:00:00Z')).statusCode).toBe(404);
    const bad = await runJob(t, 'fee-reminders', 'yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ now: 'now must be a date and time (ISO 8601)' });
    expect((await runJob(t, 'fee-reminders', '+275760-09-13T00:00:00.000Z')).statusCode).toBe(400);
    const s = await t.createStudent();
    expect((await s.client.post('/api/dev/jobs/fee-reminders/run', {})).statusCode).toBe(403);
    // Without a body the clock is the real one.
    const plain = await t.admin.post('/api/dev/jobs/exam-reminders/run');
    expect(plain.statusCode).toBe(200);
    expect(Math.abs(Date.parse(plain.json().now) - Date.now())).toBeLessThan(60_000);
  });
});

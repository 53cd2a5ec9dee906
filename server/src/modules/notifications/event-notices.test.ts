import { randomUUID } from 'node:crypto';
import { todayInIndia } from '@app/common/rules/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { eq } from 'drizzle-orm';
import { attendance, classSessions, exams, users } from '../../db/schema.ts';
import { batchStudent, createBatch } from '../exams/schedule-fixtures.ts';
import { createRankedExam, publish, sit } from '../analysis/test-fixtures.ts';
import { createAdmittedStudent, createCourse } from '../payments/test-fixtures.ts';
import { once } from '../messaging/service.ts';
import { mailbox, runJob, sendsFor } from './test-fixtures.ts';

// Notifications (docs/product-notifications.md): the notices of events (an exam tomorrow, results out,
// absent from class, a payment received), then the admin's outbox view of the messages they left.

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
    expect((await runJob(t, 'exam-reminders', '2026-09-13T23:00:00+05:30')).json().reminders).toBe(0);
    const run = await runJob(t, 'exam-reminders', '2026-09-14T08:00:00+05:30');
    expect(run.json().reminders).toBe(1);
    const mine = (await mailbox(t, s.email)).filter((m) => m.subject.includes('CLAT Mock 7'));
    expect(mine).toHaveLength(1);
    expect(mine[0].subject).toBe('Law Coaching Institute: CLAT Mock 7 opens tomorrow');
    expect(mine[0].text).toContain('15 Sept 2026');
    expect((await runJob(t, 'exam-reminders', '2026-09-14T20:00:00+05:30')).json().reminders).toBe(0);
    expect(await sendsFor(t, 'exam-tomorrow', exam.id)).toHaveLength(1);
  });

  it('tells exactly the audience: admitted to its course, in its batch or a batch of its course, at its centre, or named the course with no other', async () => {
    const other = await createCourse(t, 18_000);
    const ofCourse = await createBatch(t, course._id, { centre: 'kasba' });
    const named = await createBatch(t, other._id);
    const admitted = await createAdmittedStudent(t, course._id);
    const inBatchOfCourse = await batchStudent(t, ofCourse);
    const inNamedBatch = await batchStudent(t, named);
    const atCentre = await t.createStudent({ centreId: 'shrirampur', courseInterest: null });
    const namedTheCourse = await t.createStudent({ centreId: 'kasba', courseInterest: course.name.toUpperCase() });
    // Named the course on their account but admitted to another: the admission is what counts.
    const admittedElsewhere = await createAdmittedStudent(t, other._id);
    await t.ctx.db.update(users).set({ courseInterest: course.name }).where(eq(users.id, admittedElsewhere.student.id));
    const outsider = await t.createStudent({ centreId: 'kasba', courseInterest: null });
    const inactive = await createAdmittedStudent(t, course._id);
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.student.id));
    const [exam] = await t.ctx.db
      .insert(exams)
      .values({
        title: 'Targeted Mock 9',
        description: 'Full-length mock',
        durationMinutes: 120,
        totalMarks: 120,
        passingMarks: 40,
        audienceCourseIds: [course._id],
        audienceBatchIds: [named],
        audienceCentreIds: ['shrirampur'],
        opensAt: new Date('2026-10-21T10:00:00+05:30'),
      })
      .returning();
    expect((await runJob(t, 'exam-reminders', '2026-10-20T08:00:00+05:30')).json()).toMatchObject({ reminders: 1 });
    const told = async (email: string) => (await mailbox(t, email)).filter((m) => m.subject.includes('Targeted Mock 9')).length;
    for (const s of [admitted.student, inBatchOfCourse, inNamedBatch, atCentre, namedTheCourse])
      expect(await told(s.email), s.email).toBe(1);
    for (const s of [admittedElsewhere.student, outsider, inactive.student]) expect(await told(s.email), s.email).toBe(0);
    const [send] = await sendsFor(t, 'exam-tomorrow', exam.id);
    expect(send.recipients).toBeGreaterThanOrEqual(5);
  });
});

describe('a reminder sent once', () => {
  it('answers a key already taken before building its messages (each run after the first reads no recipients)', async () => {
    const key = { kind: 'exam-tomorrow', subjectId: randomUUID(), stage: '2026-10-21' };
    let built = 0;
    const build = async () => {
      built++;
      return [];
    };
    expect(await once(t.ctx, key, build)).toMatchObject({ count: 0 });
    expect(await once(t.ctx, key, build)).toBeNull();
    expect(built).toBe(1);
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
    const toA = (await mailbox(t, a.student.email)).filter((m) => m.subject.includes(title));
    expect(toA).toHaveLength(1);
    expect(toA[0].subject).toBe(`Law Coaching Institute: results of ${title} are out`);
    expect(await mailbox(t, b.student.email)).toEqual([]);
    expect((await mailbox(t, '9830066666')).filter((m) => m.channel === 'whatsapp' && m.text.includes(title))).toHaveLength(1);
    expect((await t.admin.patch(`/api/submissions/admin/unpublish-results/${exam._id}`)).statusCode).toBe(200);
    await publish(t, exam._id);
    expect((await mailbox(t, a.student.email)).filter((m) => m.subject.includes(title))).toHaveLength(1);
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
    expect((await runJob(t, 'attendance-absent', '2026-10-04T20:00:00+05:30')).json().reminders).toBe(0);
    expect((await runJob(t, 'attendance-absent', '2026-10-05T20:00:00+05:30')).json().reminders).toBe(1);
    expect((await runJob(t, 'attendance-absent', '2026-10-05T21:00:00+05:30')).json().reminders).toBe(0);
    const mine = await mailbox(t, absent.email);
    expect(mine).toHaveLength(1);
    expect(mine[0].subject).toBe('Law Coaching Institute: absent from class on 5 Oct 2026');
    expect(mine[0].text).toContain('Legal Reasoning');
    expect(mine[0].text).toContain('17:30');
    expect(await mailbox(t, present.email)).toEqual([]);
    // The next day it is no longer "today".
    expect((await runJob(t, 'attendance-absent', '2026-10-06T09:00:00+05:30')).json().reminders).toBe(0);
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
      receivedAt: todayInIndia(),
      centre: 'kasba',
    });
    expect(res.statusCode, res.body).toBe(201);
    const sms = (await mailbox(t, '9830033333')).filter((m) => m.channel === 'sms');
    expect(sms).toHaveLength(1);
    expect(sms[0].text).toContain('₹2,500');
    expect(sms[0].text).toContain(res.json().receiptNumber);
    expect(await sendsFor(t, 'payment-received', res.json()._id)).toHaveLength(1);
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

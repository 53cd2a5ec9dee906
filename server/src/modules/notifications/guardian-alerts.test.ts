import { todayInIndia } from '@app/common/rules/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { attendance, classSessions, exams, mailAttachments, mailOutbox, parentPreferences, submissions } from '../../db/schema.ts';
import { createRankedExam, publish, sit } from '../analysis/test-fixtures.ts';
import { createAdmittedStudent, createCourse } from '../payments/test-fixtures.ts';
import { mailbox, runJob, sendsFor } from './test-fixtures.ts';
import { JOBS } from './jobs.ts';

// The alerts to guardians (docs/product-parents.md "Alerts"): each on the channels the parent chose, once
// per period (a second run sends nothing), to the parent and never to another student's parent.

let t: TestApp;
let course: { _id: string; name: string; price: number };
let batchId: string;
beforeAll(async () => {
  t = await createTestApp();
  course = await createCourse(t, 24_000);
  const batch = await t.admin.post('/api/batches', {
    name: 'Guardian alerts batch',
    course: course._id,
    centre: 'dumdum',
    academicYear: '2026-27',
    timing: 'EVENING',
    startsOn: '2026-06-01',
    endsOn: '2027-03-31',
    capacity: 30,
  });
  expect(batch.statusCode, batch.body).toBe(201);
  batchId = batch.json()._id;
});
afterAll(async () => {
  await t?.ctx.notifier.idle();
  await t?.close();
});

let n = 0;
/** A student of the batch with one guardian of this phone (10 digits) and, optionally, e-mail. */
async function childWithGuardian(phone: string, email?: string, patch: Record<string, unknown> = {}) {
  n++;
  const s = await t.createStudent({ batchId, firstName: `Child${n}`, lastName: 'Test', ...patch });
  const res = await t.admin.put(`/api/users/${s.id}/guardians`, [{ name: `Parent ${n}`, relation: 'Mother', phone, email }]);
  expect(res.statusCode, res.body).toBe(200);
  return { student: s, parentId: res.json()[0].parentId as string };
}
const setChannels = (parentId: string, channels: Record<string, string[]>) =>
  t.ctx.db
    .insert(parentPreferences)
    .values({ parentId, channels: { absence: ['sms'], results: ['sms'], fees: ['sms'], digest: ['sms'], ...channels } as never })
    .onConflictDoUpdate({ target: parentPreferences.parentId, set: { channels: channels as never } });

async function session(date: string, subject: string, startTime: string, marked = true) {
  const [s] = await t.ctx.db
    .insert(classSessions)
    .values({
      batchId,
      date,
      startTime,
      endTime: '23:00',
      subject,
      teacher: 'A. Sen',
      room: '1',
      attendanceMarkedAt: marked ? new Date() : null,
    })
    .returning();
  return s;
}

describe('absence alerts (parent-absence-alerts)', () => {
  it('one message a day per child listing the classes missed, on the chosen channels only, once', async () => {
    const a = await childWithGuardian('9831000001', 'p.absent@example.com');
    const b = await childWithGuardian('9831000002');
    const present = await childWithGuardian('9831000003');
    await setChannels(a.parentId, { absence: ['sms', 'email'] });
    await setChannels(b.parentId, { absence: ['whatsapp'] });
    const s1 = await session('2026-10-07', 'Legal Reasoning', '10:00');
    const s2 = await session('2026-10-07', 'English', '12:00');
    await t.ctx.db.insert(attendance).values([
      { sessionId: s1.id, studentId: a.student.id, isPresent: false },
      { sessionId: s2.id, studentId: a.student.id, isPresent: false },
      { sessionId: s1.id, studentId: b.student.id, isPresent: false },
      { sessionId: s2.id, studentId: b.student.id, isPresent: true },
      { sessionId: s1.id, studentId: present.student.id, isPresent: true },
    ]);
    const run = await runJob(t, 'parent-absence-alerts', '2026-10-07T19:00:00+05:30');
    expect(run.json()).toMatchObject({ reminders: 2, messages: 3 });
    expect((await runJob(t, 'parent-absence-alerts', '2026-10-07T21:00:00+05:30')).json()).toMatchObject({ reminders: 0, messages: 0 });

    const smsA = await mailbox(t, '9831000001');
    expect(smsA).toHaveLength(1);
    expect(smsA[0]).toMatchObject({ channel: 'sms' });
    expect(smsA[0].text).toContain(`${a.student.firstName} Test was marked absent`);
    expect(smsA[0].text).toContain('Legal Reasoning at 10:00, English at 12:00');
    const mailA = await mailbox(t, 'p.absent@example.com');
    expect(mailA).toHaveLength(1);
    expect(mailA[0].subject).toContain('was absent on 7 Oct 2026');
    const toB = await mailbox(t, '9831000002');
    expect(toB.map((m) => m.channel)).toEqual(['whatsapp']);
    expect(toB[0].text).toContain('Legal Reasoning');
    expect(toB[0].text).not.toContain('English');
    expect(await mailbox(t, '9831000003')).toEqual([]);
    // The student's own absence notice is the other job's; never mixed into the parent's.
    expect(await sendsFor(t, 'guardian-absence', a.student.id)).toHaveLength(1);

    // Staff see them on the student detail page, this child's only.
    const alerts = (await t.admin.get(`/api/users/${a.student.id}/guardian-alerts`)).json();
    expect(alerts.map((x: { kind: string; channel: string }) => `${x.kind}:${x.channel}`).sort()).toEqual(['absence:email', 'absence:sms']);
    expect(alerts[0]).toMatchObject({ guardian: expect.stringMatching(/^Parent /) });
    expect((await t.admin.get(`/api/users/${present.student.id}/guardian-alerts`)).json()).toEqual([]);
  });

  it('scheduled, waits until the day’s classes of the batch have their attendance (or the evening)', async () => {
    const c = await childWithGuardian('9831000004');
    const s1 = await session('2026-10-08', 'GK', '09:00');
    await session('2026-10-08', 'Maths', '15:00', false);
    await t.ctx.db.insert(attendance).values({ sessionId: s1.id, studentId: c.student.id, isPresent: false });
    const job = JOBS['parent-absence-alerts'];
    expect((await job(t.ctx, new Date('2026-10-08T12:00:00+05:30'), { scheduled: true })).reminders).toBe(0);
    expect((await job(t.ctx, new Date('2026-10-08T20:30:00+05:30'), { scheduled: true })).reminders).toBe(1);
    await t.ctx.notifier.idle();
    expect(await mailbox(t, '9831000004')).toHaveLength(1);
  });
});

describe('results published', () => {
  it('tells each sitter’s guardians the score and rank, once per child even when published again', async () => {
    const title = `Guardian Mock ${Date.now()}`;
    const exam = await createRankedExam(t, { title });
    const a = await sit(t, exam, 'rrrr');
    const b = await sit(t, exam, 'rw--');
    await t.admin.put(`/api/users/${a.student.id}/guardians`, [{ name: 'Mum A', relation: 'Mother', phone: '9831000011' }]);
    await t.admin.put(`/api/users/${b.student.id}/guardians`, [
      { name: 'Mum B', relation: 'Mother', phone: '9831000012', email: 'mum.b@example.com' },
    ]);
    const [gb] = (await t.admin.get(`/api/users/${b.student.id}/guardians`)).json();
    await setChannels(gb.parentId, { results: ['email'] });
    await publish(t, exam._id);
    await t.ctx.notifier.idle();
    const toA = (await mailbox(t, '9831000011')).filter((m) => m.text.includes(title));
    expect(toA).toHaveLength(1);
    expect(toA[0].text).toMatch(/scored \d+(\.\d+)?\/\d+(\.\d+)?, rank 1 of 2/);
    expect(await mailbox(t, '9831000012')).toEqual([]);
    const mailB = (await mailbox(t, 'mum.b@example.com')).filter((m) => m.subject.includes(title));
    expect(mailB).toHaveLength(1);
    expect(mailB[0].text).toContain('rank 2 of 2');
    expect((await t.admin.patch(`/api/submissions/admin/unpublish-results/${exam._id}`)).statusCode).toBe(200);
    await publish(t, exam._id);
    expect((await mailbox(t, '9831000011')).filter((m) => m.text.includes(title))).toHaveLength(1);
  });
});

describe('fee reminders to guardians', () => {
  it('due in 3 days and overdue weekly, as the student’s reminders, once per stage', async () => {
    // Approved 10 January 2026 (IST): installments due 10 Jan, 10 Feb, 10 Mar, 10 Apr.
    const { student } = await createAdmittedStudent(t, course._id, new Date('2026-01-10T06:00:00Z'));
    await t.admin.put(`/api/users/${student.id}/guardians`, [{ name: 'Fee Parent', relation: 'Father', phone: '9831000021' }]);
    const other = await createAdmittedStudent(t, course._id, new Date('2026-01-10T06:00:00Z'));
    await t.admin.put(`/api/users/${other.student.id}/guardians`, [{ name: 'Other Parent', relation: 'Father', phone: '9831000022' }]);
    await t.admin.post('/api/payments/counter', {
      studentId: other.student.id,
      amount: 24_000,
      method: 'cash',
      receivedAt: '2026-01-10',
      centre: 'dumdum',
    });
    await t.ctx.notifier.idle();
    const before = (await mailbox(t, '9831000022')).length;

    await runJob(t, 'fee-reminders', '2026-02-07T09:00:00+05:30');
    await runJob(t, 'fee-reminders', '2026-02-07T18:00:00+05:30');
    const due = (await mailbox(t, '9831000021')).filter((m) => m.text.includes('is due on 10 Feb 2026'));
    expect(due).toHaveLength(1);
    expect(due[0].text).toContain('installment 2 of');
    await runJob(t, 'fee-reminders', '2026-02-12T09:00:00+05:30');
    await runJob(t, 'fee-reminders', '2026-02-13T09:00:00+05:30');
    expect((await mailbox(t, '9831000021')).filter((m) => m.text.includes('is overdue'))).toHaveLength(2); // 1st and 2nd installments
    // A parent whose child has paid everything hears nothing.
    expect(before).toBe(1); // the payment's receipt
    expect(await mailbox(t, '9831000022')).toHaveLength(before);
  });
});

describe('payment received', () => {
  it('the guardians get the receipt: SMS with its number, the e-mail with the PDF when chosen, once', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    await t.admin.put(`/api/users/${student.id}/guardians`, [
      { name: 'Pay Mum', relation: 'Mother', phone: '9831000031', email: 'pay.mum@example.com' },
      { name: 'Pay Dad', relation: 'Father', phone: '9831000032' },
    ]);
    const [mum] = (await t.admin.get(`/api/users/${student.id}/guardians`)).json();
    await setChannels(mum.parentId, { fees: ['sms', 'email'] });
    const res = await t.admin.post('/api/payments/counter', {
      studentId: student.id,
      amount: 2500,
      method: 'upi',
      reference: 'UPI-99',
      receivedAt: todayInIndia(),
      centre: 'kasba',
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.ctx.notifier.idle();
    const receipt = res.json().receiptNumber as string;
    for (const phone of ['9831000031', '9831000032']) {
      const sms = await mailbox(t, phone);
      expect(sms, phone).toHaveLength(1);
      expect(sms[0].text).toContain(receipt);
      expect(sms[0].text).toContain('₹2,500');
    }
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'pay.mum@example.com'));
    expect(mail.subject).toBe(`Payment received for ${student.firstName} ${student.lastName}: ${receipt}`);
    const files = await t.ctx.db.select().from(mailAttachments).where(eq(mailAttachments.mailId, mail.id));
    expect(files).toHaveLength(1);
    expect(files[0].contentType).toBe('application/pdf');
    expect(await sendsFor(t, 'guardian-payment', res.json()._id)).toHaveLength(1);
    const alerts = (await t.admin.get(`/api/users/${student.id}/guardian-alerts`)).json();
    expect(alerts.map((a: { kind: string; channel: string }) => `${a.kind}:${a.channel}`).sort()).toEqual([
      'payment:email',
      'payment:sms',
      'payment:sms',
    ]);
  });
});

describe('weekly digest (parent-weekly-digest)', () => {
  it('once per ISO week per parent, the week of each child; scheduled only on a Sunday', async () => {
    const sibling1 = await childWithGuardian('9831000041', undefined, { firstName: 'Anu' });
    const s2 = await t.createStudent({ batchId, firstName: 'Binu', lastName: 'Test' });
    await t.admin.put(`/api/users/${s2.id}/guardians`, [{ name: 'Parent X', relation: 'Father', phone: '9831000041' }]);
    const lone = await childWithGuardian('9831000042');
    await setChannels(lone.parentId, { digest: [] });
    const s = await session('2026-11-10', 'Logic', '10:00');
    await t.ctx.db.insert(attendance).values([
      { sessionId: s.id, studentId: sibling1.student.id, isPresent: true },
      { sessionId: s.id, studentId: s2.id, isPresent: false },
    ]);
    // A mock with its results out shows its score; one without, never a score before publication.
    const mock = (title: string, resultsPublished: boolean) => ({
      title,
      description: 'd',
      durationMinutes: 60,
      totalMarks: 40,
      passingMarks: 16,
      resultsPublished,
    });
    const [out, awaited] = await t.ctx.db
      .insert(exams)
      .values([mock('Digest Mock A', true), mock('Digest Mock B', false)])
      .returning();
    const sat = (examId: string) => ({
      examId,
      studentId: sibling1.student.id,
      marksObtained: 31,
      totalMarks: 40,
      startedAt: new Date('2026-11-12T10:00:00+05:30'),
      submittedAt: new Date('2026-11-12T11:00:00+05:30'),
      status: 'EVALUATED' as const,
      isPassed: true,
    });
    await t.ctx.db.insert(submissions).values([sat(out.id), sat(awaited.id)]);
    const job = JOBS['parent-weekly-digest'];
    // Saturday, scheduled: nothing. Sunday 18:30 IST: the week of 9-15 November.
    expect((await job(t.ctx, new Date('2026-11-14T19:00:00+05:30'), { scheduled: true })).reminders).toBe(0);
    const run = await runJob(t, 'parent-weekly-digest', '2026-11-15T18:30:00+05:30');
    expect(run.json().reminders).toBeGreaterThanOrEqual(2);
    expect((await runJob(t, 'parent-weekly-digest', '2026-11-15T20:00:00+05:30')).json().reminders).toBe(0);
    const digest = await mailbox(t, '9831000041');
    expect(digest).toHaveLength(1);
    expect(digest[0].text).toContain('Anu Test: attended 1 of 1 classes');
    expect(digest[0].text).toContain('Binu Test: attended 0 of 1 classes');
    expect(digest[0].text).toContain('mocks: Digest Mock A 31/40, Digest Mock B (result awaited)');
    expect(digest[0].text).not.toContain('Digest Mock B 31');
    // A parent who turned the digest off takes the key and hears nothing.
    expect(await mailbox(t, '9831000042')).toEqual([]);
    expect(await sendsFor(t, 'guardian-digest', lone.parentId)).toHaveLength(1);
    // The next week is a new period.
    expect((await runJob(t, 'parent-weekly-digest', '2026-11-22T18:30:00+05:30')).json().reminders).toBeGreaterThanOrEqual(2);
    expect(await mailbox(t, '9831000041')).toHaveLength(2);
  });
});

describe('broadcast to parents', () => {
  it('reaches the parents of the batch (each once), or students and parents', async () => {
    const body = { audience: 'batch', audienceId: batchId, channel: 'sms', message: `Parents meeting ${Date.now()}` };
    const count = (await t.admin.post('/api/notifications/broadcast/count', { ...body, to: 'parents' })).json();
    expect(count.recipients).toBeGreaterThan(0);
    const res = await t.admin.post('/api/notifications/broadcast', { ...body, to: 'parents' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().recipients).toBe(count.recipients);
    const toSibling = (await mailbox(t, '9831000041')).filter((m) => m.text.includes(body.message));
    expect(toSibling).toHaveLength(1);
    expect((await t.admin.post('/api/notifications/broadcast/count', { ...body, to: 'nobody' })).statusCode).toBe(400);
    // Old callers send no `to`: the students, as before.
    const students = (await t.admin.post('/api/notifications/broadcast/count', body)).json();
    const both = (await t.admin.post('/api/notifications/broadcast/count', { ...body, to: 'both' })).json();
    expect(both.recipients + both.unreachable).toBe(students.recipients + students.unreachable + count.recipients + count.unreachable);
  });
});

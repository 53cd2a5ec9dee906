import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInIndia } from '@app/common';
import { childOverviewSchema, PARENT_MSG } from '@app/common/schemas/parents';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { payments, users } from '../../db/schema.ts';
import { createExam, examPayload, mcqOnlyPayload, sectionedPaper } from '../exams/test-fixtures.ts';
import { createAdmittedStudent, createCourse, formsOf, paymentByOrder, postForm } from '../payments/test-fixtures.ts';
import { addGuardian, signInParent } from './test-fixtures.ts';

// The parent's area (docs/product-parents.md): the children, each child's overview, the receipts, paying an
// installment for the child and the alert preferences; another student is "not found" on every route.

let t: TestApp;
let course: { _id: string; name: string };
let child: Awaited<ReturnType<typeof createAdmittedStudent>>;
let sibling: Awaited<ReturnType<typeof createAdmittedStudent>>;
let stranger: Awaited<ReturnType<typeof createAdmittedStudent>>;
let parent: ReturnType<TestApp['withToken']>;
let parentId: string;
let phone: string;

beforeAll(async () => {
  t = await createTestApp();
  course = await createCourse(t, 40_000);
  child = await createAdmittedStudent(t, course._id);
  sibling = await createAdmittedStudent(t, course._id);
  stranger = await createAdmittedStudent(t, course._id);
  ({ phone, parentId } = await addGuardian(t, child.student.id, { name: 'Rina Sen', relation: 'Mother' }));
  // The same phone on the sibling's record: one account, two children.
  await addGuardian(t, sibling.student.id, { phone, name: 'Rina Sen', relation: 'Mother' });
  parent = t.withToken(await signInParent(t, phone));
}, 60_000);
afterAll(async () => t?.close());

describe('GET /api/parent/children', () => {
  it('lists both linked children with names of course and centre, not a stranger', async () => {
    const res = await parent.get('/api/parent/children');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((c: { _id: string }) => c._id).sort()).toEqual([child.student.id, sibling.student.id].sort());
    expect(list[0]).toMatchObject({ course: course.name, centre: expect.any(String), relation: 'Mother' });
    expect(list[0].registrationNumber).toMatch(/^REG-TEST-/);
  });

  it('drops a child who is deactivated', async () => {
    const extra = await createAdmittedStudent(t, course._id);
    await addGuardian(t, extra.student.id, { phone });
    // A fresh sign-in reads the children as they are now.
    const fresh = t.withToken(await signInParent(t, phone));
    expect((await fresh.get('/api/parent/children')).json()).toHaveLength(3);
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, extra.student.id));
    expect((await fresh.get('/api/parent/children')).json()).toHaveLength(2);
    expect((await fresh.get(`/api/parent/children/${extra.student.id}/overview`)).statusCode).toBe(404);
  });
});

describe('GET /api/parent/children/:id/overview', () => {
  it('shows attendance of the month and the course, the last absences and the week’s classes', async () => {
    const batch = await t.admin.post('/api/batches', {
      name: 'Parents batch',
      course: course._id,
      centre: 'dumdum',
      academicYear: '2026-27',
      timing: 'MORNING',
      startsOn: '2020-01-01',
      endsOn: '2040-12-31',
      capacity: 30,
    });
    expect(batch.statusCode, batch.body).toBe(201);
    const batchId = batch.json()._id;
    await t.ctx.db.update(users).set({ batchId }).where(eq(users.id, child.student.id));
    const today = todayInIndia();
    const made = await t.admin.post(`/api/batches/${batchId}/sessions`, {
      date: today,
      startTime: '09:00',
      endTime: '10:00',
      subject: 'Torts',
      teacher: 'Ms Roy',
      room: '1',
    });
    expect(made.statusCode, made.body).toBe(201);
    const sessionId = made.json().sessions[0]._id;
    expect((await t.admin.put(`/api/sessions/${sessionId}/attendance`, { absent: [child.student.id] })).statusCode).toBe(200);

    const res = await parent.get(`/api/parent/children/${child.student.id}/overview`);
    expect(res.statusCode, res.body).toBe(200);
    const overview = childOverviewSchema.parse(res.json());
    expect(overview.attendance.month).toEqual({ held: 1, present: 0, percentage: 0 });
    expect(overview.attendance.course).toEqual({ held: 1, present: 0, percentage: 0 });
    expect(overview.attendance.recentAbsences).toEqual([{ date: today, subject: 'Torts', topic: null }]);
    expect(overview.attendance.timetable).toEqual([
      expect.objectContaining({ _id: sessionId, date: today, startTime: '09:00', subject: 'Torts', teacher: 'Ms Roy' }),
    ]);
  });

  it('lists upcoming mocks, and published results only, with rank, percentile and sections, never the key', async () => {
    const published = await createExam(t, sectionedPaper(course._id, { title: 'Published mock' }));
    const hidden = await createExam(t, mcqOnlyPayload(course._id, { title: 'Unpublished mock' }));
    const upcoming = await createExam(t, examPayload(course._id, { title: 'Next mock' }));
    const submitted: string[] = [];
    for (const exam of [published, hidden]) {
      expect((await child.student.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(200);
      const answers = Object.fromEntries(exam.questions.map((q) => [q._id, q.correctAnswer ?? 0]));
      const sub = await child.student.client.post('/api/submissions', { examId: exam._id, answers });
      expect(sub.statusCode, sub.body).toBe(201);
      submitted.push(sub.json().submission._id);
    }
    const [sub0] = submitted;
    expect((await t.admin.patch(`/api/submissions/admin/publish-results/${published._id}`)).statusCode).toBe(200);

    const res = await parent.get(`/api/parent/children/${child.student.id}/overview`);
    const { exams } = childOverviewSchema.parse(res.json());
    expect(exams.upcoming.map((e) => e.title)).toContain('Next mock');
    expect(exams.upcoming.map((e) => e._id)).not.toContain(published._id);
    expect(exams.results).toHaveLength(1);
    expect(exams.results[0]).toMatchObject({
      exam: { _id: published._id, title: 'Published mock' },
      marksObtained: 5,
      totalMarks: 5,
      percentage: 100,
      rank: 1,
      candidates: 1,
    });
    // The section table is the child's own analysis's.
    const analysis = (await child.student.client.get(`/api/submissions/${sub0}/analysis`)).json();
    expect(exams.results[0].sections).toEqual([
      { title: 'English Language', marksObtained: 3, totalMarks: 3 },
      { title: 'Quantitative Techniques', marksObtained: 2, totalMarks: 2 },
    ]);
    // The trend is the child's own analysis's.
    expect(exams.trend).toEqual(analysis.trend);
    expect(analysis.sections.map((x: { title: string; score: number }) => [x.title, x.score])).toEqual([
      ['English Language', 3],
      ['Quantitative Techniques', 2],
    ]);
    expect(res.body).not.toContain('Unpublished mock');
    expect(res.body).not.toMatch(/correctAnswer|explanation/);
    expect(upcoming._id).toBeTruthy();
  });

  it('shows the fees: total, paid, due and the installments', async () => {
    const res = await parent.get(`/api/parent/children/${child.student.id}/overview`);
    const { fees } = childOverviewSchema.parse(res.json());
    expect(fees.totalFees).toBe(40_000);
    // Pay names the admission it pays against.
    expect(fees.admissionId).toBe(child.admission.id);
    expect(fees.pendingAmount).toBe(40_000 - fees.paidAmount);
    expect(fees.installments.length).toBeGreaterThan(0);
    expect(fees.installments.at(-1)?.label).toBe('Final');
    const student = await child.student.client.get('/api/payments/student');
    expect(fees.pendingAmount).toBe(student.json().pendingAmount);
  });

  it('shows the notices the child sees, not the staff’s', async () => {
    await t.admin.post('/api/announcements', { title: 'For students', content: 'Classes resume', targetAudience: 'students' });
    await t.admin.post('/api/announcements', { title: 'Staff only', content: 'Meeting', targetAudience: 'admin' });
    const { notices } = childOverviewSchema.parse((await parent.get(`/api/parent/children/${child.student.id}/overview`)).json());
    expect(notices.map((n) => n.title)).toContain('For students');
    expect(notices.map((n) => n.title)).not.toContain('Staff only');
    // Nor does the public list show a parent the staff's.
    const open = (await parent.get('/api/announcements')).json().map((n: { title: string }) => n.title);
    expect(open).toContain('For students');
    expect(open).not.toContain('Staff only');
  });
});

describe('a child with nothing yet', () => {
  it('has an overview of zeros and empty lists: no batch, no admission, no exam', async () => {
    const fresh = await t.createStudent();
    const { phone: own } = await addGuardian(t, fresh.id);
    const mother = t.withToken(await signInParent(t, own));
    const res = await mother.get(`/api/parent/children/${fresh.id}/overview`);
    expect(res.statusCode, res.body).toBe(200);
    const overview = childOverviewSchema.parse(res.json());
    expect(overview.attendance).toEqual({
      month: { held: 0, present: 0, percentage: null },
      course: { held: 0, present: 0, percentage: null },
      recentAbsences: [],
      timetable: [],
    });
    expect(overview.exams).toEqual({ upcoming: [], results: [], trend: [] });
    expect(overview.fees).toEqual({ totalFees: 0, paidAmount: 0, pendingAmount: 0, installments: [], receipts: [] });
    expect((await mother.get('/api/parent/children')).json()[0]).toMatchObject({ _id: fresh.id, course: null, batch: null });
  });
});

describe('paying for a child', () => {
  it('completes in the sandbox as paid by the parent, and the receipt downloads for the parent only', async () => {
    const admission = child.admission;
    const init = await parent.post(`/api/parent/children/${child.student.id}/payments`, {
      amount: 10_000,
      admissionId: admission.id,
      installmentNumber: 1,
    });
    expect(init.statusCode, init.body).toBe(200);
    const { paymentUrl, params, orderId } = init.json();
    const page = await postForm(t, paymentUrl, params);
    expect(page.statusCode).toBe(200);
    const callback = await postForm(t, '/api/payments/callback/sandbox', formsOf(page.body).Pay);
    expect(callback.statusCode).toBe(303);
    const row = await paymentByOrder(t, orderId);
    expect(row).toMatchObject({ status: 'completed', paidBy: 'parent', paidByParentId: parentId, studentId: child.student.id });

    const { fees } = childOverviewSchema.parse((await parent.get(`/api/parent/children/${child.student.id}/overview`)).json());
    expect(fees.receipts).toEqual([expect.objectContaining({ _id: row.id, amount: 10_000, paidBy: 'parent' })]);
    expect(fees.paidAmount).toBe(10_000);

    const pdf = await parent.get(`/api/parent/children/${child.student.id}/receipts/${row.id}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The child's payment under the sibling's id, or the sibling's route for it: not found.
    expect((await parent.get(`/api/parent/children/${sibling.student.id}/receipts/${row.id}.pdf`)).statusCode).toBe(404);
    // The student downloads the same document.
    expect((await child.student.client.get(`/api/payments/${row.id}/receipt`)).statusCode).toBe(200);
    // The return page reads the order's status through the child; under the sibling's id it is not found.
    const status = await parent.get(`/api/parent/children/${child.student.id}/payments/status/${orderId}`);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({ orderId, status: 'completed' });
    expect((await parent.get(`/api/parent/children/${sibling.student.id}/payments/status/${orderId}`)).statusCode).toBe(404);
  });

  it('refuses an amount above what is due with the student route’s 400', async () => {
    const res = await parent.post(`/api/parent/children/${sibling.student.id}/payments`, {
      amount: 50_000,
      admissionId: sibling.admission.id,
      installmentNumber: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.amount).toBeTruthy();
  });

  it('records the counter’s payments as the staff’s', async () => {
    const res = await t.admin.post('/api/payments/counter', {
      studentId: sibling.student.id,
      amount: 100,
      method: 'cash',
      centre: 'dumdum',
      receivedAt: new Date().toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.id, res.json()._id));
    expect(row.paidBy).toBe('staff');
  });
});

describe('GET/PUT /api/parent/preferences', () => {
  it('answers the defaults, stores a choice and answers it; e-mail is refused without an address', async () => {
    expect((await parent.get('/api/parent/preferences')).json()).toEqual({
      channels: { absence: ['sms'], results: ['sms'], fees: ['sms'], digest: ['sms'] },
    });
    const choice = { channels: { absence: ['sms', 'whatsapp'], results: ['whatsapp'], fees: [], digest: ['sms'] } };
    const put = await parent.put('/api/parent/preferences', choice);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual(choice);
    expect((await parent.get('/api/parent/preferences')).json()).toEqual(choice);
    const email = await parent.put('/api/parent/preferences', { channels: { ...choice.channels, digest: ['email'] } });
    expect(email.statusCode).toBe(400);
    expect(email.json().fields).toEqual({ 'channels.digest': PARENT_MSG.emailChannelNeedsEmail });
    const junk = await parent.put('/api/parent/preferences', { channels: { absence: ['pigeon'] } });
    expect(junk.statusCode).toBe(400);
    expect(Object.keys(junk.json().fields).length).toBeGreaterThan(0);
  });
});

describe('another student’s id', () => {
  it('is not found on every parent route that names a child', async () => {
    const id = stranger.student.id;
    const [paid] = await t.ctx.db.select().from(payments).limit(1);
    const calls = [
      await parent.get(`/api/parent/children/${id}/overview`),
      await parent.get(`/api/parent/children/${id}/receipts/${paid.id}.pdf`),
      await parent.post(`/api/parent/children/${id}/payments`, { amount: 100, admissionId: stranger.admission.id, installmentNumber: 1 }),
      await parent.get(`/api/parent/children/${id}/payments/status/${paid.orderId}`),
      await parent.get('/api/parent/children/00000000-0000-4000-8000-000000000000/overview'),
      await parent.get('/api/parent/children/not-an-id/overview'),
    ];
    expect(calls.map((c) => c.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(calls[0].json().message).toBe(PARENT_MSG.childNotFound);
  });

  it('and the parent routes refuse students and staff with 403', async () => {
    for (const client of [child.student.client, t.admin]) {
      expect((await client.get('/api/parent/children')).statusCode).toBe(403);
      expect((await client.get(`/api/parent/children/${child.student.id}/overview`)).statusCode).toBe(403);
    }
    expect((await t.visitor.get('/api/parent/children')).statusCode).toBe(401);
  });
});

import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@app/common/schemas/audit';
import { mailOutbox, users } from '../../src/db/schema.ts';
import { createExam, examPayload } from '../../src/modules/exams/test-fixtures.ts';
import { createAdmittedStudent, createCourse } from '../../src/modules/payments/test-fixtures.ts';
import { ADMIN, type TestApp } from '../helpers.ts';
import { logoMultipart, makePng } from '../png.ts';
import { type ApiRoute, createAppWithRoutes } from './routes.ts';

// Security (docs/security-verification.md), audit trail: every admin action that changes money, marks, accounts or admissions is
// recorded (who, what, when, before and after) and an admin can read it at GET /api/audit.

let t: TestApp;
let routes: ApiRoute[];
let adminId: string;
let course: { _id: string; name: string; price: number };
beforeAll(async () => {
  ({ t, routes } = await createAppWithRoutes());
  course = await createCourse(t, 25_000);
  const [admin] = await t.ctx.db.select().from(users).where(eq(users.email, ADMIN.email));
  adminId = admin.id;
}, 60_000);
afterAll(async () => t?.close());

/** The admin routes on money, marks, accounts and admissions, from the server's own route table. */
const SENSITIVE =
  /^(POST|PUT|PATCH|DELETE) \/api\/(users|payments|submissions|admission-requests|auth\/create-admin|settings|centres|exams\/:id\/overrides)\b/;
/** Each is exercised below; a new such route fails the first test until it is added here (and audited). */
const COVERED = [
  'PATCH /api/payments/:id/verify',
  'POST /api/payments/:id/refund',
  'POST /api/payments/counter',
  'POST /api/payments/:id/bounce',
  'PATCH /api/submissions/:id/evaluate',
  'PATCH /api/submissions/admin/publish-results/:examId',
  'PATCH /api/submissions/admin/unpublish-results/:examId',
  'PATCH /api/users/:id',
  'POST /api/users/:id/reset-password',
  'DELETE /api/users/:id',
  'POST /api/auth/create-admin',
  'PATCH /api/admission-requests/admin/:id/approve',
  'PATCH /api/admission-requests/admin/:id/reject',
  'DELETE /api/admission-requests/admin/:id',
  // Audited as users.import (one entry per import) and admission.approve per student: users/import.test.ts.
  'POST /api/users/import',
  // Audited as student.guardians, before and after: guardians/guardians.test.ts.
  'PUT /api/users/:id/guardians',
  'PUT /api/settings/institute',
  'PUT /api/settings/institute/logo',
  'POST /api/settings/institute/logo',
  'DELETE /api/settings/institute/logo',
  'PUT /api/centres/:id',
  'POST /api/exams/:id/overrides',
];

/** The newest entry an admin reads for one record, through the API (visible, not only stored). */
async function lastEntry(entity: string, entityId: string): Promise<AuditEntry> {
  const res = await t.admin.get(`/api/audit?entity=${entity}&entityId=${entityId}&limit=1`);
  expect(res.statusCode, res.body).toBe(200);
  const [entry] = res.json().entries as AuditEntry[];
  expect(entry, `no audit entry for ${entity} ${entityId}`).toBeDefined();
  return entry;
}

/** Who and when: the signed-in admin, just now. */
function expectByAdminJustNow(entry: AuditEntry, since: number) {
  expect(entry.actor._id).toBe(adminId);
  expect(entry.actor.label).toContain(ADMIN.email);
  const at = Date.parse(entry.createdAt);
  expect(at).toBeGreaterThanOrEqual(since - 1000);
  expect(at).toBeLessThanOrEqual(Date.now() + 1000);
}

const countEntries = async () => (await t.admin.get('/api/audit?limit=1')).json().total as number;

describe('the audited routes', () => {
  it('cover every admin route that changes money, marks, accounts or admissions', () => {
    const sensitive = routes.filter((r) => r.access === 'admin' && SENSITIVE.test(r.key)).map((r) => r.key);
    expect(sensitive.sort()).toEqual([...COVERED].sort());
  });
});

describe('money', () => {
  it('verifying and refunding a payment record the status before and after', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    const order = await student.client.post('/api/payments/orders', { courseId: course._id, method: 'offline' });
    expect(order.statusCode, order.body).toBe(201);
    const id: string = order.json().paymentId;
    // The order itself is on the record, placed by the student, with nothing before it.
    const created = await lastEntry('payment', id);
    expect(created).toMatchObject({ action: 'payment.create', entity: 'payment', entityId: id });
    expect(created.before).toBeNull();
    expect(created.after).toMatchObject({ status: 'pending', amountPaise: 2_500_000 });
    expect(created.actor._id).toBe(student.id);

    const since = Date.now();
    expect((await t.admin.patch(`/api/payments/${id}/verify`)).statusCode).toBe(200);
    const verified = await lastEntry('payment', id);
    expect(verified).toMatchObject({ action: 'payment.completed', entity: 'payment', entityId: id });
    expect(verified.before).toMatchObject({ status: 'pending' });
    expect(verified.after).toMatchObject({ status: 'completed', amountPaise: 2_500_000 });
    expectByAdminJustNow(verified, since);

    expect((await t.admin.post(`/api/payments/${id}/refund`)).statusCode).toBe(200);
    const refunded = await lastEntry('payment', id);
    expect(refunded).toMatchObject({ action: 'payment.refunded' });
    expect(refunded.before).toMatchObject({ status: 'completed' });
    expect(refunded.after).toMatchObject({ status: 'refunded', amountPaise: 2_500_000 });
    expectByAdminJustNow(refunded, since);

    // A refused action (refund again) changes nothing and records nothing.
    const total = await countEntries();
    expect((await t.admin.post(`/api/payments/${id}/refund`)).statusCode).toBe(409);
    expect(await countEntries()).toBe(total);
  });

  it('money taken at the counter and a bounced cheque are on the record, by the admin', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    const since = Date.now();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const res = await t.admin.post('/api/payments/counter', {
      studentId: student.id,
      amount: 2500,
      method: 'cheque',
      reference: 'CHQ 1',
      receivedAt: today,
      centre: 'dumdum',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id: string = res.json()._id;
    const completed = await lastEntry('payment', id);
    // Written completed in one transaction: it was never pending (docs/product.md, "Counter payments and collections").
    expect(completed).toMatchObject({ action: 'payment.completed', before: null, after: { status: 'completed' } });
    expectByAdminJustNow(completed, since);
    expect((await t.admin.post(`/api/payments/${id}/bounce`, { reason: 'Returned' })).statusCode).toBe(200);
    const bounced = await lastEntry('payment', id);
    expect(bounced).toMatchObject({ action: 'payment.bounce', before: { status: 'completed' }, after: { status: 'cancelled' } });
    expectByAdminJustNow(bounced, since);
  });

  it('changing a course fee records the old and the new price', async () => {
    const c = await createCourse(t, 10_000);
    const since = Date.now();
    const res = await t.admin.put(`/api/courses/${c._id}`, {
      name: c.name,
      description: 'A course',
      price: 12_500,
      feeType: 'full',
      duration: '6 months',
      features: ['Classes'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const entry = await lastEntry('course', c._id);
    expect(entry).toMatchObject({ action: 'course.update', before: { price: 10_000 }, after: { price: 12_500 } });
    expectByAdminJustNow(entry, since);
  });
});

describe('marks', () => {
  it('evaluating a submission and publishing or unpublishing results record before and after', async () => {
    const exam = await createExam(t, examPayload(course._id, { title: 'Audited exam' }));
    const { student } = await createAdmittedStudent(t, course._id);
    const [q0, , q2] = exam.questions;
    expect((await student.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(200);
    const sub = await student.client.post('/api/submissions', { examId: exam._id, answers: { [q0._id]: 1, [q2._id]: 'Essay' } });
    expect(sub.statusCode, sub.body).toBe(201);
    const id: string = sub.json().submission._id;

    const since = Date.now();
    const evaluated = await t.admin.patch(`/api/submissions/${id}/evaluate`, {
      answers: [{ questionId: q2._id, marksObtained: 4.5 }],
      feedback: 'Good',
    });
    expect(evaluated.statusCode, evaluated.body).toBe(200);
    const entry = await lastEntry('submission', id);
    expect(entry).toMatchObject({ action: 'submission.evaluate' });
    expect(entry.before).toMatchObject({ marksObtained: 2, status: 'SUBMITTED', isPassed: null, feedback: null });
    expect(entry.after).toMatchObject({ marksObtained: 6.5, status: 'EVALUATED', isPassed: true, feedback: 'Good' });
    expectByAdminJustNow(entry, since);

    expect((await t.admin.patch(`/api/submissions/admin/publish-results/${exam._id}`)).statusCode).toBe(200);
    const published = await lastEntry('exam', exam._id);
    expect(published).toMatchObject({
      action: 'exam.publish_results',
      before: { resultsPublished: false },
      after: { resultsPublished: true },
    });
    expectByAdminJustNow(published, since);

    expect((await t.admin.patch(`/api/submissions/admin/unpublish-results/${exam._id}`)).statusCode).toBe(200);
    const unpublished = await lastEntry('exam', exam._id);
    expect(unpublished).toMatchObject({
      action: 'exam.unpublish_results',
      before: { resultsPublished: true },
      after: { resultsPublished: false },
    });
  });
});

describe('exam exceptions', () => {
  it('extra minutes and a reopened attempt record the student, the deadline before and after, and a deleted submission', async () => {
    const exam = await createExam(t, examPayload(course._id, { title: 'Exception exam' }));
    const { student } = await createAdmittedStudent(t, course._id);
    const started = (await student.client.post(`/api/exams/${exam._id}/attempt`)).json();
    const since = Date.now();
    const extra = await t.admin.post(`/api/exams/${exam._id}/overrides`, { studentId: student.id, extraMinutes: 15 });
    expect(extra.statusCode, extra.body).toBe(201);
    const first = await lastEntry('exam', exam._id);
    expect(first).toMatchObject({
      action: 'exam.override',
      before: { deadline: started.deadline },
      after: { student: student.id, extraMinutes: 15 },
    });
    expect(Date.parse((first.after as { deadline: string }).deadline) - Date.parse(started.deadline)).toBe(15 * 60_000);
    expectByAdminJustNow(first, since);

    expect((await student.client.post('/api/submissions', { examId: exam._id, answers: {} })).statusCode).toBe(201);
    const reopen = await t.admin.post(`/api/exams/${exam._id}/overrides`, { studentId: student.id, reopen: true, deleteSubmission: true });
    expect(reopen.statusCode, reopen.body).toBe(201);
    expect(await lastEntry('exam', exam._id)).toMatchObject({
      action: 'exam.override',
      after: { student: student.id, reopen: true, deletedSubmission: true },
    });
  });
});

describe('accounts', () => {
  it('deactivating and activating a student record the flag before and after', async () => {
    const s = await t.createStudent();
    const since = Date.now();
    expect((await t.admin.patch(`/api/users/${s.id}`, { isActive: false })).statusCode).toBe(200);
    const off = await lastEntry('user', s.id);
    expect(off).toMatchObject({ action: 'user.deactivate', before: { isActive: true }, after: { isActive: false } });
    expectByAdminJustNow(off, since);
    expect((await t.admin.patch(`/api/users/${s.id}`, { isActive: true })).statusCode).toBe(200);
    expect(await lastEntry('user', s.id)).toMatchObject({
      action: 'user.activate',
      before: { isActive: false },
      after: { isActive: true },
    });
  });

  it('an admin password reset is recorded without the password', async () => {
    const s = await t.createStudent();
    const since = Date.now();
    expect((await t.admin.post(`/api/users/${s.id}/reset-password`)).statusCode).toBe(200);
    const entry = await lastEntry('user', s.id);
    expect(entry).toMatchObject({ action: 'user.reset-password', before: { tokenVersion: 0 }, after: { passwordReset: true } });
    expectByAdminJustNow(entry, since);
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, s.email)).orderBy(desc(mailOutbox.createdAt));
    const password = /Temporary password: (\S+)/.exec(mail.text)?.[1];
    expect(password, mail.text).toBeTruthy();
    expect(JSON.stringify(entry)).not.toContain(password);
  });

  it('deleting a student records who it was', async () => {
    const s = await t.createStudent();
    const since = Date.now();
    expect((await t.admin.delete(`/api/users/${s.id}`)).statusCode).toBe(200);
    const entry = await lastEntry('user', s.id);
    expect(entry).toMatchObject({ action: 'user.delete', before: { _id: s.id, email: s.email, role: 'student' }, after: null });
    expectByAdminJustNow(entry, since);
  });

  it('creating an admin records the new account, without its password', async () => {
    const since = Date.now();
    const email = `audited-admin-${Date.now()}@test.local`;
    const res = await t.admin.post('/api/auth/create-admin', {
      firstName: 'Audit',
      lastName: 'Admin',
      email,
      password: 'Audit-Admin-Pass-42',
    });
    expect(res.statusCode, res.body).toBe(201);
    const entry = await lastEntry('user', res.json().user._id);
    expect(entry).toMatchObject({ action: 'admin.create', before: null, after: { email, role: 'admin' } });
    expectByAdminJustNow(entry, since);
    expect(JSON.stringify(entry)).not.toContain('Audit-Admin-Pass-42');
  });
});

describe('admissions', () => {
  const requestBody = (email: string) => ({
    fullName: 'Audited Applicant',
    email,
    phone: '9876543210',
    address: 'Kolkata',
    education: 'Graduate',
    course: course._id,
    centre: 'kasba',
    reason: 'Law',
  });
  const newRequest = async () => {
    const res = await t.visitor.post('/api/admission-requests', requestBody(`applicant-${crypto.randomUUID().slice(0, 8)}@test.local`));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().request._id as string;
  };

  it('approving records the status before and after and the account it created, never the temporary password', async () => {
    const id = await newRequest();
    const since = Date.now();
    const res = await t.admin.patch(`/api/admission-requests/admin/${id}/approve`, { adminNotes: 'Welcome' });
    expect(res.statusCode, res.body).toBe(200);
    const entry = await lastEntry('admission_request', id);
    expect(entry).toMatchObject({
      action: 'admission.approve',
      before: { status: 'pending' },
      after: { status: 'approved', adminNotes: 'Welcome', userId: res.json().user._id },
    });
    expectByAdminJustNow(entry, since);
    expect(JSON.stringify(entry)).not.toContain(res.json().user.temporaryPassword);
  });

  it('rejecting and deleting record the request before and after', async () => {
    const id = await newRequest();
    const since = Date.now();
    expect((await t.admin.patch(`/api/admission-requests/admin/${id}/reject`, { adminNotes: 'Full' })).statusCode).toBe(200);
    const rejected = await lastEntry('admission_request', id);
    expect(rejected).toMatchObject({
      action: 'admission.reject',
      before: { status: 'pending' },
      after: { status: 'rejected', adminNotes: 'Full' },
    });
    expectByAdminJustNow(rejected, since);
    expect((await t.admin.delete(`/api/admission-requests/admin/${id}`)).statusCode).toBe(200);
    const deleted = await lastEntry('admission_request', id);
    expect(deleted).toMatchObject({ action: 'admission.delete', before: { status: 'rejected' }, after: null });
    expectByAdminJustNow(deleted, since);
  });
});

describe('institute settings', () => {
  it('changing the profile records the fields before and after; a refused change records nothing', async () => {
    const body = {
      name: 'Law Coaching Institute',
      address: '12 Jessore Road, Kolkata 700028',
      phone: '+91 33 2550 1201',
      email: 'office@example.in',
      gstin: '29AAGCB7383J1Z4',
    };
    const since = Date.now();
    expect((await t.admin.put('/api/settings/institute', body)).statusCode).toBe(200);
    const entry = await lastEntry('institute', 'institute');
    expect(entry).toMatchObject({ action: 'institute.update', before: { gstin: null }, after: { gstin: '29AAGCB7383J1Z4' } });
    expectByAdminJustNow(entry, since);

    const total = await countEntries();
    expect((await t.admin.put('/api/settings/institute', { ...body, gstin: '29AAGCB7383J1Z5' })).statusCode).toBe(400);
    expect(await countEntries()).toBe(total);
  });

  it('uploading, replacing and removing the logo record its address before and after', async () => {
    const since = Date.now();
    const token = await t.tokenFor(ADMIN.email, ADMIN.password);
    const urls: string[] = [];
    for (const method of ['PUT', 'POST'] as const) {
      const body = logoMultipart(makePng(60, 20));
      const res = await t.inject({
        method,
        url: '/api/settings/institute/logo',
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const entry = await lastEntry('institute', 'institute');
      expect(entry).toMatchObject({
        action: 'institute.logo.update',
        before: { logoUrl: urls.at(-1) ?? null },
        after: { logoUrl: res.json().logoUrl },
      });
      expectByAdminJustNow(entry, since);
      urls.push(res.json().logoUrl);
    }
    expect((await t.admin.delete('/api/settings/institute/logo')).statusCode).toBe(200);
    expect(await lastEntry('institute', 'institute')).toMatchObject({
      action: 'institute.logo.remove',
      before: { logoUrl: urls[1] },
      after: { logoUrl: null },
    });
  });
});

describe('centres', () => {
  it("changing a centre's address and phone records them before and after", async () => {
    const since = Date.now();
    const body = { address: '14 Jessore Road, Dumdum, Kolkata 700028', phone: '+91 33 2550 1299' };
    expect((await t.admin.put('/api/centres/dumdum', body)).statusCode).toBe(200);
    const entry = await lastEntry('centre', 'dumdum');
    expect(entry).toMatchObject({ action: 'centre.update', before: { phone: '+91 33 2550 1201' }, after: body });
    expectByAdminJustNow(entry, since);
  });
});

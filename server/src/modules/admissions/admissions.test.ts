import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMISSION_MSG } from '@app/common/schemas/admissions';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { admissionRequests, auditLog, mailOutbox, users } from '../../db/schema.ts';

let t: TestApp;
let courseId: string;
let inactiveCourseId: string;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  const course = { description: 'Law entrance', price: 25000, feeType: 'full', duration: '6 months', features: ['Mocks'] };
  courseId = (await t.admin.post('/api/courses', { ...course, name: 'CLAT Preparation' })).json()._id;
  inactiveCourseId = (await t.admin.post('/api/courses', { ...course, name: 'Old Course', isActive: false })).json()._id;
});
afterAll(() => t?.close());

const form = (patch: Record<string, unknown> = {}) => ({
  fullName: 'Asha Kumari Roy',
  email: `applicant${++n}-${Date.now()}@example.com`,
  phone: '+91 98300 11111',
  address: '1 Park Street, Kolkata',
  education: 'Class 12',
  course: courseId,
  centre: 'kasba',
  reason: 'I want to crack CLAT',
  ...patch,
});
const application = {
  applicationForm: true,
  batchPreference: 'WEEKEND',
  lastQualification: 'Class 12',
  institution: 'St. Xavier School',
  yearOfPassing: 2025,
  percentage: 91.5,
  emergencyContactName: 'Ritu Roy',
  emergencyContactRelation: 'Mother',
  emergencyContactPhone: '9830022222',
};

async function submit(patch: Record<string, unknown> = {}) {
  const res = await t.visitor.post('/api/admission-requests', form(patch));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().request as { _id: string; email: string };
}

describe('POST /api/admission-requests', () => {
  it('stores the request with the course and centre looked up by the server', async () => {
    const body = form({
      email: 'Mixed.Case@Example.com',
      selectedCourse: { id: 'fake', name: 'Free course', price: 0 },
      selectedCentre: 'x',
    });
    const res = await t.visitor.post('/api/admission-requests', body);
    expect(res.statusCode).toBe(201);
    const { message, request } = res.json();
    expect(message).toBe(ADMISSION_MSG.submitted);
    expect(message).toMatch(/login credentials.*email.*approved/i);
    expect(request).toMatchObject({
      email: 'mixed.case@example.com',
      status: 'pending',
      course: courseId,
      courseName: 'CLAT Preparation',
      centre: 'kasba',
      application: null,
      selectedCourse: { id: courseId, name: 'CLAT Preparation', price: 25000 },
      selectedCentre: { id: 'kasba', name: 'Kasba/Ballygunge Centre' },
    });
    expect(request.selectedCentre.address).toBeTruthy();
    expect(request.selectedCentre.phone).toBeTruthy();
    expect(request.submittedAt).toBe(request.createdAt);
  });

  it('requires every field, with a message per field, and stores nothing', async () => {
    const before = await t.ctx.db.$count(admissionRequests);
    const res = await t.visitor.post('/api/admission-requests', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      fullName: 'Full name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      address: 'Address is required',
      education: 'Education is required',
      course: 'Please select a course',
      centre: 'Please select a centre',
      reason: 'Reason is required',
    });
    for (const patch of [{ email: 'not-an-email' }, { centre: 'paris' }, { course: 'abc' }, { reason: '   ' }]) {
      expect((await t.visitor.post('/api/admission-requests', form(patch))).statusCode, JSON.stringify(patch)).toBe(400);
    }
    expect(await t.ctx.db.$count(admissionRequests)).toBe(before);
  });

  it('accepts only an active, existing course', async () => {
    for (const course of [inactiveCourseId, '00000000-0000-4000-8000-000000000000']) {
      const res = await t.visitor.post('/api/admission-requests', form({ course }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.course).toBe(ADMISSION_MSG.courseUnavailable);
    }
  });

  it('stores the Application Form answers, all of them required', async () => {
    const incomplete = await t.visitor.post('/api/admission-requests', form({ applicationForm: true, batchPreference: 'MORNING' }));
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fields).toMatchObject({ institution: 'Institution is required', percentage: 'Percentage is required' });
    const outOfRange = await t.visitor.post('/api/admission-requests', form({ ...application, yearOfPassing: 1999, percentage: 100.5 }));
    expect(outOfRange.json().fields).toEqual({
      yearOfPassing: 'Year of passing must be between 2000 and 2030',
      percentage: 'Percentage must be between 0 and 100',
    });
    const stepped = await t.visitor.post('/api/admission-requests', form({ ...application, percentage: 80.25 }));
    expect(stepped.statusCode).toBe(400);

    const request = await submit({ ...application, yearOfPassing: '2024', percentage: '88.8' });
    const { applicationForm: _a, ...expected } = { ...application, yearOfPassing: 2024, percentage: 88.8 };
    const [row] = await t.ctx.db.select().from(admissionRequests).where(eq(admissionRequests.id, request._id));
    expect(row.application).toEqual(expected);
    const view = await t.admin.get(`/api/admission-requests/admin/${request._id}`);
    expect(view.json().request.application).toEqual(expected);
  });

  it('refuses a second pending request with the same e-mail, also when both arrive at once', async () => {
    const first = await submit();
    const again = await t.visitor.post('/api/admission-requests', form({ email: first.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMISSION_MSG.duplicatePending);

    const email = `race-${Date.now()}@example.com`;
    const answers = await Promise.all([1, 2, 3].map(() => t.visitor.post('/api/admission-requests', form({ email }))));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await t.ctx.db.$count(admissionRequests, eq(admissionRequests.email, email))).toBe(1);
  });

  it('refuses an e-mail that already has an account', async () => {
    const s = await t.createStudent();
    const res = await t.visitor.post('/api/admission-requests', form({ email: s.email }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ADMISSION_MSG.accountExists);
  });
});

describe('GET /api/admission-requests/status/{email}', () => {
  it('answers the newest request for the e-mail', async () => {
    const r = await submit();
    await t.admin.patch(`/api/admission-requests/admin/${r._id}/reject`, { adminNotes: 'Batch full' });
    await submit({ email: r.email, fullName: 'Asha Roy Again' });
    const res = await t.visitor.get(`/api/admission-requests/status/${encodeURIComponent(r.email.toUpperCase())}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      fullName: 'Asha Roy Again',
      course: 'CLAT Preparation',
      courseDetails: { description: 'Law entrance', price: 25000, feeType: 'full' },
      createdAt: expect.any(String),
      status: 'pending',
      approvedAt: null,
      adminNotes: null,
    });
  });

  it('answers 404 with a message for an unknown or malformed e-mail', async () => {
    for (const email of ['nobody@example.com', 'not-an-email']) {
      const res = await t.visitor.get(`/api/admission-requests/status/${email}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(ADMISSION_MSG.noRequestForEmail);
    }
  });
});

describe('admin decisions', () => {
  it('lists requests newest first, filtered by status', async () => {
    const a = await submit();
    const b = await submit();
    await t.admin.patch(`/api/admission-requests/admin/${b._id}/reject`, {});
    const all = (await t.admin.get('/api/admission-requests/admin')).json().requests as {
      _id: string;
      createdAt: string;
      status: string;
    }[];
    expect(all.findIndex((r) => r._id === b._id)).toBeLessThan(all.findIndex((r) => r._id === a._id));
    const times = all.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const pending = (await t.admin.get('/api/admission-requests/admin?status=pending')).json().requests as {
      _id: string;
      status: string;
    }[];
    expect(pending.every((r) => r.status === 'pending')).toBe(true);
    expect(pending.some((r) => r._id === a._id)).toBe(true);
    expect(pending.some((r) => r._id === b._id)).toBe(false);
    const rejected = (await t.admin.get('/api/admission-requests/admin?status=rejected')).json().requests as { _id: string }[];
    expect(rejected.some((r) => r._id === b._id)).toBe(true);
    expect((await t.admin.get('/api/admission-requests/admin?status=lost')).statusCode).toBe(400);
  });

  it('approval creates the student once, with numbers, batch year, centre and course; the student signs in', async () => {
    const r = await submit({ ...application });
    const res = await t.admin.patch(`/api/admission-requests/admin/${r._id}/approve`, { adminNotes: 'Welcome' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(ADMISSION_MSG.approved);
    expect(body.user.email).toBe(r.email);
    expect(body.user.temporaryPassword).toHaveLength(16);
    expect(body.user.registrationNumber).toMatch(/^LCI-20\d\d-\d{5}$/);
    expect(body.emailSent).toBe(true);
    // No SMTP configured: the mail is kept in the dev outbox and its text is shown to the admin.
    expect(body.emailPreview).toContain(body.user.temporaryPassword);
    expect(body.notice).toMatch(/only once/);
    expect(body.request).toMatchObject({ status: 'approved', adminNotes: 'Welcome', userId: body.user._id, decidedBy: 'Institute Admin' });
    expect(body.request.admissionNumber).toMatch(/^ADM-20\d\d-\d{5}$/);
    expect(body.request.batchYear).toMatch(/^20\d\d-\d\d$/);

    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, r.email));
    expect(user).toMatchObject({
      firstName: 'Asha',
      lastName: 'Kumari Roy',
      role: 'student',
      phone: '+91 98300 11111',
      education: 'Class 12',
      centreId: 'kasba',
      courseInterest: 'CLAT Preparation',
      isActive: true,
    });
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, r.email));
    expect(mail.text).toContain(body.user.temporaryPassword);
    expect(mail.text).toContain(body.user.registrationNumber);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admission.approve'), eq(auditLog.entityId, r._id)));
    expect(audit).toHaveLength(1);
    expect(audit[0].before).toMatchObject({ status: 'pending' });
    expect(audit[0].after).toMatchObject({ status: 'approved', userId: user.id });

    const login = await t.visitor.post('/api/auth/login', { email: r.email, password: body.user.temporaryPassword });
    expect(login.statusCode).toBe(200);
    const mine = await t.withToken(login.json().token).get('/api/admissions/student');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({
      admissionId: body.request.admissionNumber,
      course: { _id: courseId, name: 'CLAT Preparation', fees: 25000, feeType: 'full', duration: '6 months' },
      batchPreference: 'WEEKEND',
      batchYear: body.request.batchYear,
      centre: expect.objectContaining({ id: 'kasba', name: 'Kasba/Ballygunge Centre' }),
      admissionDate: body.request.approvedAt,
      status: 'APPROVED',
    });
  });

  it('gives every approval its own registration and admission number', async () => {
    const a = await submit();
    const b = await submit();
    const [ra, rb] = await Promise.all([a, b].map((r) => t.admin.patch(`/api/admission-requests/admin/${r._id}/approve`, {})));
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    expect(ra.json().user.registrationNumber).not.toBe(rb.json().user.registrationNumber);
    expect(ra.json().request.admissionNumber).not.toBe(rb.json().request.admissionNumber);
  });

  it('two approvals at once create exactly one account', async () => {
    const r = await submit();
    const answers = await Promise.all([1, 2].map(() => t.admin.patch(`/api/admission-requests/admin/${r._id}/approve`, {})));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await t.ctx.db.$count(users, eq(users.email, r.email))).toBe(1);
  });

  it('approve and reject only a pending request', async () => {
    const approved = await submit();
    await t.admin.patch(`/api/admission-requests/admin/${approved._id}/approve`, {});
    for (const action of ['approve', 'reject']) {
      const res = await t.admin.patch(`/api/admission-requests/admin/${approved._id}/${action}`, {});
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This admission request has already been approved.');
    }
    const rejected = await submit();
    expect((await t.admin.patch(`/api/admission-requests/admin/${rejected._id}/reject`, {})).statusCode).toBe(200);
    const again = await t.admin.patch(`/api/admission-requests/admin/${rejected._id}/approve`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This admission request has already been rejected.');
    expect(await t.ctx.db.$count(users, eq(users.email, rejected.email))).toBe(0);
    const missing = await t.admin.patch('/api/admission-requests/admin/00000000-0000-4000-8000-000000000000/approve', {});
    expect(missing.statusCode).toBe(404);
  });

  it('approving an e-mail that already has an account answers 409 and creates nothing', async () => {
    const r = await submit();
    await t.createStudent({ email: r.email });
    const res = await t.admin.patch(`/api/admission-requests/admin/${r._id}/approve`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ADMISSION_MSG.approveAccountExists);
    const [row] = await t.ctx.db.select().from(admissionRequests).where(eq(admissionRequests.id, r._id));
    expect(row.status).toBe('pending');
  });

  it('rejection records notes and mails the applicant', async () => {
    const r = await submit();
    const res = await t.admin.patch(`/api/admission-requests/admin/${r._id}/reject`, { adminNotes: 'Rejected from dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: ADMISSION_MSG.rejected, emailSent: true, request: { status: 'rejected' } });
    const status = (await t.visitor.get(`/api/admission-requests/status/${r.email}`)).json();
    expect(status).toMatchObject({ status: 'rejected', adminNotes: 'Rejected from dashboard' });
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, r.email));
    expect(mail.text).toContain('Rejected from dashboard');
    expect(await t.ctx.db.$count(auditLog, and(eq(auditLog.action, 'admission.reject'), eq(auditLog.entityId, r._id)))).toBe(1);
  });

  it('delete removes a request in any status but not the student account', async () => {
    const r = await submit();
    const approve = await t.admin.patch(`/api/admission-requests/admin/${r._id}/approve`, {});
    const res = await t.admin.delete(`/api/admission-requests/admin/${r._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ADMISSION_MSG.deleted);
    expect((await t.admin.get(`/api/admission-requests/admin/${r._id}`)).statusCode).toBe(404);
    expect(await t.ctx.db.$count(users, eq(users.id, approve.json().user._id))).toBe(1);
    expect((await t.admin.delete(`/api/admission-requests/admin/${r._id}`)).statusCode).toBe(404);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admission.delete'), eq(auditLog.entityId, r._id)));
    expect(audit[0].before).toMatchObject({ email: r.email });
  });
});

describe('GET /api/admissions/student', () => {
  it('answers 404 with a message for a student without an admission', async () => {
    const s = await t.createStudent();
    const res = await s.client.get('/api/admissions/student');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ADMISSION_MSG.noAdmissionRecord);
  });

  it('is for students only', async () => {
    expect((await t.visitor.get('/api/admissions/student')).statusCode).toBe(401);
    expect((await t.admin.get('/api/admissions/student')).statusCode).toBe(403);
  });
});

describe('authorisation', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const calls: [string, string][] = [
    ['GET', '/api/admission-requests/admin'],
    ['GET', `/api/admission-requests/admin/${id}`],
    ['PATCH', `/api/admission-requests/admin/${id}/approve`],
    ['PATCH', `/api/admission-requests/admin/${id}/reject`],
    ['DELETE', `/api/admission-requests/admin/${id}`],
    ['GET', '/api/admission-requests/admin?status=bogus'],
  ];
  it('refuses every admin call for a visitor (401) and a student (403)', async () => {
    const s = await t.createStudent();
    for (const [method, url] of calls) {
      const as = (c: TestApp['visitor']) =>
        method === 'GET' ? c.get(url) : method === 'PATCH' ? c.patch(url, { adminNotes: 1 }) : c.delete(url);
      expect((await as(t.visitor)).statusCode, `${method} ${url}`).toBe(401);
      expect((await as(s.client)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('rate limit', () => {
  it('limits status checks per address', async () => {
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i++) {
      last = (await t.visitor.get(`/api/admission-requests/status/limit${i}@example.com`)).statusCode;
    }
    expect(last).toBe(429);
  });
});

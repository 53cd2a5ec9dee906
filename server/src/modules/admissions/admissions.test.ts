import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMISSION_MSG } from '@app/common/schemas/admissions';
import type { TestApp } from '../../../test/helpers.ts';
import { admissionRequests, mailOutbox, users } from '../../db/schema.ts';
import { application, formFor, startAdmissionsApp, submitAs } from './admissions-fixture.ts';
import { accountEmail } from '../../lib/account-email.ts';

// Admission requests from the visitor's side: the enquiry and Application Form, the status check,
// the student's own admission, and who may call what. Admin decisions: decisions.test.ts.

let t: TestApp;
let courseId: string;
let inactiveCourseId: string;

beforeAll(async () => {
  ({ t, courseId, inactiveCourseId } = await startAdmissionsApp());
});
afterAll(() => t?.close());

const form = (patch: Record<string, unknown> = {}) => formFor(courseId, patch);
const submit = (patch: Record<string, unknown> = {}) => submitAs(t, courseId, patch);

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

  it('answers an e-mail that has an account exactly like one that has none, and mails the holder to sign in', async () => {
    type Answer = Awaited<ReturnType<TestApp['visitor']['post']>>;
    const shape = (res: Answer) => {
      const { message, request } = res.json();
      return { statusCode: res.statusCode, message, keys: Object.keys(request).sort(), requestStatus: request.status };
    };
    for (const holder of [await t.createStudent(), (await t.ctx.db.select().from(users).where(eq(users.role, 'admin')))[0]]) {
      const withAccount = await t.visitor.post('/api/admission-requests', form({ email: holder.email }));
      const without = await t.visitor.post('/api/admission-requests', form());
      expect(withAccount.statusCode, withAccount.body).toBe(201);
      expect(shape(withAccount)).toEqual(shape(without));
      expect(withAccount.json().message).toBe(ADMISSION_MSG.submitted);
      const mails = await t.ctx.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, accountEmail(holder)));
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toMatch(/already have an account/);
      expect(mails[0].text).toContain('http://localhost:3000/login');
      // The applicant without an account is sent nothing at submission.
      expect(await t.ctx.db.$count(mailOutbox, eq(mailOutbox.to, without.json().request.email))).toBe(0);
    }
  });
});

const statusOf = (email: string, phone?: string) =>
  t.visitor.get(
    `/api/admission-requests/status/${encodeURIComponent(email)}${phone === undefined ? '' : `?phone=${encodeURIComponent(phone)}`}`,
  );

describe('GET /api/admission-requests/status/{email}?phone=', () => {
  it('answers the newest request for the e-mail and its phone', async () => {
    const r = await submit();
    await t.admin.patch(`/api/admission-requests/admin/${r._id}/reject`, { adminNotes: 'Batch full' });
    await submit({ email: r.email, fullName: 'Asha Roy Again' });
    const res = await statusOf(r.email.toUpperCase(), '+91 98300 11111');
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

  it('takes the phone as given on the form, spaces and a leading +91 ignored', async () => {
    const r = await submit({ phone: '+91 98300 22222' });
    for (const phone of ['+91 98300 22222', '9830022222', '98300 22222', '+919830022222', ' 98300-22222 ']) {
      expect((await statusOf(r.email, phone)).statusCode, phone).toBe(200);
    }
  });

  it('answers 404 alike for an unknown e-mail, a malformed one and a wrong phone', async () => {
    const r = await submit();
    const answers = [
      await statusOf('nobody@example.com', '9830011111'),
      await statusOf('not-an-email', '9830011111'),
      await statusOf(r.email, '9830099999'),
      await statusOf(r.email, '+91 98300 1111'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: ADMISSION_MSG.noRequestForEmail, code: 'NOT_FOUND' });
    }
  });

  it('needs the phone: without it, a 400 naming the field and nothing about the applicant', async () => {
    const r = await submit();
    for (const res of [await statusOf(r.email), await statusOf(r.email, '')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Phone number is required',
        code: 'BAD_REQUEST',
        fields: { phone: 'Phone number is required' },
      });
      expect(res.body).not.toContain('Asha');
    }
  });

  it('shows the admin notes only when they were written for the applicant', async () => {
    const r = await submit();
    await t.admin.patch(`/api/admission-requests/admin/${r._id}/reject`, { adminNotes: 'Internal: fee defaulter last year' });
    expect((await statusOf(r.email, '9830011111')).json().adminNotes).toBeNull();
  });
});

describe("a stranger's request under an enrolled student's e-mail", () => {
  /** A student enrolled the usual way: their request, approved. */
  async function enrolledStudent(phone: string) {
    const own = await submit({ phone, fullName: 'Real Student' });
    const approved = await t.admin.patch(`/api/admission-requests/admin/${own._id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    return own;
  }
  const queueIds = async (query = '') =>
    ((await t.admin.get(`/api/admission-requests/admin${query}`)).json().requests as { _id: string }[]).map((r) => r._id);

  it("does not shadow the student's own status: the lookup finds the request of the phone given", async () => {
    const own = await enrolledStudent('+91 98300 33333');
    const stranger = await t.visitor.post(
      '/api/admission-requests',
      form({ email: own.email, phone: '9000000001', fullName: 'Someone Else' }),
    );
    expect(stranger.statusCode).toBe(201);

    const mine = await statusOf(own.email, '9830033333');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ fullName: 'Real Student', status: 'approved' });
    // The stranger sees their own request as any applicant would: nothing says the e-mail has an account.
    const theirs = await statusOf(own.email, '9000000001');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({ fullName: 'Someone Else', status: 'pending', approvedAt: null });
    expect((await statusOf(own.email, '9000000002')).statusCode).toBe(404);
  });

  it('is not queued for an admin: neither in the admissions list nor in the dashboard', async () => {
    const own = await enrolledStudent('9830044444');
    const before = (await t.admin.get('/api/stats/admin')).json();
    const stranger = (await t.visitor.post('/api/admission-requests', form({ email: own.email, phone: '9000000003' }))).json().request;
    // Under an e-mail without an account the same request is queued.
    const ordinary = await submit();

    for (const query of ['', '?status=pending']) {
      const ids = await queueIds(query);
      expect(ids, query).not.toContain(stranger._id);
      expect(ids, query).toContain(ordinary._id);
    }
    expect(await queueIds('?status=approved')).toContain(own._id);
    const after = (await t.admin.get('/api/stats/admin')).json();
    expect(after.pendingAdmissions).toBe(before.pendingAdmissions + 1);
    expect(after.recentAdmissions.map((r: { _id: string }) => r._id)).not.toContain(stranger._id);
    // The holder is told by e-mail, as for any request under their address.
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, own.email));
    expect(mails.some((m) => /already have an account/.test(m.subject))).toBe(true);
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
      last = (await statusOf(`limit${i}@example.com`, '9830011111')).statusCode;
    }
    expect(last).toBe(429);
  });
});

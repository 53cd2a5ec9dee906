import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from './contract-support.ts';
import { ADMIN, createTestApp, PASSWORD, type TestApp } from './helpers.ts';

// The error half of the API contract (docs/product.md section 7): every error answer is JSON
// { message, code, fields? } with 400/401/403/404/409/429; a missing token is 401 on every route that
// is not public; unknown body keys are stripped (never a 400) and fields a caller does not own are
// never taken from a body.

let t: TestApp;
let courseId = '';
beforeAll(async () => {
  t = await createTestApp();
  const course = { name: 'CLAT', description: 'd', price: 1000, feeType: 'full', duration: '1 month', features: ['a'] };
  courseId = expectOk(await t.admin.post('/api/courses', course), 201)._id;
});
afterAll(async () => t?.close());

const ID = '00000000-0000-4000-8000-000000000000';

// Every route of docs/product.md section 7 and docs/product.md section 7 that needs a signed-in caller.
const PRIVATE_ROUTES: [string, string][] = [
  ['GET', '/api/auth/profile'],
  ['POST', '/api/auth/create-admin'],
  ['GET', '/api/courses/admin'],
  ['POST', '/api/courses'],
  ['PUT', `/api/courses/${ID}`],
  ['DELETE', `/api/courses/${ID}`],
  ['DELETE', `/api/courses/${ID}/permanent`],
  ['PATCH', `/api/courses/${ID}/restore`],
  ['GET', '/api/announcements/admin'],
  ['POST', '/api/announcements'],
  ['PUT', `/api/announcements/${ID}`],
  ['DELETE', `/api/announcements/${ID}`],
  ['DELETE', `/api/announcements/${ID}/permanent`],
  ['PATCH', `/api/announcements/${ID}/restore`],
  ['GET', '/api/submissions/my-submissions'],
  ['GET', '/api/submissions/admin'],
  ['GET', '/api/submissions/admin/all?page=1&limit=10'],
  ['GET', `/api/submissions/${ID}`],
  ['PATCH', `/api/submissions/${ID}/evaluate`],
  ['PATCH', `/api/submissions/admin/publish-results/${ID}`],
  ['PATCH', `/api/submissions/admin/unpublish-results/${ID}`],
  ['POST', '/api/submissions'],
  ['GET', '/api/results/student'],
  ['GET', '/api/admissions/student'],
  ['GET', '/api/payments/student'],
  ['GET', '/api/payments'],
  ['PATCH', `/api/payments/${ID}/verify`],
  ['POST', `/api/payments/${ID}/refund`],
  ['POST', '/api/payments/paytm/initiate'],
  ['GET', '/api/payments/status/ORDER1'],
  ['POST', '/api/payments/coupons/validate'],
  ['POST', '/api/payments/orders'],
  ['POST', '/api/payments/verify'],
  ['GET', '/api/payments/history'],
  ['GET', `/api/payments/${ID}/receipt`],
  ['GET', '/api/exams'],
  ['GET', `/api/exams/${ID}`],
  ['GET', '/api/exams/student/available'],
  ['POST', '/api/exams'],
  ['PATCH', `/api/exams/${ID}`],
  ['DELETE', `/api/exams/${ID}`],
  ['POST', `/api/exams/${ID}/attempt`],
  ['PUT', `/api/exams/${ID}/attempt/answers`],
  ['GET', '/api/users?role=student'],
  ['GET', `/api/users/${ID}`],
  ['PATCH', `/api/users/${ID}`],
  ['POST', `/api/users/${ID}/reset-password`],
  ['DELETE', `/api/users/${ID}`],
  ['GET', '/api/admission-requests/admin?status=pending'],
  ['PATCH', `/api/admission-requests/admin/${ID}/approve`],
  ['PATCH', `/api/admission-requests/admin/${ID}/reject`],
  ['DELETE', `/api/admission-requests/admin/${ID}`],
];

describe('401 without a token', () => {
  it.each(PRIVATE_ROUTES)('%s %s', async (method, url) => {
    const hasBody = method !== 'GET' && method !== 'DELETE';
    const res = await t.inject({ method: method as 'GET', url, ...(hasBody ? { payload: {} } : {}) });
    expectError(res, 401, 'UNAUTHORIZED');
  });

  it('also with a malformed or forged token', async () => {
    expectError(await t.withToken('not-a-token').get('/api/auth/profile'), 401);
    const forged = `${(await t.tokenFor(ADMIN.email, ADMIN.password)).slice(0, -4)}AAAA`;
    expectError(await t.withToken(forged).get('/api/auth/profile'), 401);
  });
});

describe('error answers', () => {
  it('400: a message per field', async () => {
    const body = expectError(await t.admin.post('/api/courses', { price: 'abc', features: [] }), 400, 'BAD_REQUEST');
    expect(body.fields).toMatchObject({ name: 'Name is required', description: 'Description is required' });
    const login = expectError(await t.visitor.post('/api/auth/login', { email: 'nope', password: '' }), 400);
    expect(Object.keys(login.fields ?? {})).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('400 for a body that is not JSON or not an object, never a 500', async () => {
    const headers = { 'content-type': 'application/json' };
    expectError(await t.inject({ method: 'POST', url: '/api/auth/login', payload: '{"email":', headers }), 400);
    expectError(await t.inject({ method: 'POST', url: '/api/auth/login', payload: '[1,2]', headers }), 400);
    const poisoned = '{"__proto__":{"role":"admin"},"email":"a@example.com","password":"x"}';
    expectError(await t.inject({ method: 'POST', url: '/api/auth/login', payload: poisoned, headers }), 400);
    expectError(await t.inject({ method: 'POST', url: '/api/admission-requests', payload: '"text"', headers }), 400);
    expectError(await t.inject({ method: 'POST', url: '/api/admission-requests', payload: 'a=b', headers: {} }), 415);
  });

  it('a call without a body may still say it sends JSON', async () => {
    const token = await t.tokenFor(ADMIN.email, ADMIN.password);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const res = await t.inject({ method: 'PATCH', url: `/api/courses/${courseId}/restore`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `/api/courses/${courseId}`, headers })).statusCode).toBe(200);
    expect((await t.inject({ method: 'PATCH', url: `/api/courses/${courseId}/restore`, headers })).statusCode).toBe(200);
  });

  it('401: wrong credentials', async () => {
    expectError(await t.visitor.post('/api/auth/login', { email: ADMIN.email, password: 'wrong-password' }), 401);
  });

  it('403: a student on an admin route', async () => {
    const s = await t.createStudent();
    expectError(await s.client.get('/api/users?role=student'), 403, 'FORBIDDEN');
    expectError(await s.client.post('/api/courses', {}), 403, 'FORBIDDEN');
    expectError(await s.client.get('/api/payments'), 403, 'FORBIDDEN');
    expectError(await t.admin.get('/api/results/student'), 403, 'FORBIDDEN');
  });

  it('404: unknown ids, unknown e-mails and unknown routes', async () => {
    expectError(
      await t.admin.put(`/api/courses/${ID}`, { name: 'x', description: 'x', price: 1, feeType: 'full', duration: 'x', features: ['x'] }),
      404,
    );
    expectError(await t.admin.get('/api/users/not-a-uuid'), 404);
    expectError(await t.admin.get(`/api/exams/${ID}`), 404);
    expectError(await t.visitor.get('/api/admission-requests/status/nobody@example.com?phone=9800000000'), 404);
    expectError(await t.visitor.get('/api/no-such-route'), 404);
  });

  it('409: duplicate e-mail, already attempted', async () => {
    const admin = { firstName: 'A', lastName: 'B', email: ADMIN.email, password: 'Another-Pass-1' };
    expectError(await t.admin.post('/api/auth/create-admin', admin), 409, 'CONFLICT');
    const exam = {
      title: 'Mock',
      description: 'd',
      course: courseId,
      duration: 10,
      totalMarks: 2,
      passingMarks: 1,
      questions: [{ type: 'mcq', question: 'Q', options: ['a', 'b'], correctAnswer: 0, marks: 2 }],
    };
    const examId = expectOk(await t.admin.post('/api/exams', exam), 201)._id;
    // A student of the exam's course (its default audience).
    const s = await t.createStudent({ courseInterest: 'CLAT' });
    expectError(await s.client.post('/api/submissions', { examId, answers: {} }), 409);
    expectOk(await s.client.post(`/api/exams/${examId}/attempt`));
    expectOk(await s.client.post('/api/submissions', { examId, answers: {} }), 201);
    expect(expectError(await s.client.post(`/api/exams/${examId}/attempt`), 409).message).toBe('Already Attempted');
    expectError(await s.client.post('/api/submissions', { examId, answers: {} }), 409);
  });

  it('429: repeated failed sign-ins lock the account', async () => {
    const s = await t.createStudent();
    let last = 0;
    for (let i = 0; i < 8 && last !== 429; i++) {
      last = (await t.visitor.post('/api/auth/login', { email: s.email, password: 'wrong-password' })).statusCode;
    }
    expect(last).toBe(429);
    expectError(await t.visitor.post('/api/auth/login', { email: s.email, password: PASSWORD }), 429);
  });
});

describe('unknown body keys are stripped', () => {
  it('courses, announcements, exams and their questions', async () => {
    const course = { name: 'Extra', description: 'd', price: 5, feeType: 'full', duration: 'x', features: ['a'], _id: ID, colour: 'red' };
    const saved = expectOk(await t.admin.post('/api/courses', course), 201);
    expect(saved._id).not.toBe(ID);
    expect(saved).not.toHaveProperty('colour');
    expectOk(await t.admin.put(`/api/courses/${saved._id}`, { ...course, createdAt: 'yesterday' }));
    const ann = { title: 't', content: 'c', type: 'notice', priority: 'low', targetAudience: 'all', author: 'x' };
    expectOk(await t.admin.post('/api/announcements', ann), 201);
    const exam = {
      title: 'Extra exam',
      description: 'd',
      course: courseId,
      duration: 10,
      totalMarks: 2,
      passingMarks: 1,
      difficulty: 'hard',
      questions: [{ type: 'mcq', question: 'Q', options: ['a', 'b'], correctAnswer: 1, marks: 2, hint: 'x' }],
    };
    const created = expectOk(await t.admin.post('/api/exams', exam), 201);
    expect(expectOk(await t.admin.patch(`/api/exams/${created._id}`, { isActive: false, title: undefined, note: 'x' })).isActive).toBe(
      false,
    );
    expect(expectOk(await t.admin.patch(`/api/exams/${created._id}`, { ...exam, questionsCount: 9 })).title).toBe('Extra exam');
  });

  it('auth, admissions and users; role, isActive and status are never taken from a body', async () => {
    expectOk(await t.visitor.post('/api/auth/login', { email: ADMIN.email, password: ADMIN.password, rememberMe: true }));
    const newAdmin = {
      firstName: 'C',
      lastName: 'D',
      email: 'c.d@example.com',
      password: 'Admin-Pass-77',
      role: 'student',
      isActive: false,
    };
    expect([200, 201]).toContain((await t.admin.post('/api/auth/create-admin', newAdmin)).statusCode);
    const login = expectOk(await t.visitor.post('/api/auth/login', { email: newAdmin.email, password: newAdmin.password }));
    expect(login.user).toMatchObject({ role: 'admin', isActive: true });

    const request = {
      fullName: 'Extra Keys',
      email: 'extra@example.com',
      phone: '9800000000',
      address: 'a',
      education: 'e',
      course: courseId,
      centre: 'dumdum',
      reason: 'r',
      status: 'approved',
      nickname: 'x',
    };
    expect([200, 201]).toContain((await t.visitor.post('/api/admission-requests', request)).statusCode);
    const status = expectOk(await t.visitor.get('/api/admission-requests/status/extra@example.com?phone=9800000000'));
    expect(status.status).toBe('pending');
    const id = expectOk(await t.admin.get('/api/admission-requests/admin?status=pending')).requests[0]._id;
    expectOk(await t.admin.patch(`/api/admission-requests/admin/${id}/reject`, { adminNotes: 'No', extra: 1 }));

    const s = await t.createStudent();
    const updated = expectOk(await t.admin.patch(`/api/users/${s.id}`, { isActive: true, role: 'admin', email: 'hijack@example.com' }));
    expect(updated).toMatchObject({ role: 'student', email: s.email });
  });

  it('payments: the amount is the server’s', async () => {
    const s = await t.createStudent();
    const order = expectOk(
      await s.client.post('/api/payments/orders', { courseId, method: 'offline', amount: 1, status: 'completed' }),
      201,
    );
    expect(order.amount).toBe(1000);
    expect(order.payment.status).toBe('pending');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formsOf, postForm } from '../src/modules/payments/test-fixtures.ts';
import {
  admitStudent,
  expectError,
  expectFields,
  expectOk,
  expectStatus,
  expectStringIds,
  PAYMENT_FIELDS,
  USER_FIELDS,
  USER_STAT_FIELDS,
} from './contract-support.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// The API contract, second half of the journey (docs/product.md section 7): an admitted student pays the fee
// on the sandbox gateway and an installment through /paytm/initiate, the admin verifies and refunds,
// manages the student (users calls), and the student resets a forgotten password.

let t: TestApp;
const email = `priya-${Date.now()}@example.com`;
let courseId = '';
let studentId = '';
let admissionId = '';
let password = '';
const student = () => t.withToken(token);
let token = '';

beforeAll(async () => {
  t = await createTestApp();
  const course = { name: 'Judiciary Exam', description: 'WBJS', price: 30000, feeType: 'full', duration: '8 months', features: ['Tests'] };
  courseId = expectOk(await t.admin.post('/api/courses', course), 201)._id;
  const admitted = await admitStudent(t, { fullName: 'Priya Ghosh', email, course: courseId, centre: 'kasba', education: 'LL.B.' });
  ({ token, password, userId: studentId } = admitted);
});
afterAll(async () => t?.close());

describe('installment payment (POST /api/payments/paytm/initiate)', () => {
  it('answers {success, paymentUrl, params}; the hosted page and callback complete it', async () => {
    admissionId = expectOk(await student().get('/api/admissions/student')).admissionId;
    const res = expectOk(await student().post('/api/payments/paytm/initiate', { amount: 1000, admissionId, installmentNumber: 2 }));
    expectFields(res, ['success', 'paymentUrl', 'params'], 'initiate answer');
    expect(res.success).toBe(true);
    const pending = expectOk(await student().get(`/api/payments/status/${res.orderId}`));
    expect(pending).toMatchObject({ status: 'pending', amount: 1000, transactionDetails: { installmentNumber: 2 } });
    const page = await postForm(t, res.paymentUrl, res.params);
    expect(page.statusCode).toBe(200);
    const callback = await postForm(t, '/api/payments/callback/sandbox', formsOf(page.body).Pay);
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toContain('/payment/success');
    const paid = expectOk(await student().get(`/api/payments/status/${res.orderId}`));
    expect(paid).toMatchObject({ status: 'completed', transactionDetails: { installmentNumber: 2 } });
    expect(typeof paid.transactionId).toBe('string');
    expect(expectOk(await t.admin.get(`/api/payments/status/${res.orderId}`)).orderId).toBe(res.orderId);
  });
});

describe('fee payment (sandbox gateway)', () => {
  let orderId = '';

  it('GET /api/admissions/student and GET /api/payments/student → the payment summary', async () => {
    const admission = expectOk(await student().get('/api/admissions/student'));
    expect(admission.course).toMatchObject({ name: 'Judiciary Exam', fees: 30000 });
    expect(admission.centre).toMatchObject({ id: 'kasba' });
    expect(admission.admissionId).toBe(admissionId);
    const summary = expectOk(await student().get('/api/payments/student'));
    expectFields(
      summary,
      ['course.name', 'course.feeType', 'totalFees', 'paidAmount', 'pendingAmount', 'paymentStatus', 'installments'],
      'summary',
    );
    expect(summary).toMatchObject({ totalFees: 30000, paidAmount: 1000, pendingAmount: 29000, paymentStatus: 'partial' });
    for (const i of summary.installments)
      expectFields(i, ['type', 'installmentNumber', 'amount', 'dueDate', 'status', 'paidDate'], 'installment');
  });

  it('orders on the gateway, pays in the sandbox checkout and verifies the signed answer', async () => {
    const preview = expectOk(await student().post('/api/payments/coupons/validate', { courseId, code: 'student10' }));
    expect(preview).toMatchObject({ valid: true, discount: 3000, total: 27000 });
    const order = expectOk(await student().post('/api/payments/orders', { courseId, couponCode: 'STUDENT10', method: 'gateway' }), 201);
    expect(order).toMatchObject({ amount: 27000, currency: 'INR', checkout: { kind: 'sandbox' } });
    orderId = order.orderId;
    const signed = expectOk(await student().post(order.checkout.url, { action: 'pay' }));
    expect(order.checkout.url).toBe(`/api/payments/sandbox/checkout/${orderId}`);
    const verified = expectOk(await student().post('/api/payments/verify', signed));
    expect(verified.payment).toMatchObject({ status: 'completed', amount: 27000 });
    const history = expectOk(await student().get('/api/payments/history'));
    expect(history[0]).toMatchObject({ orderId, status: 'completed', amount: 27000, course: 'Judiciary Exam' });
  });

  it('GET /api/payments/status/{orderId} → the payment status record', async () => {
    const record = expectOk(await student().get(`/api/payments/status/${orderId}`));
    expectFields(record, ['orderId', 'transactionId', 'amount', 'status', 'updatedAt', 'admission.course.name'], 'status record');
    expectFields(record, ['transactionDetails.installmentNumber', 'transactionDetails.responseMessage'], 'status record');
    expect(record).toMatchObject({ orderId, status: 'completed', amount: 27000, admission: { course: { name: 'Judiciary Exam' } } });
    // Another student's payment is not theirs (docs/product.md section 7: 403 "not yours").
    const other = await t.createStudent();
    expectError(await other.client.get(`/api/payments/status/${orderId}`), 403, 'FORBIDDEN');
    expectError(await other.client.get(`/api/payments/${record._id}/receipt`), 403, 'FORBIDDEN');
    expectError(await other.client.get('/api/payments/status/NO-SUCH-ORDER'), 404, 'NOT_FOUND');
    const receipt = await student().get(`/api/payments/${record._id}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
  });
});

describe('admin payments', () => {
  it('GET /api/payments → an array of payments; PATCH …/verify and POST …/refund → updated', async () => {
    // Another course: the student's fee for `courseId` is paid, and a fee paid cannot be ordered again.
    const other = { name: 'Other Course', description: 'Other', price: 30000, feeType: 'full', duration: '8 months', features: ['Tests'] };
    const otherId = expectOk(await t.admin.post('/api/courses', other), 201)._id;
    const offline = expectOk(await student().post('/api/payments/orders', { courseId: otherId, method: 'offline' }), 201);
    const list = expectOk(await t.admin.get('/api/payments'));
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(3);
    for (const p of list) expectFields(p, PAYMENT_FIELDS, 'payment');
    expectStringIds(list);
    const row = list.find((p: { _id: string }) => p._id === offline.paymentId);
    expect(row).toMatchObject({ status: 'pending', currency: 'INR', paymentMethod: 'offline', studentId: { _id: studentId, email } });
    const verified = expectOk(await t.admin.patch(`/api/payments/${offline.paymentId}/verify`));
    expectFields(verified, PAYMENT_FIELDS, 'payment');
    expect(verified.status).toBe('completed');
    const refunded = expectOk(await t.admin.post(`/api/payments/${offline.paymentId}/refund`));
    expect(refunded.status).toBe('refunded');
    expect((await t.admin.get('/api/payments?status=refunded')).json()).toHaveLength(1);
    // A gateway payment the gateway has not received cannot be verified (docs/product.md section 7).
    const unpaid = expectOk(await student().post('/api/payments/orders', { courseId: otherId }), 201);
    const refused = expectError(await t.admin.patch(`/api/payments/${unpaid.paymentId}/verify`), 409, 'CONFLICT');
    expect(refused.message).toBe('The gateway has not received this payment.');
  });
});

describe("the admin's student calls (/api/users)", () => {
  it('GET /api/users?role=student → {users}', async () => {
    const body = expectOk(await t.admin.get('/api/users?role=student'));
    expect(Array.isArray(body.users)).toBe(true);
    const user = body.users.find((u: { _id: string }) => u._id === studentId);
    expectFields(user, USER_FIELDS, 'user');
    expect(user).toMatchObject({ fullName: 'Priya Ghosh', centre: 'kasba', centreDetails: { id: 'kasba' }, role: 'student' });
  });

  it('GET /api/users/{id} → the user with statistics', async () => {
    const user = expectOk(await t.admin.get(`/api/users/${studentId}`));
    expectFields(user, [...USER_FIELDS, ...USER_STAT_FIELDS], 'user');
    expect(user).toMatchObject({ examsTaken: 0, submissions: [] });
  });

  it('PATCH /api/users/{id} {isActive} → updated; an inactive student cannot sign in', async () => {
    expect(expectOk(await t.admin.patch(`/api/users/${studentId}`, { isActive: false })).isActive).toBe(false);
    expect((await student().get('/api/auth/profile')).statusCode).toBe(401);
    expect([401, 403]).toContain((await t.visitor.post('/api/auth/login', { email, password })).statusCode);
    expect(expectOk(await t.admin.patch(`/api/users/${studentId}`, { isActive: true })).isActive).toBe(true);
    token = expectOk(await t.visitor.post('/api/auth/login', { email, password })).token;
  });

  it('POST /api/users/{id}/reset-password → a new temporary password is e-mailed', async () => {
    const body = expectOk(await t.admin.post(`/api/users/${studentId}/reset-password`));
    expect(typeof body.message).toBe('string');
    expect((await t.visitor.post('/api/auth/login', { email, password })).statusCode).toBe(401);
    expect((await student().get('/api/auth/profile')).statusCode).toBe(401); // the old token ends too
    const mails = expectOk(await t.admin.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`));
    expect(mails.length).toBeGreaterThan(1);
  });

  it('DELETE /api/users/{id} → removed', async () => {
    const other = await t.createStudent();
    expectOk(await t.admin.delete(`/api/users/${other.id}`));
    expect((await t.admin.get(`/api/users/${other.id}`)).statusCode).toBe(404);
  });
});

describe('forgotten password', () => {
  it('POST /api/auth/forgot-password → message; POST /api/auth/reset-password/{token} → message', async () => {
    const forgot = expectOk(await t.visitor.post('/api/auth/forgot-password', { email }));
    expect(typeof forgot.message).toBe('string');
    const mails = expectOk(await t.admin.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`));
    const link = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mails[0].text)?.[1];
    expect(link).toBeTruthy();
    const reset = expectStatus(
      await t.visitor.post(`/api/auth/reset-password/${link}`, { password: 'Brand-New-Pass-7', confirmPassword: 'Brand-New-Pass-7' }),
      200,
    );
    expect(typeof reset.message).toBe('string');
    expectOk(await t.visitor.post('/api/auth/login', { email, password: 'Brand-New-Pass-7' }));
  });
});

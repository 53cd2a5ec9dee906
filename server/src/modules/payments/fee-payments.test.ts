import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { auditLog, paymentEvents, payments } from '../../db/schema.ts';
import { createCourse, paymentByOrder } from './test-fixtures.ts';
import { pdfText } from '../../../test/pdf-text.ts';

// Fee payment (/student/payment) on the default sandbox gateway: coupons, orders, history, status
// and receipts, and who may see what (the checkout itself: sandbox-checkout.test.ts).

let t: TestApp;
let course: { _id: string; name: string; price: number };
beforeAll(async () => {
  t = await createTestApp();
  course = await createCourse(t, 25_000);
});
afterAll(async () => t?.close());

describe('coupons', () => {
  it.each([
    ['STUDENT10', 10, 2_500, 22_500],
    ['EARLY20', 20, 5_000, 20_000],
    ['WELCOME15', 15, 3_750, 21_250],
    ['FIRST15', 15, 3_750, 21_250],
    ['early20', 20, 5_000, 20_000],
    ['  student10 ', 10, 2_500, 22_500],
  ])('%s gives %i%%', async (code, percent, discount, total) => {
    const s = await t.createStudent();
    const res = await s.client.post('/api/payments/coupons/validate', { courseId: course._id, code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      code: code.trim().toUpperCase(),
      percent,
      price: 25_000,
      discount,
      total,
      message: `Coupon applied! ${percent}% discount`,
    });
  });

  it('an unknown code gives no discount and the spec message', async () => {
    const s = await t.createStudent();
    const res = await s.client.post('/api/payments/coupons/validate', { courseId: course._id, code: 'SAVE99' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valid: false, percent: 0, discount: 0, total: 25_000, message: 'Invalid coupon code' });
  });

  it('rounds the discount to the paise', async () => {
    const odd = await createCourse(t, 999.99);
    const s = await t.createStudent();
    const res = await s.client.post('/api/payments/coupons/validate', { courseId: odd._id, code: 'WELCOME15' });
    // 99999 paise x 15% = 14999.85 → 15000 paise
    expect(res.json()).toMatchObject({ discount: 150, total: 849.99 });
  });

  it('needs a course', async () => {
    const s = await t.createStudent();
    const res = await s.client.post('/api/payments/coupons/validate', { code: 'EARLY20' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select a course');
  });
});

describe('orders', () => {
  it('the server decides the amount: price minus the coupon, whatever the body says', async () => {
    const s = await t.createStudent();
    const res = await s.client.post('/api/payments/orders', {
      courseId: course._id,
      couponCode: 'early20',
      method: 'gateway',
      amount: 1,
      status: 'completed',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ method: 'gateway', gateway: 'sandbox', amount: 20_000, currency: 'INR' });
    expect(body.orderId).toMatch(/^ORD_\d+_[0-9A-F]+$/);
    expect(body.checkout).toEqual({
      kind: 'sandbox',
      url: `/api/payments/sandbox/checkout/${body.orderId}`,
      orderId: body.orderId,
      amountPaise: 2_000_000,
    });
    const row = await paymentByOrder(t, body.orderId);
    expect(row).toMatchObject({
      status: 'pending',
      amountPaise: 2_000_000,
      feePaise: 2_500_000,
      discountPaise: 500_000,
      couponCode: 'EARLY20',
      kind: 'fee',
    });
  });

  it('refuses an unknown coupon instead of charging the full price silently', async () => {
    const s = await t.createStudent();
    const res = await s.client.post('/api/payments/orders', { courseId: course._id, couponCode: 'NOPE', method: 'gateway' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Invalid coupon code', fields: { couponCode: 'Invalid coupon code' } });
  });

  it('refuses an inactive or unknown course', async () => {
    const gone = await createCourse(t, 100);
    await t.admin.delete(`/api/courses/${gone._id}`);
    const s = await t.createStudent();
    expect((await s.client.post('/api/payments/orders', { courseId: gone._id })).statusCode).toBe(400);
    expect((await s.client.post('/api/payments/orders', { courseId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(400);
    expect((await s.client.post('/api/payments/orders', { courseId: 'x' })).json().message).toBe('Please select a course');
  });

  it('offline creates a pending payment with a history event and an audit row', async () => {
    const s = await t.createStudent();
    const res = await s.client.post('/api/payments/orders', { courseId: course._id, method: 'offline' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ method: 'offline', amount: 25_000, payment: { status: 'pending', method: 'offline', amount: 25_000 } });
    const events = await t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, body.paymentId));
    expect(events).toHaveLength(1);
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, body.paymentId));
    expect(audits.map((a) => a.action)).toEqual(['payment.create']);
  });
});

describe('history, status and receipts', () => {
  it('history is the student’s own, newest first; status and receipt are own only', async () => {
    const s = await t.createStudent();
    const other = await t.createStudent();
    const first = (await s.client.post('/api/payments/orders', { courseId: course._id, method: 'offline' })).json();
    const second = (await s.client.post('/api/payments/orders', { courseId: course._id, couponCode: 'EARLY20' })).json();
    const signed = (await s.client.post(second.checkout.url, { action: 'pay' })).json();
    await s.client.post('/api/payments/verify', signed);

    const history = (await s.client.get('/api/payments/history')).json();
    expect(history.map((h: { orderId: string }) => h.orderId)).toEqual([second.orderId, first.orderId]);
    expect(history[0]).toMatchObject({ course: course.name, amount: 20_000, status: 'completed', method: 'gateway' });
    expect(history[0].receiptNumber).toMatch(/^RCT-/);
    expect(history[1]).toMatchObject({ status: 'pending', method: 'offline', receiptNumber: null });
    expect((await other.client.get('/api/payments/history')).json()).toEqual([]);

    const status = await s.client.get(`/api/payments/status/${second.orderId}`);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      orderId: second.orderId,
      amount: 20_000,
      status: 'completed',
      admission: { course: { name: course.name } },
      transactionDetails: { installmentNumber: null },
    });
    expect(status.json().transactionId).toBeTruthy();
    expect((await other.client.get(`/api/payments/status/${second.orderId}`)).statusCode).toBe(403);
    expect((await t.admin.get(`/api/payments/status/${second.orderId}`)).statusCode).toBe(200);
    expect((await t.visitor.get(`/api/payments/status/${second.orderId}`)).statusCode).toBe(401);

    const pdf = await s.client.get(`/api/payments/${second.paymentId}/receipt`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(history[0].receiptNumber);
    expect(text).toContain('Receipt');
    expect(text).toContain('₹');
    expect((await other.client.get(`/api/payments/${second.paymentId}/receipt`)).statusCode).toBe(403);
    expect((await s.client.get(`/api/payments/${first.paymentId}/receipt`)).statusCode).toBe(409);
    expect((await t.visitor.get(`/api/payments/${second.paymentId}/receipt`)).statusCode).toBe(401);
  });

  it('receipt numbers are unique and increasing', async () => {
    const s = await t.createStudent();
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      // Three fees (a fee already paid cannot be paid again).
      const own = await createCourse(t, 25_000);
      const o = (await s.client.post('/api/payments/orders', { courseId: own._id })).json();
      const signed = (await s.client.post(o.checkout.url, { action: 'pay' })).json();
      numbers.push((await s.client.post('/api/payments/verify', signed)).json().payment.receiptNumber);
    }
    expect(new Set(numbers).size).toBe(3);
    expect([...numbers].sort()).toEqual(numbers);
    const rows = await t.ctx.db.select().from(payments).where(eq(payments.studentId, s.id));
    expect(rows.every((r) => r.receiptNumber && r.paidAt)).toBe(true);
  });
});

describe('roles', () => {
  it('a visitor gets 401 and an admin 403 on the student calls', async () => {
    for (const [method, url] of [
      ['post', '/api/payments/coupons/validate'],
      ['post', '/api/payments/orders'],
      ['post', '/api/payments/verify'],
      ['post', '/api/payments/paytm/initiate'],
      ['get', '/api/payments/history'],
      ['get', '/api/payments/student'],
    ] as const) {
      expect((await t.visitor[method](url)).statusCode, url).toBe(401);
      expect((await t.admin[method](url)).statusCode, url).toBe(403);
    }
  });
});

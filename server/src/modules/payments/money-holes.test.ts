import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RZP, startFakeRazorpay } from '../../../test/fake-gateways/razorpay.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { reconcilePendingPayments } from './reconciler.ts';
import { createAdmittedStudent, createCourse, paymentByOrder } from './test-fixtures.ts';

// The money holes found by using the payment screens as a paying student would, proven against a fake
// Razorpay on loopback: a charged payment left failed, a partial refund that refunded everything, a
// fee paid twice, and abandoned checkouts counted as money pending.

let fake: Awaited<ReturnType<typeof startFakeRazorpay>>;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await createTestApp({
    PAYMENT_GATEWAY: 'razorpay',
    RAZORPAY_KEY_ID: RZP.keyId,
    RAZORPAY_KEY_SECRET: RZP.keySecret,
    RAZORPAY_WEBHOOK_SECRET: RZP.webhookSecret,
    RAZORPAY_API_URL: fake.url,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Student = Awaited<ReturnType<TestApp['createStudent']>>;
const webhook = (w: { body: string; headers: Record<string, string> }) =>
  t.inject({ method: 'POST', url: '/api/payments/webhooks/razorpay', payload: w.body, headers: w.headers });

async function order(s: Student, courseId: string, extra: Record<string, unknown> = {}) {
  const res = await s.client.post('/api/payments/orders', { courseId, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { paymentId: string; orderId: string; checkout: { orderId: string } };
}

/** A declined attempt, reported by Razorpay's payment.failed webhook: our payment is `failed`. */
async function declined(s: Student, courseId: string) {
  const o = await order(s, courseId);
  const attempt = fake.fail(o.checkout.orderId);
  expect((await webhook(fake.webhook('payment.failed', attempt))).statusCode).toBe(200);
  expect((await paymentByOrder(t, o.orderId)).status).toBe('failed');
  return o;
}

describe('a charged payment is settled by what the gateway captured (a failed attempt is not final)', () => {
  it('a declined attempt then a captured retry on the same order: verify completes it, with its receipt', async () => {
    const s = await t.createStudent();
    const course = await createCourse(t, 25_000);
    const o = await declined(s, course._id);
    const retry = fake.pay(o.checkout.orderId);
    const res = await s.client.post('/api/payments/verify', retry);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment).toMatchObject({ status: 'completed', amount: 25_000, transactionId: retry.paymentId });
    expect(res.json().payment.receiptNumber).toMatch(/^RCT-\d{4}-\d{6}$/);
    const row = await paymentByOrder(t, o.orderId);
    expect(row).toMatchObject({ status: 'completed', gatewayPaymentId: retry.paymentId });
    const receipt = await s.client.get(`/api/payments/${row.id}/receipt`);
    expect(receipt.statusCode).toBe(200);
    const text = pdfText(receipt.rawPayload);
    expect(text).toContain(row.receiptNumber as string);
    expect(text).toContain('25,000.00');
    const detail = (await t.admin.get(`/api/payments/${row.id}`)).json();
    expect(detail.history.map((h: { from: string | null; to: string }) => [h.from, h.to])).toEqual([
      [null, 'pending'],
      ['pending', 'failed'],
      ['failed', 'completed'],
    ]);
  });

  it('the captured webhook settles a failed payment', async () => {
    const s = await t.createStudent();
    const o = await declined(s, (await createCourse(t, 25_000))._id);
    const retry = fake.pay(o.checkout.orderId);
    const res = await webhook(fake.webhook('payment.captured', retry.payment));
    expect(res.json()).toEqual({ status: 'processed' });
    expect((await paymentByOrder(t, o.orderId)).status).toBe('completed');
  });

  it('the hosted checkout callback settles a failed payment and lands on /payment/success', async () => {
    const s = await t.createStudent();
    const o = await declined(s, (await createCourse(t, 25_000))._id);
    const retry = fake.pay(o.checkout.orderId);
    const res = await t.inject({
      method: 'POST',
      url: '/api/payments/callback/razorpay',
      payload: new URLSearchParams({
        razorpay_order_id: retry.orderId,
        razorpay_payment_id: retry.paymentId,
        razorpay_signature: retry.signature,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/payment/success?orderId=${o.orderId}`);
    expect((await paymentByOrder(t, o.orderId)).status).toBe('completed');
  });

  it('admin Verify settles a failed payment from the gateway’s answer', async () => {
    const s = await t.createStudent();
    const o = await declined(s, (await createCourse(t, 25_000))._id);
    const notYet = await t.admin.patch(`/api/payments/${o.paymentId}/verify`);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe('The gateway has not received this payment.');
    fake.pay(o.checkout.orderId);
    const res = await t.admin.patch(`/api/payments/${o.paymentId}/verify`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed' });
  });

  it('the reconciler also asks the gateway about recently failed orders', async () => {
    const s = await t.createStudent();
    const o = await declined(s, (await createCourse(t, 25_000))._id);
    fake.pay(o.checkout.orderId);
    await reconcilePendingPayments(t.ctx, { now: new Date(Date.now() + 15 * 60_000) });
    expect((await paymentByOrder(t, o.orderId)).status).toBe('completed');
  });

  it('a second capture on an order already completed is recorded and flagged for refund', async () => {
    const s = await t.createStudent();
    const o = await order(s, (await createCourse(t, 25_000))._id);
    const first = fake.pay(o.checkout.orderId);
    expect((await s.client.post('/api/payments/verify', first)).statusCode).toBe(200);
    const second = fake.pay(o.checkout.orderId);
    expect((await webhook(fake.webhook('payment.captured', second.payment))).statusCode).toBe(200);
    const detail = (await t.admin.get(`/api/payments/${o.paymentId}`)).json();
    expect(detail).toMatchObject({ status: 'completed', razorpayPaymentId: first.paymentId });
    expect(detail.extraCaptures).toEqual([
      { reason: 'second_capture', gatewayPaymentId: second.paymentId, amount: 25_000, when: expect.any(String) },
    ]);
    expect(detail.toRefund).toBe(25_000);
    expect(detail.history.at(-1).note).toMatch(new RegExp(`^Second capture ${second.paymentId} .*flagged for refund`));
    // The checkout's signed answer for the same capture records it once.
    expect((await s.client.post('/api/payments/verify', second)).statusCode).toBe(200);
    expect((await t.admin.get(`/api/payments/${o.paymentId}`)).json().extraCaptures).toHaveLength(1);
  });
});

describe('refunds are amounts', () => {
  let s: Student;
  let paymentId: string;
  let gatewayPaymentId: string;

  it('a signed refund.processed for ₹1 of ₹20,000 leaves ₹19,999 counting, and the receipt', async () => {
    const course = await createCourse(t, 20_000);
    ({ student: s } = await createAdmittedStudent(t, course._id));
    const o = await order(s, course._id);
    const paid = fake.pay(o.checkout.orderId);
    expect((await s.client.post('/api/payments/verify', paid)).statusCode).toBe(200);
    paymentId = o.paymentId;
    gatewayPaymentId = paid.paymentId;

    const refund = fake.refundAtDashboard(paid.paymentId, 100);
    const res = await webhook(fake.webhook('refund.processed', paid.payment, undefined, refund));
    expect(res.json()).toEqual({ status: 'processed' });
    const row = await paymentByOrder(t, o.orderId);
    expect(row).toMatchObject({ status: 'completed', refundedPaise: 100 });
    const summary = (await s.client.get('/api/payments/student')).json();
    expect(summary).toMatchObject({ totalFees: 20_000, paidAmount: 19_999, pendingAmount: 1, paymentStatus: 'partial' });
    expect((await s.client.get(`/api/payments/${paymentId}/receipt`)).statusCode).toBe(200);
    const detail = (await t.admin.get(`/api/payments/${paymentId}`)).json();
    expect(detail).toMatchObject({ status: 'completed', refunded: 1 });
    expect(detail.refunds).toEqual([{ amount: 1, refundId: refund.id, who: 'Gateway (razorpay)', when: expect.any(String) }]);
    // The same event delivered again (another event id) does not count the refund twice.
    await webhook(fake.webhook('refund.processed', paid.payment, undefined, refund));
    expect((await paymentByOrder(t, o.orderId)).refundedPaise).toBe(100);
  });

  it('POST /refund {amount}: part of a payment; above what is left is a 400 naming amount; none refunds the rest', async () => {
    const above = await t.admin.post(`/api/payments/${paymentId}/refund`, { amount: 20_000 });
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toBe('The refund can be at most ₹19,999, what is left of this payment');
    expect(above.json().fields.amount).toBe(above.json().message);
    for (const amount of [0, -5, 10.001, 'x']) {
      const bad = await t.admin.post(`/api/payments/${paymentId}/refund`, { amount });
      expect(bad.statusCode, String(amount)).toBe(400);
    }
    expect((await paymentByOrder(t, (await t.admin.get(`/api/payments/${paymentId}`)).json().orderId)).refundedPaise).toBe(100);

    const part = await t.admin.post(`/api/payments/${paymentId}/refund`, { amount: 4_999 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ status: 'completed', refunded: 5_000 });
    const call = fake.requests.filter((r) => r.path === `/v1/payments/${gatewayPaymentId}/refund`).at(-1);
    expect(JSON.parse(call?.body ?? '{}')).toMatchObject({ amount: 499_900 });
    expect((await s.client.get('/api/payments/student')).json()).toMatchObject({ paidAmount: 15_000, pendingAmount: 5_000 });

    const rest = await t.admin.post(`/api/payments/${paymentId}/refund`);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ status: 'refunded', refunded: 20_000 });
    expect(rest.json().refunds.map((r: { amount: number }) => r.amount)).toEqual([1, 4_999, 15_000]);
    expect((await s.client.get('/api/payments/student')).json()).toMatchObject({ paidAmount: 0, pendingAmount: 20_000 });
    expect((await t.admin.post(`/api/payments/${paymentId}/refund`)).statusCode).toBe(409);
  });
});

describe('a fee already covered cannot be paid again', () => {
  it('the order (gateway and offline) is refused with 409; the fees answer shows the course as paid', async () => {
    const course = await createCourse(t, 25_000);
    const { student: s } = await createAdmittedStudent(t, course._id);
    const o = await order(s, course._id, { couponCode: 'STUDENT10' });
    expect((await s.client.post('/api/payments/verify', fake.pay(o.checkout.orderId))).statusCode).toBe(200);

    for (const method of ['gateway', 'offline']) {
      const again = await s.client.post('/api/payments/orders', { courseId: course._id, method });
      expect(again.statusCode, method).toBe(409);
      expect(again.json().message).toBe(`The fee for ${course.name} is already paid: nothing is due for it.`);
    }
    const fees = (await s.client.get('/api/payments/fees')).json();
    expect(fees.find((f: { _id: string }) => f._id === course._id)).toMatchObject({
      fee: 25_000,
      paid: 22_500,
      discount: 2_500,
      due: 0,
      status: 'completed',
      admitted: true,
    });
    // The dashboard: Paid is the money received, the discount its own line.
    expect((await s.client.get('/api/payments/student')).json()).toMatchObject({
      totalFees: 25_000,
      paidAmount: 22_500,
      discountAmount: 2_500,
      pendingAmount: 0,
      paymentStatus: 'completed',
      nextDue: null,
    });
  });

  it('an offline payment for a fee covered meanwhile is not verified (409)', async () => {
    const course = await createCourse(t, 25_000);
    const s = await t.createStudent();
    const offline = await order(s, course._id, { method: 'offline' });
    const online = await order(s, course._id);
    expect((await s.client.post('/api/payments/verify', fake.pay(online.checkout.orderId))).statusCode).toBe(200);
    const res = await t.admin.patch(`/api/payments/${offline.paymentId}/verify`);
    expect(res.statusCode).toBe(409);
    expect((await paymentByOrder(t, offline.orderId)).status).toBe('pending');
  });

  it('the fees answer prices every course for the student: the admission’s fee, what is paid and due', async () => {
    const course = await createCourse(t, 30_000);
    const other = await createCourse(t, 12_000);
    const { student: s } = await createAdmittedStudent(t, course._id);
    const fees = (await s.client.get('/api/payments/fees')).json();
    expect(fees.find((f: { _id: string }) => f._id === course._id)).toMatchObject({
      fee: 30_000,
      due: 30_000,
      status: 'unpaid',
      admitted: true,
    });
    expect(fees.find((f: { _id: string }) => f._id === other._id)).toMatchObject({ fee: 12_000, due: 12_000, admitted: false });
    expect((await t.visitor.get('/api/payments/fees')).statusCode).toBe(401);
    expect((await t.admin.get('/api/payments/fees')).statusCode).toBe(403);
  });
});

describe('abandoned checkouts', () => {
  it('an order nobody paid becomes cancelled (asked of the gateway), not money pending nor in the success rate', async () => {
    const s = await t.createStudent();
    const before = (await t.admin.get('/api/payments/summary')).json();
    const abandoned = await order(s, (await createCourse(t, 25_000))._id);
    // An order nobody completed is no money pending, from the start (docs/product.md section 11).
    const mid = (await t.admin.get('/api/payments/summary')).json();
    expect(mid.pending).toBe(before.pending);
    expect(mid.pendingCount).toBe(before.pendingCount);

    await reconcilePendingPayments(t.ctx, { now: new Date(Date.now() + 25 * 60 * 60_000) });
    expect((await paymentByOrder(t, abandoned.orderId)).status).toBe('cancelled');
    expect(fake.requests.some((r) => r.path === `/v1/orders/${abandoned.checkout.orderId}/payments`)).toBe(true);
    const after = (await t.admin.get('/api/payments/summary')).json();
    expect(after.pending).toBe(before.pending);
    expect(after.cancelled).toBeGreaterThanOrEqual(1);
    const counted = after.totalTransactions - after.cancelled;
    expect(after.successRate).toBe(Math.round((after.successful / counted) * 100));
    const history = (await s.client.get('/api/payments/history')).json();
    expect(history[0]).toMatchObject({ orderId: abandoned.orderId, status: 'cancelled' });
    expect((await t.admin.get('/api/payments?status=cancelled')).json().map((p: { orderId: string }) => p.orderId)).toContain(
      abandoned.orderId,
    );

    // Paid at the gateway after all (a late retry): the capture still settles it.
    fake.pay(abandoned.checkout.orderId);
    expect((await t.admin.patch(`/api/payments/${abandoned.paymentId}/verify`)).json()).toMatchObject({ status: 'completed' });
  });
});

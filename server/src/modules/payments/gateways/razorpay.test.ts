import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RZP, startFakeRazorpay } from '../../../../test/fake-gateways/razorpay.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { loadConfig } from '../../../config.ts';
import { gatewayEvents, paymentEvents } from '../../../db/schema.ts';
import { reconcilePendingPayments } from '../reconciler.ts';
import { createAdmittedStudent, createCourse, paymentByOrder, postForm } from '../test-fixtures.ts';

// The Razorpay adapter against a fake Razorpay on loopback (PAYMENT_GATEWAY=razorpay).

let fake: Awaited<ReturnType<typeof startFakeRazorpay>>;
let t: TestApp;
let course: { _id: string; name: string };
let student: Awaited<ReturnType<TestApp['createStudent']>>;

beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await createTestApp({
    PAYMENT_GATEWAY: 'razorpay',
    RAZORPAY_KEY_ID: RZP.keyId,
    RAZORPAY_KEY_SECRET: RZP.keySecret,
    RAZORPAY_WEBHOOK_SECRET: RZP.webhookSecret,
    RAZORPAY_API_URL: fake.url,
  });
  course = await createCourse(t, 25_000);
  student = await t.createStudent({ firstName: 'Ravi', lastName: 'Sen' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** An order for a course of its own: a fee already paid is refused (each test pays its own fee). */
async function newOrder(couponCode?: string) {
  const own = await createCourse(t, 25_000);
  const res = await student.client.post('/api/payments/orders', { courseId: own._id, couponCode });
  expect(res.statusCode).toBe(201);
  return res.json();
}
const completions = async (paymentId: string) =>
  (await t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId))).filter((e) => e.toStatus === 'completed')
    .length;
const webhook = (w: { body: string; headers: Record<string, string> }) =>
  t.inject({ method: 'POST', url: '/api/payments/webhooks/razorpay', payload: w.body, headers: w.headers });

describe('configuration', () => {
  it('names each missing credential when the gateway is selected', () => {
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'razorpay', RAZORPAY_KEY_ID: 'k' })).toThrow(
      /RAZORPAY_KEY_SECRET: required when PAYMENT_GATEWAY=razorpay/,
    );
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'paytm' })).toThrow(
      /PAYTM_MID: required when PAYMENT_GATEWAY=paytm\n {2}PAYTM_MERCHANT_KEY/,
    );
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'paytm', PAYTM_MID: 'M', PAYTM_MERCHANT_KEY: 'short' })).toThrow(/PAYTM_MERCHANT_KEY/);
    expect(loadConfig({}).PAYMENT_GATEWAY).toBe('sandbox');
  });

  it('the CSP lets Checkout load and the hosted checkout be posted to', async () => {
    const csp = (await t.visitor.get('/api/health')).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' https://checkout.razorpay.com");
    expect(csp).toContain(`form-action 'self' ${fake.url}`);
  });
});

describe('orders and checkout', () => {
  it('creates a Razorpay order in paise with basic auth and answers Checkout options', async () => {
    const order = await newOrder('EARLY20');
    expect(order.checkout).toMatchObject({
      kind: 'razorpay',
      keyId: RZP.keyId,
      amountPaise: 2_000_000,
      currency: 'INR',
      prefill: { name: 'Ravi Sen', email: student.email },
    });
    expect(order.checkout.orderId).toMatch(/^order_/);
    const sent = fake.orders.get(order.checkout.orderId);
    expect(sent).toMatchObject({ amount: 2_000_000, currency: 'INR', receipt: order.orderId });
    expect((await paymentByOrder(t, order.orderId)).gatewayOrderId).toBe(order.checkout.orderId);
  });

  it('good signature → completed with the gateway ids; replay → the same, once', async () => {
    const order = await newOrder();
    const paid = fake.pay(order.checkout.orderId);
    const body = { orderId: paid.orderId, paymentId: paid.paymentId, signature: paid.signature };
    const res = await student.client.post('/api/payments/verify', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().payment).toMatchObject({ status: 'completed', transactionId: paid.paymentId });
    expect((await student.client.post('/api/payments/verify', body)).statusCode).toBe(200);
    const row = await paymentByOrder(t, order.orderId);
    expect(row.gatewayPaymentId).toBe(paid.paymentId);
    expect(await completions(row.id)).toBe(1);
  });

  it('tampered signature, or a signature over another order id → 400 and still pending', async () => {
    const order = await newOrder();
    const paid = fake.pay(order.checkout.orderId);
    const tampered = `${paid.signature.slice(0, -1)}${paid.signature.endsWith('0') ? '1' : '0'}`;
    expect((await student.client.post('/api/payments/verify', { ...paid, signature: tampered })).statusCode).toBe(400);
    // Signed over OUR order id instead of the stored Razorpay order id: refused.
    const wrongBase = (await import('node:crypto'))
      .createHmac('sha256', RZP.keySecret)
      .update(`${order.orderId}|${paid.paymentId}`)
      .digest('hex');
    expect(
      (await student.client.post('/api/payments/verify', { orderId: order.orderId, paymentId: paid.paymentId, signature: wrongBase }))
        .statusCode,
    ).toBe(400);
    expect((await paymentByOrder(t, order.orderId)).status).toBe('pending');
  });

  it('wrong amount at the gateway → refused, pending, with a note in the history', async () => {
    const order = await newOrder();
    const paid = fake.pay(order.checkout.orderId, { amount: 100 });
    const res = await student.client.post('/api/payments/verify', {
      orderId: paid.orderId,
      paymentId: paid.paymentId,
      signature: paid.signature,
    });
    expect(res.statusCode).toBe(400);
    const row = await paymentByOrder(t, order.orderId);
    expect(row.status).toBe('pending');
    const notes = (await t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, row.id))).map((e) => e.note);
    expect(notes.some((n) => n?.startsWith('Refused: the gateway reports 100 paise'))).toBe(true);
  });

  it('unknown order → 404', async () => {
    const res = await student.client.post('/api/payments/verify', { orderId: 'order_unknown', paymentId: 'pay_x', signature: 'abc' });
    expect(res.statusCode).toBe(404);
  });
});

describe('webhooks', () => {
  it('payment.captured completes; the replayed event changes nothing; a second event id neither', async () => {
    const order = await newOrder();
    const { payment } = fake.pay(order.checkout.orderId);
    const hook = fake.webhook('payment.captured', payment);
    const first = await webhook(hook);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'processed' });
    const replay = await webhook(hook);
    expect(replay.json()).toEqual({ status: 'duplicate' });
    await webhook(fake.webhook('order.paid', payment));
    const row = await paymentByOrder(t, order.orderId);
    expect(row.status).toBe('completed');
    expect(await completions(row.id)).toBe(1);
    expect(
      await t.ctx.db
        .select()
        .from(gatewayEvents)
        .where(eq(gatewayEvents.id, `razorpay:${hook.headers['x-razorpay-event-id']}`)),
    ).toHaveLength(1);
  });

  it('a tampered body or signature → 400 and nothing changes', async () => {
    const order = await newOrder();
    const { payment } = fake.pay(order.checkout.orderId);
    const hook = fake.webhook('payment.captured', payment);
    expect((await webhook({ ...hook, body: hook.body.replace('"captured"', '"captured" ') })).statusCode).toBe(400);
    expect((await webhook({ ...hook, headers: { ...hook.headers, 'x-razorpay-signature': 'deadbeef' } })).statusCode).toBe(400);
    expect((await paymentByOrder(t, order.orderId)).status).toBe('pending');
  });

  it('payment.failed → failed; an unknown order is acknowledged and ignored', async () => {
    const order = await newOrder();
    const failed = fake.fail(order.checkout.orderId);
    expect((await webhook(fake.webhook('payment.failed', failed))).statusCode).toBe(200);
    expect((await paymentByOrder(t, order.orderId)).status).toBe('failed');
    const ghost = { ...failed, id: 'pay_ghost', order_id: 'order_ghost' };
    expect((await webhook(fake.webhook('payment.captured', ghost))).statusCode).toBe(200);
  });
});

describe('reconciler and refund', () => {
  it('a lost callback is settled by the reconciler once the order is 2 minutes old; a second run changes nothing', async () => {
    const order = await newOrder();
    fake.pay(order.checkout.orderId);
    const early = await reconcilePendingPayments(t.ctx, { now: new Date(Date.now() + 60_000) });
    expect(early.completed).toBe(0);
    expect((await paymentByOrder(t, order.orderId)).status).toBe('pending');
    const later = await reconcilePendingPayments(t.ctx, { now: new Date(Date.now() + 3 * 60_000) });
    expect(later.completed).toBeGreaterThanOrEqual(1);
    const row = await paymentByOrder(t, order.orderId);
    expect(row.status).toBe('completed');
    await reconcilePendingPayments(t.ctx, { now: new Date(Date.now() + 4 * 60_000) });
    expect(await completions(row.id)).toBe(1);
  });

  it('refund goes through Razorpay with an idempotency key; a retry never refunds twice', async () => {
    const order = await newOrder();
    const paid = fake.pay(order.checkout.orderId);
    await student.client.post('/api/payments/verify', paid);
    const row = await paymentByOrder(t, order.orderId);
    const res = await t.admin.post(`/api/payments/${row.id}/refund`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded' });
    expect(res.json().refundId).toMatch(/^rfnd_/);
    const refundCall = fake.requests.find((r) => r.path === `/v1/payments/${paid.paymentId}/refund`);
    expect(refundCall?.headers['x-refund-idempotency']).toBe(`refund_${row.id.replace(/-/g, '')}`);
    expect(JSON.parse(refundCall?.body ?? '{}')).toMatchObject({ amount: 2_500_000 });
    // The same refund asked again (e.g. a retry after a timeout) is the same refund at Razorpay.
    const { gatewayOf } = await import('./index.ts');
    const again = await gatewayOf(t.ctx).refund({
      orderId: row.orderId,
      gatewayOrderId: row.gatewayOrderId as string,
      gatewayPaymentId: paid.paymentId,
      transactionId: paid.paymentId,
      amountPaise: row.amountPaise,
      idempotencyKey: `refund_${row.id.replace(/-/g, '')}`,
    });
    expect(again.refundId).toBe(res.json().refundId);
    expect([...fake.refunds.values()].filter((r) => r.payment_id === paid.paymentId)).toHaveLength(1);
    expect((await t.admin.post(`/api/payments/${row.id}/refund`)).statusCode).toBe(409);
  });
});

describe('installments through the hosted checkout', () => {
  it('initiate answers a form post to Razorpay; its signed return completes the payment', async () => {
    const { student: s, admission } = await createAdmittedStudent(t, course._id);
    const init = await s.client.post('/api/payments/paytm/initiate', { amount: 5_000, admissionId: admission.id, installmentNumber: 1 });
    expect(init.statusCode).toBe(200);
    const { paymentUrl, params, orderId } = init.json();
    expect(paymentUrl).toBe(`${fake.url}/v1/checkout/embedded`);
    expect(params).toMatchObject({
      key_id: RZP.keyId,
      amount: '500000',
      callback_url: 'http://localhost:3000/api/payments/callback/razorpay',
    });
    const paid = fake.pay(params.order_id);
    const back = await postForm(t, '/api/payments/callback/razorpay', {
      razorpay_order_id: paid.orderId,
      razorpay_payment_id: paid.paymentId,
      razorpay_signature: paid.signature,
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/payment/success?orderId=${orderId}`);
    const tampered = await postForm(t, '/api/payments/callback/razorpay', {
      razorpay_order_id: paid.orderId,
      razorpay_payment_id: paid.paymentId,
      razorpay_signature: 'x',
    });
    expect(tampered.headers.location).toContain('error=callback_failed');
  });
});

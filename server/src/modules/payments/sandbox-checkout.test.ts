import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { mailOutbox, paymentEvents } from '../../db/schema.ts';
import { gatewayOf } from './gateways/index.ts';
import type { SandboxGateway } from './gateways/sandbox.ts';
import { createCourse, paymentByOrder } from './test-fixtures.ts';

// The sandbox gateway's in-app checkout and webhooks: the signed answer verified against the stored
// order, failures, replays and ownership.

let t: TestApp;
let course: { _id: string; name: string; price: number };
beforeAll(async () => {
  t = await createTestApp();
  course = await createCourse(t, 25_000);
});
afterAll(async () => t?.close());

describe('sandbox checkout and verify', () => {
  it('pay → signed answer → verify completes once; a replay changes nothing', async () => {
    const s = await t.createStudent();
    const order = (await s.client.post('/api/payments/orders', { courseId: course._id, couponCode: 'STUDENT10' })).json();
    const answer = await s.client.post(order.checkout.url, { action: 'pay' });
    expect(answer.statusCode).toBe(200);
    const signed = answer.json();
    expect(signed).toMatchObject({ orderId: order.orderId, status: 'paid', error: null });
    expect(signed.signature).toMatch(/^[0-9a-f]{64}$/);

    const verify = await s.client.post('/api/payments/verify', {
      orderId: signed.orderId,
      paymentId: signed.paymentId,
      signature: signed.signature,
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({
      message: 'Payment successful! Course access has been granted.',
      payment: { status: 'completed', amount: 22_500 },
    });
    const receipt = verify.json().payment.receiptNumber as string;
    expect(receipt).toMatch(/^RCT-\d{4}-\d{6}$/);

    const again = await s.client.post('/api/payments/verify', {
      orderId: signed.orderId,
      paymentId: signed.paymentId,
      signature: signed.signature,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().payment.receiptNumber).toBe(receipt);
    const row = await paymentByOrder(t, order.orderId);
    expect(row.status).toBe('completed');
    const events = await t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, row.id));
    expect(events.map((e) => e.toStatus)).toEqual(['pending', 'completed']);
    // The confirmation e-mail the success page promises, once.
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, s.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Payment received: ${receipt}`);
    expect(mails[0].text).toContain('₹22,500.00');
  });

  it('a tampered signature is refused (400) and the payment stays pending', async () => {
    const s = await t.createStudent();
    const order = (await s.client.post('/api/payments/orders', { courseId: course._id })).json();
    const signed = (await s.client.post(order.checkout.url, { action: 'pay' })).json();
    const bad = signed.signature.replace(/^./, (c: string) => (c === 'a' ? 'b' : 'a'));
    const res = await s.client.post('/api/payments/verify', { orderId: signed.orderId, paymentId: signed.paymentId, signature: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Payment completed but verification failed. Please contact support.');
    expect((await paymentByOrder(t, order.orderId)).status).toBe('pending');
    // Another payment id with the same signature does not hold either.
    const other = await s.client.post('/api/payments/verify', {
      orderId: signed.orderId,
      paymentId: 'pay_other',
      signature: signed.signature,
    });
    expect(other.statusCode).toBe(400);
  });

  it('a signature for one order does not complete another', async () => {
    const s = await t.createStudent();
    const a = (await s.client.post('/api/payments/orders', { courseId: course._id })).json();
    const b = (await s.client.post('/api/payments/orders', { courseId: course._id })).json();
    const signedA = (await s.client.post(a.checkout.url, { action: 'pay' })).json();
    const res = await s.client.post('/api/payments/verify', {
      orderId: b.orderId,
      paymentId: signedA.paymentId,
      signature: signedA.signature,
    });
    expect(res.statusCode).toBe(400);
    expect((await paymentByOrder(t, b.orderId)).status).toBe('pending');
  });

  it('fail → the payment is failed, and verify cannot revive it', async () => {
    const s = await t.createStudent();
    const order = (await s.client.post('/api/payments/orders', { courseId: course._id })).json();
    const res = await s.client.post(order.checkout.url, { action: 'fail' });
    expect(res.json()).toMatchObject({ status: 'failed', signature: null, error: { code: 'BAD_REQUEST_ERROR' } });
    expect((await paymentByOrder(t, order.orderId)).status).toBe('failed');
    const pay = await s.client.post(order.checkout.url, { action: 'pay' });
    expect(pay.json().status).toBe('failed');
  });

  it("a student cannot use another student's checkout or verify", async () => {
    const owner = await t.createStudent();
    const other = await t.createStudent();
    const order = (await owner.client.post('/api/payments/orders', { courseId: course._id })).json();
    expect((await other.client.post(order.checkout.url, { action: 'pay' })).statusCode).toBe(404);
    const signed = (await owner.client.post(order.checkout.url, { action: 'pay' })).json();
    expect((await other.client.post('/api/payments/verify', signed)).statusCode).toBe(404);
  });
});

describe('sandbox webhooks', () => {
  it('a signed payment.captured settles the order once; replay, tampering and unknown events change nothing', async () => {
    const s = await t.createStudent();
    const order = (await s.client.post('/api/payments/orders', { courseId: course._id })).json();
    const gateway = gatewayOf(t.ctx) as SandboxGateway;
    // The student paid in the checkout, but the page never called /verify.
    const paid = await gateway.checkoutAction(order.orderId, 'pay');
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: paid.paymentId, order_id: order.orderId, amount: 2_500_000, status: 'captured' } } },
    });
    const post = (payload: string, signature = gateway.signWebhook(payload), eventId = 'evt_1') =>
      t.inject({
        method: 'POST',
        url: '/api/payments/webhooks/sandbox',
        payload,
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature, 'x-sandbox-event-id': eventId },
      });
    expect((await post(body, 'bad')).statusCode).toBe(400);
    expect((await paymentByOrder(t, order.orderId)).status).toBe('pending');
    expect((await post(body)).json()).toEqual({ status: 'processed' });
    expect((await post(body)).json()).toEqual({ status: 'duplicate' });
    expect((await post(body, undefined, 'evt_2')).json()).toEqual({ status: 'processed' });
    const row = await paymentByOrder(t, order.orderId);
    expect(row.status).toBe('completed');
    const events = await t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, row.id));
    expect(events.filter((e) => e.toStatus === 'completed')).toHaveLength(1);
    expect((await post(JSON.stringify({ event: 'account.updated' }), undefined, 'evt_3')).statusCode).toBe(200);
    expect((await post('not json', undefined, 'evt_4')).statusCode).toBe(400);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/api/payments/webhooks/razorpay',
          payload: body,
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

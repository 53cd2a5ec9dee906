import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYTM, startFakePaytm } from '../../../../test/fake-gateways/paytm.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { paymentEvents } from '../../../db/schema.ts';
import { reconcilePendingPayments } from '../reconciler.ts';
import { createAdmittedStudent, createCourse, paymentByOrder, postForm } from '../test-fixtures.ts';

// The Paytm adapter against a fake Paytm on loopback (PAYMENT_GATEWAY=paytm): initiate, form post,
// callback checksum, then the status API confirms order id and amount; refunds by refId.

let fake: Awaited<ReturnType<typeof startFakePaytm>>;
let t: TestApp;
let course: { _id: string; name: string };

beforeAll(async () => {
  fake = await startFakePaytm();
  t = await createTestApp({
    PAYMENT_GATEWAY: 'paytm',
    PAYTM_MID: PAYTM.mid,
    PAYTM_MERCHANT_KEY: PAYTM.merchantKey,
    PAYTM_WEBSITE: PAYTM.website,
    PAYTM_API_URL: fake.url,
  });
  course = await createCourse(t, 40_000);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function initiate(amount = 10_000, installmentNumber = 1) {
  const { student, admission } = await createAdmittedStudent(t, course._id);
  const res = await student.client.post('/api/payments/paytm/initiate', {
    amount,
    admissionId: admission.admissionNumber,
    installmentNumber,
  });
  expect(res.statusCode).toBe(200);
  return { student, admission, ...(res.json() as { orderId: string; paymentUrl: string; params: Record<string, string> }) };
}
const callback = (fields: Record<string, string>) => postForm(t, '/api/payments/callback/paytm', fields);
const completions = async (paymentId: string) =>
  (await t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId))).filter((e) => e.toStatus === 'completed')
    .length;

describe('initiate', () => {
  it('signs initiateTransaction and answers the form post to showPaymentPage', async () => {
    const { orderId, paymentUrl, params } = await initiate(12_345.5);
    expect(paymentUrl).toBe(`${fake.url}/theia/api/v1/showPaymentPage?mid=${PAYTM.mid}&orderId=${orderId}`);
    expect(params).toEqual({ mid: PAYTM.mid, orderId, txnToken: fake.txns.get(orderId)?.token });
    const sent = JSON.parse(
      fake.requests.find((r) => r.path === '/theia/api/v1/initiateTransaction' && r.query.get('orderId') === orderId)?.body ?? '{}',
    );
    expect(sent.body).toMatchObject({
      requestType: 'Payment',
      mid: PAYTM.mid,
      websiteName: PAYTM.website,
      orderId,
      callbackUrl: 'http://localhost:3000/api/payments/callback/paytm',
      txnAmount: { value: '12345.50', currency: 'INR' },
    });
  });

  it('a refused initiation is a 502 with the spec message and creates no payment', async () => {
    const { student, admission } = await createAdmittedStudent(t, course._id);
    fake.control.refuseNextInitiate = true;
    const res = await student.client.post('/api/payments/paytm/initiate', { amount: 1, admissionId: admission.id, installmentNumber: 1 });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Payment initiation failed');
    expect((await student.client.get('/api/payments/history')).json()).toEqual([]);
  });
});

describe('callback', () => {
  it('good callback → status API confirms → completed; the replay changes nothing', async () => {
    const { orderId } = await initiate(10_000, 2);
    const fields = fake.pay(orderId);
    const statusCalls = () =>
      fake.requests.filter((r) => r.path === '/v3/order/status' && JSON.parse(r.body).body.orderId === orderId).length;
    const res = await callback(fields);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/payment/success?orderId=${orderId}`);
    expect(statusCalls()).toBe(1);
    const row = await paymentByOrder(t, orderId);
    expect(row).toMatchObject({ status: 'completed', transactionId: fields.TXNID, installmentNumber: 2 });
    expect((await callback(fields)).headers.location).toBe(`/payment/success?orderId=${orderId}`);
    expect(await completions(row.id)).toBe(1);
  });

  it('a tampered checksum → callback_failed, still pending, and the status API is not even asked', async () => {
    const { orderId } = await initiate();
    const fields = fake.pay(orderId);
    const res = await callback({ ...fields, TXNAMOUNT: '1.00' });
    expect(res.headers.location).toBe(`/payment/failed?orderId=${orderId}&error=callback_failed`);
    expect(fake.requests.filter((r) => r.path === '/v3/order/status' && r.body.includes(orderId))).toHaveLength(0);
    expect((await paymentByOrder(t, orderId)).status).toBe('pending');
  });

  it('a signed callback with the wrong amount → refused', async () => {
    const { orderId } = await initiate(10_000);
    const fields = fake.pay(orderId, { amount: '10.00' });
    const res = await callback(fields);
    expect(res.headers.location).toContain('error=callback_failed');
    expect((await paymentByOrder(t, orderId)).status).toBe('pending');
  });

  it('a callback that claims the right amount while the status API reports another → refused', async () => {
    const { orderId } = await initiate(10_000);
    const lying = fake.sign({ ...fake.pay(orderId, { amount: '10.00' }), TXNAMOUNT: '10000.00' });
    const res = await callback(lying);
    expect(res.headers.location).toContain('error=callback_failed');
    expect((await paymentByOrder(t, orderId)).status).toBe('pending');
  });

  it('an unknown order → callback_failed', async () => {
    const res = await callback(fake.sign({ MID: PAYTM.mid, ORDERID: 'ORD_0_NOPE', TXNID: '1', TXNAMOUNT: '1.00', STATUS: 'TXN_SUCCESS' }));
    expect(res.headers.location).toBe('/payment/failed?orderId=ORD_0_NOPE&error=callback_failed');
  });

  it('a failed payment → failed with the gateway message', async () => {
    const { orderId, student } = await initiate();
    const res = await callback(fake.fail(orderId));
    expect(res.headers.location).toBe(`/payment/failed?orderId=${orderId}&error=payment_failed`);
    const status = (await student.client.get(`/api/payments/status/${orderId}`)).json();
    expect(status).toMatchObject({
      status: 'failed',
      transactionDetails: { responseMessage: 'Your payment has been declined by your bank.' },
    });
  });
});

describe('webhook, reconciler, refund', () => {
  it('the payment notification (urlencoded, checksummed) settles once; its replay is a duplicate', async () => {
    const { orderId } = await initiate();
    const fields = fake.pay(orderId);
    const post = (body: string) =>
      t.inject({
        method: 'POST',
        url: '/api/payments/webhooks/paytm',
        payload: body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const body = new URLSearchParams(fields).toString();
    expect((await post(body)).json()).toEqual({ status: 'processed' });
    expect((await post(body)).json()).toEqual({ status: 'duplicate' });
    expect((await post(body.replace('TXN_SUCCESS', 'TXN_FAILURE'))).statusCode).toBe(400);
    const row = await paymentByOrder(t, orderId);
    expect(row.status).toBe('completed');
    expect(await completions(row.id)).toBe(1);
  });

  it('a lost callback is settled by the reconciler; an unpaid order stays pending', async () => {
    const paid = await initiate();
    const unpaid = await initiate();
    fake.pay(paid.orderId);
    await reconcilePendingPayments(t.ctx, { now: new Date(Date.now() + 3 * 60_000) });
    expect((await paymentByOrder(t, paid.orderId)).status).toBe('completed');
    expect((await paymentByOrder(t, unpaid.orderId)).status).toBe('pending');
    // A day later the unpaid order is closed as cancelled (abandoned: no money, nothing pending).
    await reconcilePendingPayments(t.ctx, { now: new Date(Date.now() + 25 * 60 * 60_000) });
    expect((await paymentByOrder(t, unpaid.orderId)).status).toBe('cancelled');
  });

  it('refund by refId through /refund/apply; asking again does not raise a second refund', async () => {
    const { orderId } = await initiate(2_000);
    await callback(fake.pay(orderId));
    const row = await paymentByOrder(t, orderId);
    const res = await t.admin.post(`/api/payments/${row.id}/refund`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded' });
    const call = JSON.parse(fake.requests.find((r) => r.path === '/refund/apply')?.body ?? '{}');
    expect(call.body).toMatchObject({
      mid: PAYTM.mid,
      txnType: 'REFUND',
      orderId,
      txnId: row.transactionId,
      refId: `refund_${row.id.replace(/-/g, '')}`,
      refundAmount: '2000.00',
    });
    const { gatewayOf } = await import('./index.ts');
    const again = await gatewayOf(t.ctx).refund({
      orderId,
      gatewayOrderId: orderId,
      gatewayPaymentId: row.transactionId,
      transactionId: row.transactionId,
      amountPaise: row.amountPaise,
      idempotencyKey: `refund_${row.id.replace(/-/g, '')}`,
    });
    expect(again.state).toBe('pending');
    expect([...fake.refunds.values()].filter((r) => r.orderId === orderId)).toHaveLength(1);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { paymentEvents } from '../../db/schema.ts';
import { createAdmittedStudent, createCourse, formsOf, paymentByOrder, postForm } from './test-fixtures.ts';

// Installment (course) payment on the sandbox gateway: POST /api/payments/paytm/initiate, the hosted
// page, the signed form-post callback and the student's payment summary.

let t: TestApp;
let course: { _id: string; name: string; price: number };
beforeAll(async () => {
  t = await createTestApp();
  course = await createCourse(t, 40_000);
});
afterAll(async () => t?.close());

async function initiate(
  client: Awaited<ReturnType<TestApp['createStudent']>>['client'],
  admissionId: string,
  amount: unknown,
  installmentNumber: unknown = 1,
) {
  return client.post('/api/payments/paytm/initiate', { amount, admissionId, installmentNumber });
}

/** Initiate → hosted page → the chosen button's form → callback; answers the callback response. */
async function payThroughHostedPage(
  client: Parameters<typeof initiate>[0],
  admissionId: string,
  amount: number,
  button: 'Pay' | 'Fail' | 'Cancel',
  n = 1,
) {
  const init = await initiate(client, admissionId, amount, n);
  expect(init.statusCode).toBe(200);
  const { paymentUrl, params, orderId } = init.json();
  const page = await postForm(t, paymentUrl, params);
  expect(page.statusCode).toBe(200);
  const forms = formsOf(page.body);
  const callback = await postForm(t, '/api/payments/callback/sandbox', forms[button]);
  return { orderId, callback, forms };
}

describe('initiate', () => {
  it('answers {success, paymentUrl, params} and creates one pending installment payment', async () => {
    const { student, admission } = await createAdmittedStudent(t, course._id);
    const res = await initiate(student.client, admission.admissionNumber as string, 10_000, 2);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, paymentUrl: '/api/payments/sandbox/hosted' });
    expect(body.params).toMatchObject({ orderId: body.orderId, amount: '10000.00' });
    expect(body.params.signature).toMatch(/^[0-9a-f]{64}$/);
    const row = await paymentByOrder(t, body.orderId);
    expect(row).toMatchObject({
      kind: 'installment',
      status: 'pending',
      amountPaise: 1_000_000,
      installmentNumber: 2,
      admissionId: admission.id,
    });
    // The admission's uuid is accepted as well as its number.
    expect((await initiate(student.client, admission.id, 100)).statusCode).toBe(200);
  });

  it.each([[0], [-5], [''], ['abc'], [null], [10.001]])('refuses the amount %j with the spec message', async (amount) => {
    const { student, admission } = await createAdmittedStudent(t, course._id);
    const res = await initiate(student.client, admission.id, amount);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid amount');
  });

  it('refuses more than the fees still due', async () => {
    const { student, admission } = await createAdmittedStudent(t, course._id);
    const above = await initiate(student.client, admission.id, 40_000.01);
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toMatch(/^Please enter a valid amount/);
    expect(above.json().fields.amount).toBeTruthy();
    expect((await initiate(student.client, admission.id, 40_000)).statusCode).toBe(200);
    // After paying 30000 only 10000 is due.
    const { callback } = await payThroughHostedPage(student.client, admission.id, 30_000, 'Pay');
    expect(callback.statusCode).toBe(303);
    expect((await initiate(student.client, admission.id, 10_000.5)).statusCode).toBe(400);
    expect((await initiate(student.client, admission.id, 10_000)).statusCode).toBe(200);
  });

  it('refuses an installment number outside 1..4, and an admission that is not the student’s', async () => {
    const { student, admission } = await createAdmittedStudent(t, course._id);
    const other = await createAdmittedStudent(t, course._id);
    expect((await initiate(student.client, admission.id, 100, 5)).statusCode).toBe(400);
    expect((await initiate(student.client, admission.id, 100, 0)).statusCode).toBe(400);
    expect((await initiate(student.client, other.admission.id, 100)).statusCode).toBe(404);
    const lone = await t.createStudent();
    expect((await initiate(lone.client, admission.id, 100)).statusCode).toBe(404);
  });
});

describe('hosted page and callback', () => {
  it('the hosted page shows the order, the amount and Pay / Fail / Cancel, with no script', async () => {
    const { student, admission } = await createAdmittedStudent(t, course._id);
    const { paymentUrl, params } = (await initiate(student.client, admission.id, 1234.5)).json();
    const page = await postForm(t, paymentUrl, params);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Sandbox payment gateway');
    expect(page.body).toContain(params.orderId);
    expect(page.body).toContain('1,234.50');
    expect(page.body).not.toMatch(/<script/i);
    expect(Object.keys(formsOf(page.body))).toEqual(['Pay', 'Fail', 'Cancel']);
    // Tampered params: no page.
    expect((await postForm(t, paymentUrl, { ...params, amount: '1.00' })).statusCode).toBe(400);
  });

  it('Pay → 303 to /payment/success; the status record is complete; a replay changes nothing', async () => {
    const { student, admission } = await createAdmittedStudent(t, course._id);
    const { orderId, callback, forms } = await payThroughHostedPage(student.client, admission.id, 5_000, 'Pay', 3);
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe(`/payment/success?orderId=${orderId}`);
    const status = (await student.client.get(`/api/payments/status/${orderId}`)).json();
    expect(status).toMatchObject({
      orderId,
      amount: 5_000,
      status: 'completed',
      admission: { course: { name: course.name } },
      transactionDetails: { installmentNumber: 3, responseMessage: 'Txn Success' },
    });
    expect(status.transactionId).toBe(forms.Pay.TXNID);
    expect(status.paymentDate).toBeTruthy();

    const row = await paymentByOrder(t, orderId);
    const replay = await postForm(t, '/api/payments/callback/sandbox', forms.Pay);
    expect(replay.headers.location).toBe(`/payment/success?orderId=${orderId}`);
    // A later Fail or Cancel of the same order cannot move it back.
    await postForm(t, '/api/payments/callback/sandbox', forms.Fail);
    await postForm(t, '/api/payments/callback/sandbox', forms.Cancel);
    const after = await paymentByOrder(t, orderId);
    expect(after.status).toBe('completed');
    expect(after.receiptNumber).toBe(row.receiptNumber);
    const events = await t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, row.id));
    expect(events.filter((e) => e.toStatus === 'completed' && e.fromStatus === 'pending')).toHaveLength(1);
  });

  it('Fail → /payment/failed with an error code; Cancel → cancelled with error=cancelled', async () => {
    const { student, admission } = await createAdmittedStudent(t, course._id);
    const fail = await payThroughHostedPage(student.client, admission.id, 100, 'Fail');
    expect(fail.callback.headers.location).toBe(`/payment/failed?orderId=${fail.orderId}&error=payment_failed`);
    const failed = (await student.client.get(`/api/payments/status/${fail.orderId}`)).json();
    expect(failed).toMatchObject({
      status: 'failed',
      transactionDetails: { responseMessage: 'Your payment has been declined by your bank.' },
    });
    // Pay after Fail: the order stays failed (state only moves forward).
    const late = await postForm(t, '/api/payments/callback/sandbox', fail.forms.Pay);
    expect(late.headers.location).toContain('/payment/failed');
    expect((await paymentByOrder(t, fail.orderId)).status).toBe('failed');

    const cancel = await payThroughHostedPage(student.client, admission.id, 100, 'Cancel');
    expect(cancel.callback.headers.location).toBe(`/payment/failed?orderId=${cancel.orderId}&error=cancelled`);
    expect((await paymentByOrder(t, cancel.orderId)).status).toBe('cancelled');
  });

  it('a tampered callback, a wrong amount or an unknown order → callback_failed, nothing changes', async () => {
    const { student, admission } = await createAdmittedStudent(t, course._id);
    const { paymentUrl, params, orderId } = (await initiate(student.client, admission.id, 700)).json();
    const forms = formsOf((await postForm(t, paymentUrl, params)).body);
    const cases = [
      { ...forms.Pay, CHECKSUMHASH: forms.Pay.CHECKSUMHASH.replace(/^./, (c) => (c === '0' ? '1' : '0')) },
      { ...forms.Pay, TXNAMOUNT: '1.00' },
      { ...forms.Pay, ORDERID: 'ORD_1_UNKNOWN' },
      { ...forms.Pay, STATUS: 'TXN_SUCCESS', CHECKSUMHASH: '' },
      {},
    ];
    for (const fields of cases) {
      const res = await postForm(t, '/api/payments/callback/sandbox', fields);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toMatch(/^\/payment\/failed\?orderId=.*&error=callback_failed$/);
    }
    expect((await paymentByOrder(t, orderId)).status).toBe('pending');
    // The real one still works afterwards.
    const ok = await postForm(t, '/api/payments/callback/sandbox', forms.Pay);
    expect(ok.headers.location).toBe(`/payment/success?orderId=${orderId}`);
  });

  it('a callback for another gateway is refused', async () => {
    const res = await postForm(t, '/api/payments/callback/paytm', { ORDERID: 'x' });
    expect(res.headers.location).toBe('/payment/failed?orderId=x&error=callback_failed');
  });
});

describe('payment summary', () => {
  it('no approved admission → 404 with a message', async () => {
    const s = await t.createStudent();
    const res = await s.client.get('/api/payments/student');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No approved admission found for your account.');
  });

  it('totals, status and installments follow completed payments only', async () => {
    const approvedAt = new Date();
    const { student, admission } = await createAdmittedStudent(t, course._id, approvedAt);
    const fresh = (await student.client.get('/api/payments/student')).json();
    expect(fresh).toMatchObject({
      admissionId: admission.id,
      course: { name: course.name, feeType: 'full' },
      totalFees: 40_000,
      paidAmount: 0,
      pendingAmount: 40_000,
      paymentStatus: 'unpaid',
    });
    expect(fresh.installments.map((i: { amount: number; status: string }) => [i.amount, i.status])).toEqual([
      [10_000, 'pending'],
      [10_000, 'pending'],
      [10_000, 'pending'],
      [10_000, 'pending'],
    ]);
    await payThroughHostedPage(student.client, admission.id, 10_000, 'Pay', 1);
    await payThroughHostedPage(student.client, admission.id, 9_000, 'Fail', 2);
    await initiate(student.client, admission.id, 5_000, 2); // pending: does not count
    const partial = (await student.client.get('/api/payments/student')).json();
    expect(partial).toMatchObject({ paidAmount: 10_000, pendingAmount: 30_000, paymentStatus: 'partial' });
    expect(partial.installments[0]).toMatchObject({ installmentNumber: 1, status: 'paid' });
    expect(partial.installments[0].paidDate).toBeTruthy();
    expect(partial.installments[1]).toMatchObject({ status: 'pending', paidDate: null });

    await payThroughHostedPage(student.client, admission.id, 30_000, 'Pay', 4);
    const done = (await student.client.get('/api/payments/student')).json();
    expect(done).toMatchObject({ paidAmount: 40_000, pendingAmount: 0, paymentStatus: 'completed' });
    expect(done.installments.every((i: { status: string }) => i.status === 'paid')).toBe(true);
    // Paid in full: 409 with the order routes' message (docs/architecture.md, "Contract details").
    const again = await initiate(student.client, admission.id, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`The fee for ${course.name} is already paid: nothing is due for it.`);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, paymentEvents, payments } from '../../src/db/schema.ts';
import { gatewayOf } from '../../src/modules/payments/gateways/index.ts';
import type { SandboxGateway } from '../../src/modules/payments/gateways/sandbox.ts';
import { createAdmittedStudent, createCourse, formsOf, paymentByOrder, postForm } from '../../src/modules/payments/test-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

// Fault test "Payment callbacks and webhooks delivered three times each, interleaved with the browser's
// own verification call": every delivery is fired at once, in a shuffled order, and the order must end
// with exactly one completed payment, one 'completed' history entry, one receipt and one mail.
// The race is sharpest on PostgreSQL, where the deliveries run on separate connections (a guard
// removed from the payment transition fails this test there); the embedded database has one
// connection and serves them in turn.

let t: TestApp;
let gateway: SandboxGateway;
beforeAll(async () => {
  t = await createTestApp();
  gateway = gatewayOf(t.ctx) as SandboxGateway;
});
afterAll(async () => t?.close());

function webhook(orderId: string, paymentId: string, amountPaise: number, eventId: string) {
  const payload = JSON.stringify({
    event: 'payment.captured',
    payload: { payment: { entity: { id: paymentId, order_id: orderId, amount: amountPaise, status: 'captured' } } },
  });
  return () =>
    t.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      payload,
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': gateway.signWebhook(payload),
        'x-sandbox-event-id': eventId,
      },
    });
}

function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

async function settledOnce(orderId: string, studentEmail: string) {
  const row = await paymentByOrder(t, orderId);
  expect(row.status).toBe('completed');
  const events = await t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, row.id));
  expect(events.filter((e) => e.toStatus === 'completed')).toHaveLength(1);
  const sameOrder = await t.ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId)));
  expect(sameOrder).toHaveLength(1);
  const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, studentEmail));
  expect(mails.filter((m) => m.subject.startsWith('Payment received'))).toHaveLength(1);
  return row;
}

describe('a course fee: three verify calls from the browser and the same webhook three times, at once', () => {
  it('ends with one completed payment and one receipt', async () => {
    const course = await createCourse(t, 12_000);
    for (let round = 0; round < 3; round++) {
      const s = await t.createStudent();
      const order = (await s.client.post('/api/payments/orders', { courseId: course._id })).json();
      const paid = await gateway.checkoutAction(order.orderId, 'pay');
      const verify = () =>
        s.client.post('/api/payments/verify', { orderId: paid.orderId, paymentId: paid.paymentId, signature: paid.signature });
      const hook = webhook(order.orderId, paid.paymentId as string, 1_200_000, `evt_${order.orderId}`);
      const answers = await Promise.all(shuffled([verify, verify, verify, hook, hook, hook]).map((send) => send()));

      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      const verified = answers.filter((a) => a.json().payment).map((a) => a.json().payment.receiptNumber);
      expect(verified).toHaveLength(3);
      expect(new Set(verified).size).toBe(1);
      const hooks = answers.filter((a) => !a.json().payment).map((a) => a.json().status);
      expect(hooks.sort()).toEqual(['duplicate', 'duplicate', 'processed']);
      const row = await settledOnce(order.orderId, s.email);
      expect(row.receiptNumber).toBe(verified[0]);
    }
  });
});

describe('an installment: the form-post callback three times, the webhook three times and the status page, at once', () => {
  it('ends with one completed installment, counted once in the summary', async () => {
    const course = await createCourse(t, 30_000);
    for (let round = 0; round < 3; round++) {
      const { student, admission } = await createAdmittedStudent(t, course._id);
      const init = await student.client.post('/api/payments/paytm/initiate', {
        amount: 7_000,
        admissionId: admission.id,
        installmentNumber: 1,
      });
      expect(init.statusCode).toBe(200);
      const { paymentUrl, params, orderId } = init.json();
      const forms = formsOf((await postForm(t, paymentUrl, params)).body);
      const callback = () => postForm(t, '/api/payments/callback/sandbox', forms.Pay);
      const hook = webhook(orderId, forms.Pay.TXNID, 700_000, `evt_${orderId}_${round}`);
      const status = () => student.client.get(`/api/payments/status/${orderId}`);
      const answers = await Promise.all(shuffled([callback, callback, callback, hook, hook, hook, status, status]).map((send) => send()));

      for (const a of answers) expect(a.statusCode, a.body).toBeLessThan(400);
      for (const a of answers.filter((a) => a.statusCode === 303)) {
        expect(a.headers.location).toBe(`/payment/success?orderId=${orderId}`);
      }
      expect(answers.filter((a) => a.statusCode === 303)).toHaveLength(3);
      await settledOnce(orderId, student.email);
      expect((await student.client.get(`/api/payments/status/${orderId}`)).json().status).toBe('completed');
      const summary = (await student.client.get('/api/payments/student')).json();
      expect(summary).toMatchObject({ paidAmount: 7_000, pendingAmount: 23_000, paymentStatus: 'partial' });
    }
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@app/common';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { auditLog } from '../../db/schema.ts';
import { gatewayOf } from './gateways/index.ts';
import type { SandboxGateway } from './gateways/sandbox.ts';
import { reconcilePendingPayments } from './reconciler.ts';
import { createAdmittedStudent, createCourse, formsOf, istToday, paymentByOrder, postForm } from './test-fixtures.ts';

// The counter and the student's own online payment for the same fee (docs/product.md, "Counter payments
// and collections"): the counter sees the pending online order, and a capture that takes the fees past
// what is owed is flagged for refund on the payment's page and in the collection report.

let t: TestApp;
let course: { _id: string; name: string; price: number };
beforeAll(async () => {
  t = await createTestApp();
  course = await createCourse(t, 25_000);
});
afterAll(async () => t?.close());

type Student = Awaited<ReturnType<typeof createAdmittedStudent>>['student'];
const sandbox = () => gatewayOf(t.ctx) as SandboxGateway;

const cash = (studentId: string, amount = 25_000, extra: Record<string, unknown> = {}) =>
  t.admin.post('/api/payments/counter', { studentId, amount, method: 'cash', receivedAt: istToday(), centre: 'dumdum', ...extra });

async function onlineOrder(s: Student) {
  const res = await s.client.post('/api/payments/orders', { courseId: course._id });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { paymentId: string; orderId: string; checkout: { url: string } };
}

/** The student pays in the sandbox checkout and the page sends its signed answer to /verify. */
async function payAndVerify(s: Student, order: { orderId: string; checkout: { url: string } }) {
  const signed = (await s.client.post(order.checkout.url, { action: 'pay' })).json();
  return s.client.post('/api/payments/verify', { orderId: signed.orderId, paymentId: signed.paymentId, signature: signed.signature });
}

const summaryOf = async (s: Student) => (await s.client.get('/api/payments/student')).json();
const detailOf = async (paymentId: string) => (await t.admin.get(`/api/payments/${paymentId}`)).json();

describe('a pending online order and the counter', () => {
  it('the reproduction: a full fee at the counter while the online order is pending, then the capture, never takes ₹50,000 unflagged', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    const order = await onlineOrder(student);
    const counter = await cash(student.id);
    expect((await payAndVerify(student, order)).statusCode).toBe(200);
    const payments = (await t.admin.get('/api/payments'))
      .json()
      .filter((p: { studentId: { _id: string } | null }) => p.studentId?._id === student.id);
    let flagged = 0;
    for (const p of payments) for (const c of (await detailOf(p._id)).extraCaptures) flagged += c.amount;
    const { paidAmount } = await summaryOf(student);
    expect(paidAmount - flagged).toBeLessThanOrEqual(25_000);
    expect(counter.statusCode).toBe(409);
  });

  it('the counter refuses the full fee while the student’s online order is pending, naming the order', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    const order = await onlineOrder(student);
    const row = await paymentByOrder(t, order.orderId);
    const res = await cash(student.id);
    expect(res.statusCode, res.body).toBe(409);
    const { message } = res.json();
    expect(message).toContain(order.orderId);
    expect(message).toContain('₹25,000');
    expect(message).toContain(formatDateTime(row.createdAt));
    // Nothing was written: the student still owes the fee and the online order is still open.
    expect((await summaryOf(student)).paidAmount).toBe(0);
    expect((await paymentByOrder(t, order.orderId)).status).toBe('pending');
  });

  it('the counter answer lists the pending online order with the fee owed and the next installment', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    const order = await onlineOrder(student);
    const res = await t.admin.get(`/api/payments/counter/students/${student.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      centre: 'dumdum',
      owed: 25_000,
      nextDue: { installmentNumber: 1, amount: 6_250, dueDate: istToday() },
      pendingOnline: [{ orderId: order.orderId, amount: 25_000, course: course.name, createdAt: expect.any(String) }],
    });
    expect((await student.client.get(`/api/payments/counter/students/${student.id}`)).statusCode).toBe(403);
  });

  it('confirmed, the counter cancels the online order in its own transaction (audited); a later capture is flagged for refund', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    const order = await onlineOrder(student);
    const counter = await cash(student.id, 25_000, { confirmPendingOnline: true });
    expect(counter.statusCode, counter.body).toBe(201);
    const online = await paymentByOrder(t, order.orderId);
    expect(online.status).toBe('cancelled');
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, online.id), eq(auditLog.action, 'payment.cancelled')));
    expect(audit).toHaveLength(1);
    expect(audit[0].actorLabel).toContain('admin@test.local');
    expect((await detailOf(online.id)).history.at(-1).note).toMatch(/^Cancelled at the counter/);

    // The student had the checkout open and pays after all: the gateway takes the money, so the payment
    // completes, and what it brought beyond the fee is flagged for refund.
    const verified = await payAndVerify(student, order);
    expect(verified.statusCode, verified.body).toBe(200);
    const detail = await detailOf(online.id);
    expect(detail.status).toBe('completed');
    expect(detail.extraCaptures).toEqual([
      { reason: 'overpaid', gatewayPaymentId: detail.razorpayPaymentId, amount: 25_000, when: expect.any(String) },
    ]);
    expect(detail.history.at(-1).note).toMatch(/more than was owed.*flagged for refund/);
    expect((await summaryOf(student)).pendingAmount).toBe(0);

    // The collection report shows it: screen (JSON), CSV and PDF.
    const report = (await t.admin.get(`/api/payments/collections?from=${istToday()}&to=${istToday()}`)).json();
    const line = report.payments.find((p: { _id: string }) => p._id === online.id);
    expect(line).toMatchObject({ amount: 25_000, toRefund: 25_000 });
    expect(report.payments.find((p: { _id: string }) => p._id === counter.json()._id)).toMatchObject({ toRefund: 0 });
    expect(report.toRefund.amount).toBeGreaterThanOrEqual(25_000);
    const csv = await t.admin.get(`/api/payments/collections?from=${istToday()}&to=${istToday()}&format=csv`);
    expect(csv.body.split('\r\n')[0]).toContain('To refund (INR)');
    const csvLine = csv.body.split('\r\n').find((l) => l.includes(detail.receiptNumber));
    expect(csvLine).toMatch(/25000\.00,25000\.00$/);
    const pdf = await pdfText((await t.admin.get(`/api/payments/collections?from=${istToday()}&to=${istToday()}&format=pdf`)).rawPayload);
    expect(pdf).toContain('To refund');

    // Refunding what was paid beyond the fee clears the flag.
    expect((await t.admin.post(`/api/payments/${online.id}/refund`, { amount: 25_000 })).statusCode).toBe(200);
    const after = (await t.admin.get(`/api/payments/collections?from=${istToday()}&to=${istToday()}`)).json();
    expect(after.payments.find((p: { _id: string }) => p._id === online.id)).toBeUndefined();
  });

  it('the capture first (its callback lost): the counter asks the gateway, the order completes and nothing more is owed', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    const order = await onlineOrder(student);
    await sandbox().checkoutAction(order.orderId, 'pay');
    const res = await cash(student.id, 25_000, { confirmPendingOnline: true });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('This student owes nothing');
    expect((await paymentByOrder(t, order.orderId)).status).toBe('completed');
    expect(await summaryOf(student)).toMatchObject({ paidAmount: 25_000, pendingAmount: 0 });
    expect((await detailOf(order.paymentId)).extraCaptures).toEqual([]);
  });

  it('the counter and the capture at the same moment: whichever goes first, nothing past the fee is left unflagged', async () => {
    for (let i = 0; i < 3; i++) {
      const { student } = await createAdmittedStudent(t, course._id);
      const order = await onlineOrder(student);
      const [counter, verified] = await Promise.all([
        cash(student.id, 25_000, { confirmPendingOnline: true }),
        payAndVerify(student, order),
      ]);
      expect([201, 409], counter.body).toContain(counter.statusCode);
      expect(verified.statusCode, verified.body).toBe(200);
      const { paidAmount } = await summaryOf(student);
      const flagged = (await detailOf(order.paymentId)).extraCaptures.reduce((s: number, c: { amount: number }) => s + c.amount, 0);
      expect(paidAmount - flagged).toBe(25_000);
    }
  });

  it('a counter payment that leaves room for the online order needs no confirmation', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    const res = await student.client.post('/api/payments/paytm/initiate', {
      amount: 5_000,
      admissionId: (await summaryOf(student)).admissionId,
      installmentNumber: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const counter = await cash(student.id, 20_000);
    expect(counter.statusCode, counter.body).toBe(201);
    expect((await paymentByOrder(t, res.json().orderId)).status).toBe('pending');
  });
});

describe('every way a capture arrives flags what goes past the fee', () => {
  /** A student whose fee was paid at the counter after their online order was cancelled there. */
  async function cancelledAtCounter() {
    const { student, admission } = await createAdmittedStudent(t, course._id);
    const order = await onlineOrder(student);
    expect((await cash(student.id, 25_000, { confirmPendingOnline: true })).statusCode).toBe(201);
    await sandbox().checkoutAction(order.orderId, 'pay');
    return { student, admission, order };
  }
  const flagsOf = async (paymentId: string) =>
    (await detailOf(paymentId)).extraCaptures.map((c: { reason: string; amount: number }) => [c.reason, c.amount]);

  it('the webhook', async () => {
    const { order } = await cancelledAtCounter();
    const row = await paymentByOrder(t, order.orderId);
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_hook', order_id: order.orderId, amount: 2_500_000, status: 'captured' } } },
    });
    const res = await t.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': sandbox().signWebhook(body), 'x-sandbox-event-id': 'evt_over' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await flagsOf(row.id)).toEqual([['overpaid', 25_000]]);
  });

  it('the reconciler', async () => {
    const { order } = await cancelledAtCounter();
    await reconcilePendingPayments(t.ctx, { now: new Date(Date.now() + 15 * 60_000) });
    expect(await flagsOf(order.paymentId)).toEqual([['overpaid', 25_000]]);
  });

  it('an admin’s Verify', async () => {
    const { order } = await cancelledAtCounter();
    const res = await t.admin.patch(`/api/payments/${order.paymentId}/verify`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().extraCaptures.map((c: { reason: string }) => c.reason)).toEqual(['overpaid']);
  });

  it('the hosted page’s callback, for an installment', async () => {
    const { student, admission } = await createAdmittedStudent(t, course._id);
    const init = (
      await student.client.post('/api/payments/paytm/initiate', { amount: 10_000, admissionId: admission.id, installmentNumber: 1 })
    ).json();
    expect((await cash(student.id, 25_000, { confirmPendingOnline: true })).statusCode).toBe(201);
    const page = await postForm(t, init.paymentUrl, init.params);
    const callback = await postForm(t, '/api/payments/callback/sandbox', formsOf(page.body).Pay);
    expect(callback.statusCode).toBe(303);
    expect(await flagsOf((await paymentByOrder(t, init.orderId)).id)).toEqual([['overpaid', 10_000]]);
  });

  it('a capture that only partly passes the fee flags the part beyond it', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    expect((await cash(student.id, 5_000)).statusCode).toBe(201);
    // The fee page's order is for the whole fee, whatever was paid at the counter.
    const order = await onlineOrder(student);
    expect((await payAndVerify(student, order)).statusCode).toBe(200);
    expect(await flagsOf(order.paymentId)).toEqual([['overpaid', 5_000]]);
  });
});

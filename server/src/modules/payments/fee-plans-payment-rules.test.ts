import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { approveRequestFor, createCourse, istToday, summaryOf } from './test-fixtures.ts';

// Fee plans per course (docs/product.md section 11, "Fee plans"): every payment rule with a plan of 1, 3 or 12 installments.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('every payment rule with a plan of 1, 3 or 12 installments', () => {
  for (const installments of [1, 3, 12]) {
    it(`${installments} installment${installments > 1 ? 's' : ''}: installment bound, counter bound, orders and coupons`, async () => {
      const course = await createCourse(t, 12_000, { feePlan: { installments } });
      const { client, admission, studentId } = await approveRequestFor(t, course._id);
      const part = 12_000 / installments;

      // The installment number must be one of the plan's; the amount at most what is still due.
      const outOfPlan = await client.post('/api/payments/paytm/initiate', {
        amount: 100,
        admissionId: admission.id,
        installmentNumber: installments + 1,
      });
      expect(outOfPlan.statusCode).toBe(400);
      expect(outOfPlan.json().fields.installmentNumber).toMatch(/^Please choose an installment/);
      const above = await client.post('/api/payments/paytm/initiate', {
        amount: 12_000.01,
        admissionId: admission.id,
        installmentNumber: installments,
      });
      expect(above.statusCode).toBe(400);
      expect(above.json().fields.amount).toBe('Please enter a valid amount: at most ₹12,000 is still due');
      const last = await client.post('/api/payments/paytm/initiate', {
        amount: part,
        admissionId: admission.id,
        installmentNumber: installments,
      });
      expect(last.statusCode, last.body).toBe(200);

      // The counter takes the first installment; the schedule shows it paid and the next one due. With
      // one installment the online order still open is for the whole fee too: the clerk confirms the
      // student did not pay it online (docs/product.md, "Counter payments and collections").
      const cash = await t.admin.post('/api/payments/counter', {
        studentId,
        amount: part,
        method: 'cash',
        receivedAt: istToday(),
        centre: 'dumdum',
        ...(installments === 1 ? { confirmPendingOnline: true } : {}),
      });
      expect(cash.statusCode, cash.body).toBe(201);
      expect(cash.json().installmentNumber).toBe(1);
      let s = await summaryOf(client);
      expect(s.installments[0]).toMatchObject({ status: 'paid', paid: part, outstanding: 0 });
      expect(s.pendingAmount).toBe(12_000 - part);
      expect(s.nextDue).toEqual(installments === 1 ? null : { installmentNumber: 2, amount: part });

      if (installments === 1) {
        // The one installment is paid: no coupon, no order, no more counter money.
        expect((await client.post('/api/payments/coupons/validate', { courseId: course._id, code: 'EARLY20' })).statusCode).toBe(409);
        expect((await client.post('/api/payments/orders', { courseId: course._id, method: 'offline' })).statusCode).toBe(409);
      }
      const more = await t.admin.post('/api/payments/counter', {
        studentId,
        amount: 12_000 - part + 0.01,
        method: 'cash',
        receivedAt: istToday(),
        centre: 'dumdum',
      });
      expect(more.statusCode).toBe(installments === 1 ? 409 : 400);

      // Another student pays the whole fee with a coupon: the coupon's discount counts towards every installment.
      const other = await approveRequestFor(t, course._id);
      const code = `PLAN${installments}X${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
      expect((await t.admin.post('/api/coupons', { code, amount: 500, courses: [course._id] })).statusCode).toBe(201);
      const preview = await other.client.post('/api/payments/coupons/validate', { courseId: course._id, code });
      expect(preview.json()).toMatchObject({ valid: true, price: 12_000, discount: 500, total: 11_500 });
      const order = await other.client.post('/api/payments/orders', { courseId: course._id, method: 'offline', couponCode: code });
      expect(order.statusCode, order.body).toBe(201);
      expect(order.json().amount).toBe(11_500);
      expect((await t.admin.patch(`/api/payments/${order.json().paymentId}/verify`)).statusCode).toBe(200);
      s = await summaryOf(other.client);
      expect(s).toMatchObject({ pendingAmount: 0, nextDue: null });
      expect(s.installments).toHaveLength(installments);
      expect(s.installments.every((i) => i.status === 'paid' && i.outstanding === 0)).toBe(true);
      // Never more than owed: nothing is owed now.
      const over = await t.admin.post('/api/payments/counter', {
        studentId: other.studentId,
        amount: 1,
        method: 'cash',
        receivedAt: istToday(),
        centre: 'dumdum',
      });
      expect(over.statusCode).toBe(409);
    });
  }

  it('counter payments are bounded by what is owed, partly covering an installment of a 12-installment plan', async () => {
    const course = await createCourse(t, 50_000, { feePlan: { installments: 12 } });
    const { client, studentId } = await approveRequestFor(t, course._id);
    const pay = (amount: number) =>
      t.admin.post('/api/payments/counter', { studentId, amount, method: 'cash', receivedAt: istToday(), centre: 'kasba' });
    expect((await pay(6_000)).statusCode).toBe(201);
    const s = await summaryOf(client);
    expect(s.installments.slice(0, 3).map((i) => [i.status, i.paid, i.outstanding])).toEqual([
      ['paid', 4_166, 0],
      ['pending', 1_834, 2_332],
      ['pending', 0, 4_166],
    ]);
    expect(s.nextDue).toEqual({ installmentNumber: 2, amount: 2_332 });
    const over = await pay(44_000.01);
    expect(over.statusCode).toBe(400);
    expect(over.json().fields.amount).toBe('The amount is more than what the student owes (₹44,000)');
    const rest = await pay(44_000);
    expect(rest.statusCode).toBe(201);
    expect(rest.json().installmentNumber).toBe(2);
    expect((await summaryOf(client)).installments.every((i) => i.status === 'paid')).toBe(true);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_WINDOW_MINUTES } from '@app/common/schemas/payments';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { sandboxGatewayOrders } from '../../db/schema.ts';
import { createStaffMember } from '../staff/test-fixtures.ts';
import { reconcilePendingPayments } from './reconciler.ts';
import { createAdmittedStudent, createCourse, formsOf, paymentByOrder, postForm } from './test-fixtures.ts';

// An online checkout nobody completed (docs/product.md section 11, "Checkout window"): no money pending,
// closed once the gateway's window has passed, and the sandbox gateway no longer takes money for it.

let t: TestApp;
let course: { _id: string; name: string; price: number };
let other: { _id: string; name: string; price: number };
beforeAll(async () => {
  t = await createTestApp();
  course = await createCourse(t, 24_500);
  other = await createCourse(t, 12_000);
});
afterAll(async () => t?.close());

const minutes = (n: number) => new Date(Date.now() + n * 60_000);

describe('an online order nobody completed', () => {
  it('is not money pending in the tiles (whole institute or a centre); an offline payment awaiting verification is', async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    const manager = await createStaffMember(t, 'centre_manager', { centres: ['dumdum'] });
    const tiles = async () => ({
      all: (await t.admin.get('/api/payments/summary')).json(),
      centre: (await manager.client.get('/api/payments/summary')).json(),
    });
    const before = await tiles();
    expect((await student.client.post('/api/payments/orders', { courseId: course._id })).statusCode).toBe(201);
    const mid = await tiles();
    for (const k of ['all', 'centre'] as const) {
      expect(mid[k], k).toMatchObject({ pending: before[k].pending, pendingCount: before[k].pendingCount });
      expect(mid[k].totalTransactions, k).toBe(before[k].totalTransactions + 1);
    }
    expect((await student.client.post('/api/payments/orders', { courseId: other._id, method: 'offline' })).statusCode).toBe(201);
    const after = await tiles();
    for (const k of ['all', 'centre'] as const) {
      expect(after[k], k).toMatchObject({ pending: before[k].pending + 12_000, pendingCount: before[k].pendingCount + 1 });
    }
  });

  it(`is closed once the ${CHECKOUT_WINDOW_MINUTES}-minute checkout window has passed, not before`, async () => {
    const { student } = await createAdmittedStudent(t, course._id);
    const order = (await student.client.post('/api/payments/orders', { courseId: course._id })).json();
    await reconcilePendingPayments(t.ctx, { now: minutes(CHECKOUT_WINDOW_MINUTES - 1) });
    expect((await paymentByOrder(t, order.orderId)).status).toBe('pending');
    await reconcilePendingPayments(t.ctx, { now: minutes(CHECKOUT_WINDOW_MINUTES + 1) });
    const row = await paymentByOrder(t, order.orderId);
    expect(row.status).toBe('cancelled');
    const detail = (await t.admin.get(`/api/payments/${row.id}`)).json();
    expect(detail.history.at(-1).note).toBe(`Expired: the gateway received no payment within ${CHECKOUT_WINDOW_MINUTES} minutes`);
    expect((await student.client.get('/api/payments/history')).json()[0]).toMatchObject({ orderId: order.orderId, status: 'cancelled' });
  });

  it('the sandbox gateway takes no money for an order past its window (checkout and hosted page)', async () => {
    const { student, admission } = await createAdmittedStudent(t, course._id);
    const order = (await student.client.post('/api/payments/orders', { courseId: course._id })).json();
    const init = (
      await student.client.post('/api/payments/paytm/initiate', { amount: 1_000, admissionId: admission.id, installmentNumber: 1 })
    ).json();
    const page = await postForm(t, init.paymentUrl, init.params);
    const pay = formsOf(page.body).Pay;
    const past = new Date(Date.now() - (CHECKOUT_WINDOW_MINUTES + 1) * 60_000);
    await t.ctx.db
      .update(sandboxGatewayOrders)
      .set({ createdAt: past })
      .where(sql`${sandboxGatewayOrders.orderId} in (${order.orderId}, ${init.orderId})`);

    const late = await student.client.post(order.checkout.url, { action: 'pay' });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toBe('This checkout has expired. Please start the payment again.');
    expect((await postForm(t, init.paymentUrl, init.params)).statusCode).toBe(400);
    // The hosted page's Pay form, posted after the window, is refused as a payment that did not go through.
    const callback = await postForm(t, '/api/payments/callback/sandbox', pay);
    expect(callback.headers.location).toMatch(/^\/payment\/failed/);
    for (const id of [order.orderId, init.orderId]) {
      const [book] = await t.ctx.db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.orderId, id));
      expect(book.status).toBe('created');
      expect((await paymentByOrder(t, id)).status).not.toBe('completed');
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { auditLog, sandboxGatewayOrders } from '../../db/schema.ts';
import { createCourse, paymentByOrder } from './test-fixtures.ts';

// The admin ledger on the sandbox gateway: list, tiles, detail with history, Verify and Refund.

let t: TestApp;
let course: { _id: string; name: string; price: number };
let student: Awaited<ReturnType<TestApp['createStudent']>>;
beforeAll(async () => {
  t = await createTestApp();
  course = await createCourse(t, 25_000);
  student = await t.createStudent({ firstName: 'Asha', lastName: 'Roy' });
});
afterAll(async () => t?.close());

/** An order for `course`, or for a course of its own at 25,000 (a fee already paid is refused). */
async function order(method: 'offline' | 'gateway', couponCode?: string, shared = false) {
  const own = shared ? course : await createCourse(t, 25_000);
  const res = await student.client.post('/api/payments/orders', { courseId: own._id, method, couponCode });
  expect(res.statusCode).toBe(201);
  return res.json() as { paymentId: string; orderId: string; checkout?: { url: string } };
}
async function payGateway(couponCode?: string) {
  const o = await order('gateway', couponCode);
  const signed = (await student.client.post(o.checkout?.url as string, { action: 'pay' })).json();
  expect((await student.client.post('/api/payments/verify', signed)).statusCode).toBe(200);
  return o;
}

describe('the ledger', () => {
  const ids: Record<string, string> = {};

  it('tiles, list and filter match hand-computed figures', async () => {
    const empty = (await t.admin.get('/api/payments/summary')).json();
    expect(empty).toEqual({
      totalRevenue: 0,
      pending: 0,
      pendingCount: 0,
      totalTransactions: 0,
      successful: 0,
      failed: 0,
      refunded: 0,
      cancelled: 0,
      successRate: 0,
    });

    const a = await order('offline', undefined, true); // 25000 → verified below
    const b = await payGateway('EARLY20'); // 20000 completed → refunded below
    const c = await order('gateway'); // 25000 → failed
    await student.client.post(c.checkout?.url as string, { action: 'fail' });
    const d = await order('offline', 'STUDENT10'); // 22500 pending
    const e = await order('gateway'); // 25000 pending
    Object.assign(ids, { a: a.paymentId, b: b.paymentId, c: c.paymentId, d: d.paymentId, e: e.paymentId, eOrder: e.orderId });

    expect((await t.admin.patch(`/api/payments/${a.paymentId}/verify`)).statusCode).toBe(200);
    expect((await t.admin.post(`/api/payments/${b.paymentId}/refund`)).statusCode).toBe(200);

    // Pending is money reported and awaiting Verify (d); the open online order (e) is no money yet.
    const tiles = (await t.admin.get('/api/payments/summary')).json();
    expect(tiles).toEqual({
      totalRevenue: 25_000,
      pending: 22_500,
      pendingCount: 1,
      totalTransactions: 5,
      successful: 1,
      failed: 1,
      refunded: 1,
      cancelled: 0,
      successRate: 20,
    });

    const list = (await t.admin.get('/api/payments')).json();
    expect(list.map((p: { _id: string }) => p._id)).toEqual([e.paymentId, d.paymentId, c.paymentId, b.paymentId, a.paymentId]);
    expect(list[4]).toMatchObject({
      studentId: { _id: student.id, firstName: 'Asha', lastName: 'Roy', email: student.email },
      amount: 25_000,
      currency: 'INR',
      course: course.name,
      status: 'completed',
      paymentMethod: 'offline',
    });
    expect(list[3]).toMatchObject({ status: 'refunded', paymentMethod: 'gateway', amount: 20_000, razorpayOrderId: b.orderId });
    expect(list[3].razorpayPaymentId).toMatch(/^pay_SBX/);
    const pending = (await t.admin.get('/api/payments?status=pending')).json();
    expect(pending.map((p: { _id: string }) => p._id)).toEqual([e.paymentId, d.paymentId]);
    expect((await t.admin.get('/api/payments?status=')).json()).toHaveLength(5);
    expect((await t.admin.get('/api/payments?status=paid')).statusCode).toBe(400);

    // One more completed: 2 of 6 → 33 %.
    await payGateway();
    expect((await t.admin.get('/api/payments/summary')).json()).toMatchObject({
      successRate: 33,
      totalRevenue: 50_000,
      totalTransactions: 6,
    });
  });

  it('detail carries the history of state changes: who and when', async () => {
    const res = await t.admin.get(`/api/payments/${ids.b}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.history.map((h: { from: string | null; to: string }) => [h.from, h.to])).toEqual([
      [null, 'pending'],
      ['pending', 'completed'],
      ['completed', 'refunded'],
    ]);
    expect(detail.history[0].who).toBe('Asha Roy');
    expect(detail.history[2].who).toMatch(/\S/);
    expect(detail.history[2].note).toMatch(/^Refunded by .* through sandbox \(refund rfnd_SBX/);
    expect(detail.refundId).toMatch(/^rfnd_SBX/);
    expect(detail.refundedAt).toBeTruthy();
    expect((await t.admin.get('/api/payments/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('verify of an offline payment is recorded with the admin’s name, in history and audit log', async () => {
    const detail = (await t.admin.get(`/api/payments/${ids.a}`)).json();
    const verified = detail.history.find((h: { to: string }) => h.to === 'completed');
    const admin = (await t.admin.get('/api/auth/profile')).json().user;
    expect(verified.who).toBe(`${admin.firstName} ${admin.lastName}`);
    expect(verified.note).toBe(`Offline payment verified by ${admin.firstName} ${admin.lastName}`);
    expect(detail.receiptNumber).toMatch(/^RCT-/);
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, ids.a));
    // In any order: PostgreSQL returns rows of no stated order as it finds them.
    expect(audits.map((x) => x.action).sort()).toEqual(['payment.completed', 'payment.create']);
    expect(audits.find((x) => x.action === 'payment.completed')?.actorId).toBe(admin._id);
  });

  it('verify only on pending, refund only on completed (409 otherwise)', async () => {
    for (const id of [ids.a, ids.b]) {
      const res = await t.admin.patch(`/api/payments/${id}/verify`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Only a pending payment can be verified.');
    }
    // A failed gateway payment is settled from the gateway's answer: here it has received nothing.
    const failed = await t.admin.patch(`/api/payments/${ids.c}/verify`);
    expect(failed.statusCode).toBe(409);
    expect(failed.json().message).toBe('The gateway has not received this payment.');
    for (const id of [ids.b, ids.c, ids.d]) {
      const res = await t.admin.post(`/api/payments/${id}/refund`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Only a completed payment can be refunded.');
    }
  });

  it('verify of a gateway payment asks the gateway first: not paid → 409, paid → completed with its ids', async () => {
    const res = await t.admin.patch(`/api/payments/${ids.e}/verify`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The gateway has not received this payment.');
    expect((await paymentByOrder(t, ids.eOrder)).status).toBe('pending');

    // The student paid, but the answer never reached us (a lost callback).
    await t.ctx.db
      .update(sandboxGatewayOrders)
      .set({ status: 'paid', paymentId: 'pay_SBXlost' })
      .where(eq(sandboxGatewayOrders.orderId, ids.eOrder));
    const ok = await t.admin.patch(`/api/payments/${ids.e}/verify`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'completed', razorpayPaymentId: 'pay_SBXlost', transactionId: 'pay_SBXlost' });
  });

  it('refund of an offline payment needs no gateway and a second refund is refused', async () => {
    const first = await t.admin.post(`/api/payments/${ids.a}/refund`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'refunded', refundId: null });
    expect((await t.admin.post(`/api/payments/${ids.a}/refund`)).statusCode).toBe(409);
  });
});

describe('roles', () => {
  it('every admin call is refused for a student (403) and a visitor (401)', async () => {
    const id = (await order('offline')).paymentId;
    const calls = [
      ['get', '/api/payments'],
      ['get', '/api/payments/summary'],
      ['get', `/api/payments/${id}`],
      ['patch', `/api/payments/${id}/verify`],
      ['post', `/api/payments/${id}/refund`],
    ] as const;
    for (const [method, url] of calls) {
      expect((await student.client[method](url)).statusCode, url).toBe(403);
      expect((await t.visitor[method](url)).statusCode, url).toBe(401);
    }
    expect((await paymentByOrder(t, (await t.admin.get(`/api/payments/${id}`)).json().orderId)).status).toBe('pending');
  });
});

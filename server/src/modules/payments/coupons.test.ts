import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createCourse } from './test-fixtures.ts';

// Coupons managed by admins (docs/product.md, "Coupons"): the four seeded codes, CRUD with its rules,
// what makes a code invalid for a student, limits that hold under concurrency, uses counted on completion.

let t: TestApp;
let course: { _id: string; name: string; price: number };
let other: { _id: string; name: string; price: number };
beforeAll(async () => {
  t = await createTestApp();
  course = await createCourse(t, 25_000);
  other = await createCourse(t, 10_000);
});
afterAll(async () => t?.close());

const validate = async (code: string, courseId = course._id) => {
  const s = await t.createStudent();
  return (await s.client.post('/api/payments/coupons/validate', { courseId, code })).json();
};
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString();

describe('managing coupons', () => {
  it('lists the four codes of the institute, seeded, with their uses', async () => {
    const res = await t.admin.get('/api/coupons');
    expect(res.statusCode).toBe(200);
    const byCode = Object.fromEntries(res.json().map((c: { code: string; percent: number }) => [c.code, c.percent]));
    expect(byCode).toMatchObject({ STUDENT10: 10, EARLY20: 20, WELCOME15: 15, FIRST15: 15 });
    expect(res.json()[0]).toMatchObject({ amount: null, courses: [], maxUses: null, uses: 0, isActive: true });
  });

  it('creates, edits and deletes a coupon; each change is audited', async () => {
    const created = await t.admin.post('/api/coupons', { code: ' diwali500 ', amount: 500, courses: [course._id], maxUses: 10 });
    expect(created.statusCode, created.body).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({ code: 'DIWALI500', percent: null, amount: 500, courses: [course._id], maxUses: 10, uses: 0, isActive: true });
    const edited = await t.admin.patch(`/api/coupons/${c._id}`, { percent: 12, maxUsesPerStudent: 1 });
    expect(edited.json()).toMatchObject({ percent: 12, amount: null, maxUsesPerStudent: 1, maxUses: 10 });
    const audit = (await t.admin.get(`/api/audit?entity=coupon&entityId=${c._id}`)).json().entries;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['coupon.update', 'coupon.create']);
    expect(audit[0].entityName).toBe('DIWALI500');
    expect((await t.admin.delete(`/api/coupons/${c._id}`)).json()).toEqual({ message: 'Coupon deleted' });
    expect((await t.admin.delete(`/api/coupons/${c._id}`)).statusCode).toBe(404);
  });

  it('refuses bad coupons with the field named, and changes nothing', async () => {
    const before = (await t.admin.get('/api/coupons')).json().length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: 'OVER', percent: 120 }, 'percent', 'Percentage must be at most 100'],
      [{ code: 'BOTH', percent: 10, amount: 100 }, 'amount', 'Give either a percentage or an amount, not both'],
      [{ code: 'NONE' }, 'percent', 'Give a percentage or an amount'],
      [{ code: 'DATES', percent: 5, validFrom: iso(5), validTo: iso(1) }, 'validTo', 'Valid to must be after valid from'],
      [{ code: 'ZERO', amount: 0 }, 'amount', 'Amount must be more than 0'],
      [{ code: 'x', percent: 5 }, 'code', 'Code must be 3 to 30 letters, digits, - or _'],
      [{ code: 'YEAR', percent: 5, validTo: '+275760-01-01T00:00:00Z' }, 'validTo', 'Valid to must be a valid date'],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.admin.post('/api/coupons', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    const ghost = await t.admin.post('/api/coupons', { code: 'GHOST', percent: 5, courses: ['00000000-0000-4000-8000-000000000000'] });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().fields).toEqual({ courses: 'Course not found' });
    const dup = await t.admin.post('/api/coupons', { code: 'early20', percent: 5 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A coupon with this code already exists');
    const early = (await t.admin.get('/api/coupons')).json().find((c: { code: string }) => c.code === 'EARLY20');
    const reversed = await t.admin.patch(`/api/coupons/${early._id}`, { validFrom: iso(3), validTo: iso(2) });
    expect(reversed.statusCode).toBe(400);
    expect((await t.admin.get('/api/coupons')).json().length).toBe(before);
  });

  it('only an admin manages coupons', async () => {
    const s = await t.createStudent();
    expect((await s.client.get('/api/coupons')).statusCode).toBe(403);
    expect((await s.client.post('/api/coupons', { code: 'MINE', percent: 100 })).statusCode).toBe(403);
    expect((await t.visitor.get('/api/coupons')).statusCode).toBe(401);
  });
});

describe('what a code is worth to a student', () => {
  it('a fixed amount off, with the message saying so', async () => {
    await t.admin.post('/api/coupons', { code: 'FLAT1500', amount: 1500 });
    expect(await validate('flat1500')).toMatchObject({
      valid: true,
      discount: 1500,
      total: 23_500,
      percent: 6,
      message: 'Coupon applied! ₹1,500 off',
    });
  });

  it('inactive, not yet valid, expired, for another course: "Invalid coupon code", no discount', async () => {
    await t.admin.post('/api/coupons', { code: 'SLEEPY', percent: 10, isActive: false });
    await t.admin.post('/api/coupons', { code: 'LATER', percent: 10, validFrom: iso(2) });
    await t.admin.post('/api/coupons', { code: 'GONE', percent: 10, validFrom: iso(-10), validTo: iso(-1) });
    await t.admin.post('/api/coupons', { code: 'ONLYOTHER', percent: 10, courses: [other._id] });
    for (const code of ['SLEEPY', 'LATER', 'GONE', 'ONLYOTHER']) {
      expect(await validate(code), code).toMatchObject({ valid: false, discount: 0, total: 25_000, message: 'Invalid coupon code' });
    }
    expect(await validate('ONLYOTHER', other._id)).toMatchObject({ valid: true, discount: 1000 });
    const s = await t.createStudent();
    const order = await s.client.post('/api/payments/orders', { courseId: course._id, couponCode: 'GONE', method: 'offline' });
    expect(order.statusCode).toBe(400);
    expect(order.json().fields).toEqual({ couponCode: 'Invalid coupon code' });
  });

  it('a use counts when the payment completes; the last use cannot be taken twice at once', async () => {
    const c = (await t.admin.post('/api/coupons', { code: 'LASTONE', percent: 50, maxUses: 1 })).json();
    const [a, b] = [await t.createStudent(), await t.createStudent()];
    const orders = await Promise.all(
      [a, b].map((s) => s.client.post('/api/payments/orders', { courseId: course._id, couponCode: 'LASTONE', method: 'offline' })),
    );
    expect(orders.map((o) => o.statusCode).sort()).toEqual([201, 400]);
    const won = orders.find((o) => o.statusCode === 201);
    expect(won?.json().amount).toBe(12_500);
    // Pending: it holds the use, but has not used it yet.
    expect((await t.admin.get('/api/coupons')).json().find((x: { _id: string }) => x._id === c._id).uses).toBe(0);
    expect((await t.admin.patch(`/api/payments/${won?.json().paymentId}/verify`)).statusCode).toBe(200);
    expect((await t.admin.get('/api/coupons')).json().find((x: { _id: string }) => x._id === c._id).uses).toBe(1);
    expect(await validate('LASTONE')).toMatchObject({ valid: false });
    // A coupon that was used is kept for the payments' history: deactivate instead.
    const del = await t.admin.delete(`/api/coupons/${c._id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('This coupon has been used 1 time and cannot be deleted; deactivate it instead.');
  });

  it('uses per student: a second use by the same student is refused, another student may', async () => {
    await t.admin.post('/api/coupons', { code: 'ONCEEACH', percent: 10, maxUsesPerStudent: 1 });
    const s = await t.createStudent();
    const first = await s.client.post('/api/payments/orders', { courseId: other._id, couponCode: 'ONCEEACH', method: 'offline' });
    expect(first.statusCode).toBe(201);
    // Retrying the same course's checkout is the same purchase, not a second use.
    const retry = await s.client.post('/api/payments/coupons/validate', { courseId: other._id, code: 'ONCEEACH' });
    expect(retry.json().valid).toBe(true);
    expect((await t.admin.patch(`/api/payments/${first.json().paymentId}/verify`)).statusCode).toBe(200);
    const again = await s.client.post('/api/payments/coupons/validate', { courseId: course._id, code: 'ONCEEACH' });
    expect(again.json()).toMatchObject({ valid: false, message: 'Invalid coupon code' });
    expect(await validate('ONCEEACH')).toMatchObject({ valid: true });
  });
});

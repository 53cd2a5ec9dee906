import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { admissionRequests } from '../../db/schema.ts';
import { approveRequestFor, createAdmittedStudent, createCourse } from './test-fixtures.ts';

// An approved admission keeps the fee it was approved with: a later change of the course's price
// changes neither what the student owes nor what the fee payment page charges them for that course.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const courseBody = (price: number, name: string) => ({
  name,
  description: 'A course',
  price,
  feeType: 'full',
  duration: '6 months',
  features: ['Classes'],
});

describe('the fee fixed at approval', () => {
  it('survives a price change: summary, admission record, coupon preview and order all use it', async () => {
    const course = await createCourse(t, 25_000);
    const other = await createCourse(t, 10_000);
    const student = (await approveRequestFor(t, course._id)).client;
    const [row] = await t.ctx.db.select().from(admissionRequests).where(eq(admissionRequests.courseId, course._id));
    expect(row.feePaise).toBe(2_500_000);

    const raised = await t.admin.put(`/api/courses/${course._id}`, courseBody(30_000, course.name));
    expect(raised.statusCode, raised.body).toBe(200);

    const summary = await student.get('/api/payments/student');
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({ totalFees: 25_000, paidAmount: 0, pendingAmount: 25_000, paymentStatus: 'unpaid' });
    expect(summary.json().installments.map((i: { amount: number }) => i.amount)).toEqual([6_250, 6_250, 6_250, 6_250]);
    expect((await student.get('/api/admissions/student')).json().course.fees).toBe(25_000);

    const preview = await student.post('/api/payments/coupons/validate', { courseId: course._id, code: 'EARLY20' });
    expect(preview.json()).toMatchObject({ price: 25_000, discount: 5_000, total: 20_000 });
    const order = await student.post('/api/payments/orders', { courseId: course._id, method: 'offline' });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().amount).toBe(25_000);
    expect(order.json().payment).toMatchObject({ fee: 25_000, amount: 25_000 });

    // Another course costs its listed price.
    const elsewhere = await student.post('/api/payments/coupons/validate', { courseId: other._id, code: 'STUDENT10' });
    expect(elsewhere.json()).toMatchObject({ price: 10_000, total: 9_000 });

    // The installment bound is the fixed fee still due, not the new price.
    const above = await student.post('/api/payments/paytm/initiate', { amount: 25_001, admissionId: row.id, installmentNumber: 1 });
    expect(above.statusCode).toBe(400);
    const ok = await student.post('/api/payments/paytm/initiate', { amount: 25_000, admissionId: row.id, installmentNumber: 1 });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a lower price later does not lower what the student owes', async () => {
    const course = await createCourse(t, 20_000);
    const student = (await approveRequestFor(t, course._id)).client;
    await t.admin.put(`/api/courses/${course._id}`, courseBody(15_000, course.name));
    expect((await student.get('/api/payments/student')).json()).toMatchObject({ totalFees: 20_000, pendingAmount: 20_000 });
  });

  it('keeps the fee when the course is deleted for good', async () => {
    const course = await createCourse(t, 18_000);
    const student = (await approveRequestFor(t, course._id)).client;
    expect((await t.admin.delete(`/api/courses/${course._id}/permanent`)).statusCode).toBe(200);
    const summary = (await student.get('/api/payments/student')).json();
    expect(summary).toMatchObject({ totalFees: 18_000, course: { _id: null, name: 'Course Fee' } });
  });

  it('the migration backfills admissions approved before the column existed with the price at that time', async () => {
    const course = await createCourse(t, 12_000);
    const { admission } = await createAdmittedStudent(t, course._id);
    const pending = await t.visitor.post('/api/admission-requests', {
      fullName: 'Still Pending',
      email: `pending-${Math.random().toString(36).slice(2, 10)}@test.local`,
      phone: '9830012345',
      address: 'Kolkata',
      education: 'Class 12',
      course: course._id,
      centre: 'dumdum',
      reason: 'CLAT',
    });
    expect(admission.feePaise).toBeNull();
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations/0002_admission_fee.sql');
    const backfill = fs
      .readFileSync(file, 'utf8')
      .split('--> statement-breakpoint')
      .find((s) => s.includes('UPDATE'));
    expect(backfill).toBeTruthy();
    await t.ctx.db.execute(sql.raw(backfill!));
    const [after] = await t.ctx.db.select().from(admissionRequests).where(eq(admissionRequests.id, admission.id));
    expect(after.feePaise).toBe(1_200_000);
    const [still] = await t.ctx.db.select().from(admissionRequests).where(eq(admissionRequests.id, pending.json().request._id));
    expect(still.feePaise).toBeNull();
  });
});

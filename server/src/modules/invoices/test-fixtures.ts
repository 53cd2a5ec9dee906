import { todayInIndia } from '@app/common/rules/dates';
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { gstinCheckDigit } from '@app/common/schemas/settings';
import type { TestApp } from '../../../test/helpers.ts';
import { admissionRequests, invoices, type users } from '../../db/schema.ts';
import { createCourse } from '../payments/test-fixtures.ts';

// Shared set-up for the invoice tests (not a test file itself).

const courses = new WeakMap<TestApp, Promise<{ _id: string; name: string; price: number }>>();
/** One ₹1,00,000 course per test app for every admission of the file. */
export function courseOf(t: TestApp) {
  if (!courses.has(t)) courses.set(t, createCourse(t, 100_000));
  return courses.get(t) as Promise<{ _id: string; name: string; price: number }>;
}

/** A West Bengal GSTIN (state code 19) with its right check digit. */
export const GSTIN = `19AAGCB7383J1Z${gstinCheckDigit('19AAGCB7383J1Z')}`;
export const SETTINGS = {
  name: 'Law Coaching Institute',
  address: '12 Jessore Road, Dumdum, Kolkata 700028, West Bengal',
  phone: '+91 33 2550 1201',
  email: 'office@example.in',
  gstin: GSTIN,
  pan: 'AAGCB7383J',
  sac: '999293',
  gstRate: 18,
  invoicePrefix: 'LCI',
};
export const setGstin = async (t: TestApp, gstin: string | null) => {
  const res = await t.admin.put('/api/settings/institute', { ...SETTINGS, gstin, pan: gstin ? SETTINGS.pan : null });
  expect(res.statusCode, res.body).toBe(200);
};

export const istToday = () => todayInIndia();

/** A new student with an approved admission to the file's course, living at `address`. */
export async function admitted(t: TestApp, address: string, names: Partial<typeof users.$inferInsert> = {}) {
  const course = await courseOf(t);
  const s = await t.createStudent(names);
  await t.ctx.db.insert(admissionRequests).values({
    fullName: `${s.firstName} ${s.lastName}`,
    email: s.email,
    phone: '9876543210',
    address,
    education: 'Graduate',
    courseId: course._id,
    centreId: 'dumdum',
    reason: 'Law',
    status: 'approved',
    admissionNumber: `ADM-I-${randomUUID().slice(0, 8)}`,
    batchYear: '2026-27',
    userId: s.id,
    approvedAt: new Date(),
  });
  return s;
}

export async function payAtCounter(t: TestApp, studentId: string, amount: number) {
  const res = await t.admin.post('/api/payments/counter', {
    studentId,
    amount,
    method: 'upi',
    reference: 'UPI-778899',
    receivedAt: istToday(),
    centre: 'dumdum',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; receiptNumber: string };
}

export const invoiceOf = async (t: TestApp, paymentId: string) =>
  (await t.ctx.db.select().from(invoices).where(eq(invoices.paymentId, paymentId)).orderBy(asc(invoices.issuedAt))).filter(
    (i) => i.kind === 'invoice',
  )[0];

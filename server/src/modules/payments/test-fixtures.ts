import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { addDays, todayInIndia } from '@app/common/rules/dates';
import type { TestApp } from '../../../test/helpers.ts';
import { admissionRequests, payments } from '../../db/schema.ts';

// Shared set-up for the payments tests (not a test file itself).

export async function createCourse(t: TestApp, price = 25_000, extra: Record<string, unknown> = {}) {
  const res = await t.admin.post('/api/courses', {
    name: `Course ${randomUUID().slice(0, 6)}`,
    description: 'A course',
    price,
    feeType: 'full',
    duration: '6 months',
    features: ['Classes'],
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`course: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; name: string; price: number };
}

/** A student with an approved admission to `courseId`, approved at `approvedAt`. */
export async function createAdmittedStudent(t: TestApp, courseId: string, approvedAt = new Date()) {
  const s = await t.createStudent();
  const [a] = await t.ctx.db
    .insert(admissionRequests)
    .values({
      fullName: `${s.firstName} ${s.lastName}`,
      email: s.email,
      phone: '9876543210',
      address: 'Kolkata',
      education: 'Graduate',
      courseId,
      centreId: 'dumdum',
      reason: 'Law',
      status: 'approved',
      admissionNumber: `ADM-T-${randomUUID().slice(0, 8)}`,
      batchYear: '2026-27',
      userId: s.id,
      approvedAt,
      createdAt: approvedAt,
    })
    .returning();
  return { student: s, admission: a };
}

export async function paymentByOrder(t: TestApp, orderId: string) {
  const [row] = await t.ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
  return row;
}

/** A urlencoded form post, as a browser submits one. */
export function postForm(t: TestApp, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return t.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

/** The hidden fields of each form on the sandbox hosted page, by button label. */
export function formsOf(html: string): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const m of html.matchAll(/<form[^>]*>(.*?)<\/form>/gs)) {
    const fields: Record<string, string> = {};
    for (const i of m[1].matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[i[1]] = decode(i[2]);
    const label = /<button[^>]*>([^<]*)<\/button>/.exec(m[1])?.[1] ?? '';
    out[label] = fields;
  }
  return out;
}
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };
/** The page's attribute values as escapeHtml wrote them (common/src/rules/text.ts), read back. */
const decode = (s: string) =>
  s.replace(/&(#\d+|amp|lt|gt|quot);/g, (_, e: string) => (e.startsWith('#') ? String.fromCharCode(Number(e.slice(1))) : ENTITIES[e]));

/** A course body for POST/PUT /api/courses (a fresh name each call), ₹36,000 unless patched. */
export const courseBody = (patch: Record<string, unknown> = {}) => ({
  name: `Plan course ${Math.random().toString(36).slice(2, 8)}`,
  description: 'A course',
  price: 36_000,
  feeType: 'full',
  duration: '6 months',
  features: ['Classes'],
  ...patch,
});

export const istToday = () => todayInIndia();
/** YYYY-MM-DD `days` from today (IST). */
export const dayFromToday = (days: number) => addDays(todayInIndia(), days);

/** A student made the way the institute makes them: a public request approved by an admin. */
export async function approveRequestFor(t: TestApp, courseId: string) {
  const email = `plan-${Math.random().toString(36).slice(2, 10)}@test.local`;
  const created = await t.visitor.post('/api/admission-requests', {
    fullName: 'Plan Student',
    email,
    phone: '9830012345',
    address: 'Kolkata',
    education: 'Class 12',
    course: courseId,
    centre: 'dumdum',
    reason: 'CLAT',
  });
  expect(created.statusCode, created.body).toBe(201);
  const approved = await t.admin.patch(`/api/admission-requests/admin/${created.json().request._id}/approve`, {});
  expect(approved.statusCode, approved.body).toBe(200);
  const client = t.withToken(await t.tokenFor(email, approved.json().user.temporaryPassword));
  const [admission] = await t.ctx.db.select().from(admissionRequests).where(eq(admissionRequests.id, created.json().request._id));
  return { client, admission, studentId: approved.json().user._id as string };
}

export type Installment = { installmentNumber: number; amount: number; dueDate: string; status: string; paid: number; outstanding: number };
type Client = Awaited<ReturnType<TestApp['createStudent']>>['client'];

/** The student's own fee summary from GET /api/payments/student. */
export const summaryOf = async (client: Client) => {
  const res = await client.get('/api/payments/student');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    totalFees: number;
    pendingAmount: number;
    nextDue: { installmentNumber: number; amount: number } | null;
    installments: Installment[];
  };
};
export const sumPaise = (list: Installment[]) => list.reduce((s, i) => s + Math.round(i.amount * 100), 0);

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
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
const decode = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));

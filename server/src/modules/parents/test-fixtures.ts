import { and, desc, eq, max } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { notificationOutbox, studentGuardians } from '../../db/schema.ts';
import { linkGuardianAccounts } from '../guardians/accounts.ts';

// A guardian on a student's record with their parent account, and the parent signing in by the code the
// outbox holds (as the journeys read it: no SMS provider in tests).

let phones = 0;
/** A fresh Indian mobile number per call: 9 and nine digits. */
export const newPhone = () => `9${String(700_000_000 + ((Date.now() + phones++ * 7919) % 299_999_999)).padStart(9, '0')}`;

/** Adds a guardian line to the student's record (the next position) and gives it its parent account. */
export async function addGuardian(
  t: TestApp,
  studentId: string,
  g: { phone?: string; name?: string; relation?: string; email?: string } = {},
) {
  const [{ last }] = await t.ctx.db
    .select({ last: max(studentGuardians.position) })
    .from(studentGuardians)
    .where(eq(studentGuardians.studentId, studentId));
  const phone = g.phone ?? newPhone();
  await t.ctx.db.insert(studentGuardians).values({
    studentId,
    position: (last ?? 0) + 1,
    name: g.name ?? 'Asha Guardian',
    relation: g.relation ?? 'Mother',
    phone: `+91${phone}`,
    email: g.email ?? null,
  });
  const [parentId] = await linkGuardianAccounts(t.ctx.db, studentId);
  return { phone, parentId };
}

/** POST /api/auth/parent/code from `address`. */
export const askCode = (t: TestApp, phone: string, address = '10.1.1.1') =>
  t.inject({ method: 'POST', url: '/api/auth/parent/code', payload: { phone }, remoteAddress: address });

/** POST /api/auth/parent/verify. */
export const verifyCode = (t: TestApp, phone: string, code: string) =>
  t.inject({ method: 'POST', url: '/api/auth/parent/verify', payload: { phone, code }, remoteAddress: '10.1.1.1' });

/** The codes sent to this phone by SMS, newest first, read from the outbox. */
export async function codesSentTo(t: TestApp, phone: string): Promise<string[]> {
  const rows = await t.ctx.db
    .select({ text: notificationOutbox.text })
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.to, phone), eq(notificationOutbox.kind, 'parent-code'), eq(notificationOutbox.channel, 'sms')))
    .orderBy(desc(notificationOutbox.createdAt));
  return rows.map((r) => /\b(\d{6})\b/.exec(r.text)?.[1] ?? '');
}

/** Asks for a code, reads it from the outbox and signs in with it: the parent's token. */
export async function signInParent(t: TestApp, phone: string, address = `10.2.${phones % 250}.${(phones++ % 250) + 1}`) {
  const asked = await askCode(t, phone, address);
  expect(asked.statusCode, asked.body).toBe(202);
  const [code] = await codesSentTo(t, phone);
  const res = await verifyCode(t, phone, code);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARENT_CODE, PARENT_MSG } from '@app/common/schemas/parents';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { notificationOutbox, parentLoginCodes, parentPreferences, users } from '../../db/schema.ts';
import { createAdmittedStudent, createCourse } from '../payments/test-fixtures.ts';
import { addGuardian, askCode, codesSentTo, newPhone, signInParent, verifyCode } from './test-fixtures.ts';

// The parent's sign-in (docs/product-parents.md "Signing in"): the one-time code's rules, and the password
// a parent may set.

let t: TestApp;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  courseId = (await createCourse(t, 30_000))._id;
});
afterAll(async () => t?.close());

async function guardian(extra: { email?: string } = {}) {
  const { student } = await createAdmittedStudent(t, courseId);
  return { student, ...(await addGuardian(t, student.id, extra)) };
}

describe('POST /api/auth/parent/code', () => {
  it('answers 202 with the same body for a known phone, an unknown one and past the hourly limit', async () => {
    const { phone } = await guardian();
    const known = await askCode(t, phone, '10.3.0.1');
    const unknown = await askCode(t, newPhone(), '10.3.0.2');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: PARENT_MSG.codeSent });
    expect(unknown.body).toBe(known.body);
    await askCode(t, phone, '10.3.0.3');
    await askCode(t, phone, '10.3.0.4');
    const over = await askCode(t, phone, '10.3.0.5');
    expect(over.statusCode).toBe(202);
    expect(over.body).toBe(known.body);
  });

  it('sends at most 3 codes an hour to one phone: the 4th is not sent', async () => {
    const { phone } = await guardian();
    for (let i = 1; i <= 4; i++) expect((await askCode(t, phone, `10.4.0.${i}`)).statusCode).toBe(202);
    expect(await codesSentTo(t, phone)).toHaveLength(PARENT_CODE.perHour);
  });

  it('sends at most 3 codes an hour from one address, whatever the phones', async () => {
    const address = '10.5.0.1';
    const parents = [await guardian(), await guardian(), await guardian(), await guardian()];
    // An unknown phone's ask counts too.
    await askCode(t, newPhone(), address);
    for (const p of parents) await askCode(t, p.phone, address);
    const sent = await Promise.all(parents.map((p) => codesSentTo(t, p.phone)));
    expect(sent.map((s) => s.length)).toEqual([1, 1, 0, 0]);
    // Another address still gets a code to the same phone.
    await askCode(t, parents[3].phone, '10.5.0.2');
    expect(await codesSentTo(t, parents[3].phone)).toHaveLength(1);
  });

  it('keeps only a keyed hash of the code, six digits sent by SMS to the phone', async () => {
    const { phone, parentId } = await guardian();
    await askCode(t, phone, '10.6.0.1');
    const [code] = await codesSentTo(t, phone);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.ctx.db.select().from(parentLoginCodes).where(eq(parentLoginCodes.parentId, parentId));
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
    const { createHash } = await import('node:crypto');
    expect(row.codeHash).not.toBe(createHash('sha256').update(code).digest('hex'));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(PARENT_CODE.validMinutes * 60_000);
    // An unknown phone's ask is recorded with no code at all.
    const stranger = newPhone();
    await askCode(t, stranger, '10.6.0.2');
    const [none] = await t.ctx.db
      .select()
      .from(parentLoginCodes)
      .where(eq(parentLoginCodes.phone, `+91${stranger}`));
    expect(none).toMatchObject({ parentId: null, codeHash: null });
    expect(await codesSentTo(t, stranger)).toEqual([]);
  });

  it('shows staff in the outbox a code not delivered, and masks it once a provider delivered it', async () => {
    const { phone } = await guardian();
    await askCode(t, phone, '10.6.1.1');
    const [code] = await codesSentTo(t, phone);
    const listed = async () =>
      ((await t.admin.get('/api/notifications/outbox?channel=sms')).json().items as { to: string; text: string }[]).filter(
        (m) => m.to === phone,
      );
    expect((await listed())[0].text).toContain(code);
    await t.ctx.db.update(notificationOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(notificationOutbox.to, phone));
    const [shown] = await listed();
    expect(shown.text).not.toContain(code);
    expect(shown.text).toContain('••••••');
  });

  it('forgets asks older than two hours when a new code is asked', async () => {
    const old = new Date(Date.now() - 3 * 60 * 60_000);
    await t.ctx.db.insert(parentLoginCodes).values({ phone: '+919999900001', address: '10.6.2.1', expiresAt: old, createdAt: old });
    const { phone } = await guardian();
    await askCode(t, phone, '10.6.2.2');
    await codesSentTo(t, phone);
    expect(await t.ctx.db.select().from(parentLoginCodes).where(eq(parentLoginCodes.phone, '+919999900001'))).toEqual([]);
  });

  it('also sends the code by WhatsApp and e-mail when the parent chose them, e-mail only with an address', async () => {
    const { phone, parentId } = await guardian({ email: `mother-${Date.now()}@test.local` });
    await t.ctx.db.insert(parentPreferences).values({
      parentId,
      channels: { absence: ['sms', 'whatsapp'], results: ['email'], fees: ['sms'], digest: ['sms'] },
    });
    await askCode(t, phone, '10.7.0.1');
    const texts = await t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.to, phone));
    expect(texts.map((m) => m.channel).sort()).toEqual(['sms', 'whatsapp']);
    const [parent] = await t.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, parentId));
    const mail = await t.admin.get(`/api/dev/mailbox?to=${encodeURIComponent(parent.email ?? '')}`);
    expect(mail.json()).toHaveLength(1);
    expect(mail.json()[0].text).toContain((await codesSentTo(t, phone))[0]);
  });

  it('makes and links the account of an active student’s guardian who had none', async () => {
    const { student } = await createAdmittedStudent(t, courseId);
    const phone = newPhone();
    const { studentGuardians } = await import('../../db/schema.ts');
    await t.ctx.db
      .insert(studentGuardians)
      .values({ studentId: student.id, position: 1, name: 'Late Father', relation: 'Father', phone: `+91${phone}` });
    const token = await signInParent(t, phone);
    const children = await t.withToken(token).get('/api/parent/children');
    expect(children.json().map((c: { _id: string }) => c._id)).toEqual([student.id]);
  });

  it('refuses a phone that is not an Indian mobile number with 400 and the field', async () => {
    const res = await askCode(t, '12345');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.phone).toBe(PARENT_MSG.phoneInvalid);
  });
});

describe('POST /api/auth/parent/verify', () => {
  it('answers { token, user } like the sign-in; the token works on /api/parent/children and lastLogin is set', async () => {
    const { phone, student, parentId } = await guardian();
    await askCode(t, phone, '10.8.0.1');
    const [code] = await codesSentTo(t, phone);
    // +91 or a leading 0 name the same phone.
    const res = await verifyCode(t, `+91 ${phone}`, code);
    expect(res.statusCode, res.body).toBe(200);
    const { token, user } = res.json();
    expect(user).toMatchObject({ _id: parentId, role: 'parent', phone: `+91${phone}`, email: null });
    expect(user.lastLogin).not.toBeNull();
    const children = await t.withToken(token).get('/api/parent/children');
    expect(children.statusCode).toBe(200);
    expect(children.json()).toEqual([expect.objectContaining({ _id: student.id, relation: 'Mother' })]);
    // The shared routes serve students and staff only.
    expect((await t.withToken(token).get('/api/exams')).statusCode).toBe(403);
    expect((await t.withToken(token).get('/api/auth/profile')).json().role).toBe('parent');
  });

  it('is single use: the same code again is expired or used', async () => {
    const { phone } = await guardian();
    await askCode(t, phone, '10.9.0.1');
    const [code] = await codesSentTo(t, phone);
    const [first, second] = await Promise.all([verifyCode(t, phone, code), verifyCode(t, phone, code)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 401]);
    const again = await verifyCode(t, phone, code);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(PARENT_MSG.codeExpired);
  });

  it('refuses an expired code, and a code replaced by a newer one', async () => {
    const { phone } = await guardian();
    await askCode(t, phone, '10.10.0.1');
    const [old] = await codesSentTo(t, phone);
    await askCode(t, phone, '10.10.0.2');
    const [fresh] = await codesSentTo(t, phone);
    if (old !== fresh) expect((await verifyCode(t, phone, old)).statusCode).toBe(401);
    await t.ctx.db
      .update(parentLoginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(parentLoginCodes.phone, `+91${phone}`));
    const res = await verifyCode(t, phone, fresh);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(PARENT_MSG.codeExpired);
  });

  it('counts wrong codes: 5 wrong answer 401, the sixth try 429 with Retry-After, even with the right code', async () => {
    const { phone } = await guardian();
    await askCode(t, phone, '10.11.0.1');
    const [code] = await codesSentTo(t, phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < PARENT_CODE.maxTries; i++) {
      const res = await verifyCode(t, phone, wrongCode);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(PARENT_MSG.codeWrong);
    }
    const sixth = await verifyCode(t, phone, code);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(PARENT_MSG.tooManyTries);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // A new code may be asked (the phone is under its hourly limit) and it works.
    const token = await signInParent(t, phone);
    expect(token).toBeTruthy();
  });

  it('says when a new code may be asked once the hour’s 3 codes are spent', async () => {
    const { phone } = await guardian();
    for (let i = 1; i <= 3; i++) await askCode(t, phone, `10.12.0.${i}`);
    const [code] = await codesSentTo(t, phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < PARENT_CODE.maxTries; i++) await verifyCode(t, phone, wrongCode);
    const res = await verifyCode(t, phone, wrongCode);
    expect(res.statusCode).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(50 * 60);
    expect(wait).toBeLessThanOrEqual(60 * 60);
  });

  it('answers 401 expired for a phone with no code, and 400 for a code that is not six digits', async () => {
    expect((await verifyCode(t, newPhone(), '123456')).json().message).toBe(PARENT_MSG.codeExpired);
    const bad = await verifyCode(t, newPhone(), '12a');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.code).toBe(PARENT_MSG.codeInvalid);
  });

  it('refuses a deactivated parent with 403', async () => {
    const { phone, parentId } = await guardian();
    await askCode(t, phone, '10.13.0.1');
    const [code] = await codesSentTo(t, phone);
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, parentId));
    expect((await verifyCode(t, phone, code)).statusCode).toBe(403);
  });
});

describe('the parent’s password', () => {
  it('is set once signed in by a code, then signs in with the phone; current password asked from then on', async () => {
    const { phone } = await guardian();
    const token = await signInParent(t, phone);
    const login = (password: string) =>
      t.inject({ method: 'POST', url: '/api/auth/parent/login', payload: { phone, password }, remoteAddress: '10.14.0.1' });
    expect((await login('Parent-Pass-42')).statusCode).toBe(401);
    const tooShort = await t.withToken(token).post('/api/parent/password', { newPassword: 'short' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().fields.newPassword).toBeTruthy();
    const set = await t.withToken(token).post('/api/parent/password', { newPassword: 'Parent-Pass-42' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().message).toBe(PARENT_MSG.passwordSet);
    // The token version moved on: the old session ended, the fresh token works.
    expect((await t.withToken(token).get('/api/parent/children')).statusCode).toBe(401);
    const fresh = set.json().token as string;
    expect((await t.withToken(fresh).get('/api/parent/children')).statusCode).toBe(200);
    const signedIn = await login('Parent-Pass-42');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.role).toBe('parent');
    const wrong = await login('Not-The-Pass-1');
    expect(wrong.statusCode).toBe(401);
    // Changing it now needs the current one.
    const without = await t.withToken(fresh).post('/api/parent/password', { newPassword: 'Another-Pass-43' });
    expect(without.statusCode).toBe(400);
    expect(without.json().fields.currentPassword).toBeTruthy();
    const changed = await t
      .withToken(fresh)
      .post('/api/parent/password', { currentPassword: 'Parent-Pass-42', newPassword: 'Another-Pass-43' });
    expect(changed.statusCode).toBe(200);
  });

  it('locks the phone from an address after repeated wrong passwords', async () => {
    const { phone } = await guardian();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/auth/parent/login',
        payload: { phone, password: 'Wrong-Pass-1' },
        remoteAddress: '10.15.0.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });
});

import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@app/common';
import { ADMIN, createTestApp, PASSWORD, type TestApp } from '../../../test/helpers.ts';
import { auditLog, mailOutbox, passwordResetTokens, users } from '../../db/schema.ts';

// A signed-in user changes their own password (docs/product.md sections 4, 5 and 7).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let nextIp = 10;
const freshIp = () => `10.4.0.${nextIp++}`;
const login = (email: string, password: string, ip = freshIp()) =>
  t.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
const signIn = async (email: string, password: string) => {
  const res = await login(email, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
};
const change = (token: string, payload: unknown, ip = freshIp()) =>
  t.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    payload: payload as object,
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: ip,
  });
const profileWith = async (token: string) => (await t.withToken(token).get('/api/auth/profile')).statusCode;
const body = (currentPassword: string, newPassword: string, confirmPassword = newPassword) => ({
  currentPassword,
  newPassword,
  confirmPassword,
});

describe('POST /api/auth/change-password', () => {
  it('changes the password: this session goes on with a fresh token, every other one ends, and the owner is mailed', async () => {
    const s = await t.createStudent({ firstName: 'Meera' });
    const here = await signIn(s.email, PASSWORD);
    const phone = await signIn(s.email, PASSWORD);
    await t.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: s.email }, remoteAddress: freshIp() });

    const res = await change(here, body(PASSWORD, 'Quiet-River-2024'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.passwordChanged, token: expect.any(String) });
    expect(res.body).not.toContain('Quiet-River-2024');
    const fresh = res.json().token as string;

    expect(await profileWith(fresh)).toBe(200);
    expect(await profileWith(here)).toBe(401);
    expect(await profileWith(phone)).toBe(401);
    expect((await login(s.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(s.email, 'Quiet-River-2024')).statusCode).toBe(200);

    // The link asked for before the change stops working.
    const links = await t.ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, s.id));
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((l) => l.usedAt !== null)).toBe(true);

    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, s.email)).orderBy(desc(mailOutbox.createdAt));
    expect(mail.subject).toBe('Law Coaching Institute: your password was changed');
    expect(mail.text).toContain('Dear Meera');
    expect(mail.text).toContain('Every other device where you were signed in has been signed out.');
    expect(mail.text).toContain('http://localhost:3000/forgot-password');
    expect(mail.text).not.toContain('Quiet-River-2024');

    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.change-password'), eq(auditLog.entityId, s.id)));
    expect(entry.actorId).toBe(s.id);
    expect(JSON.stringify(entry)).not.toMatch(/Quiet-River|argon2/);
  });

  it('a staff member changes theirs too', async () => {
    const [admin] = await t.ctx.db.select().from(users).where(eq(users.email, ADMIN.email));
    const token = await signIn(ADMIN.email, ADMIN.password);
    const res = await change(token, body(ADMIN.password, 'Admin-Renewed-Pass-5'));
    expect(res.statusCode, res.body).toBe(200);
    expect(await profileWith(res.json().token)).toBe(200);
    expect(await t.ctx.db.$count(auditLog, and(eq(auditLog.action, 'admin.change-password'), eq(auditLog.entityId, admin.id)))).toBe(1);
    // Back to the helpers' password for the other tests.
    expect((await change(res.json().token, body('Admin-Renewed-Pass-5', ADMIN.password))).statusCode).toBe(200);
  });

  it('a wrong current password answers 400 on that field and changes nothing', async () => {
    const s = await t.createStudent();
    const token = await signIn(s.email, PASSWORD);
    const res = await change(token, body('not-my-password', 'Quiet-River-2025'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: MSG.currentPasswordWrong,
      code: 'BAD_REQUEST',
      fields: { currentPassword: MSG.currentPasswordWrong },
    });
    expect(await profileWith(token)).toBe(200);
    expect((await login(s.email, PASSWORD)).statusCode).toBe(200);
    expect(await t.ctx.db.$count(mailOutbox, eq(mailOutbox.to, s.email))).toBe(0);
  });

  it('checks the new password as a reset does: length, confirmation, the common list; and that it is new', async () => {
    const s = await t.createStudent();
    const token = await signIn(s.email, PASSWORD);
    const cases: [unknown, Record<string, string>][] = [
      [body(PASSWORD, 'abc'), { newPassword: MSG.passwordTooShort, confirmPassword: MSG.passwordTooShort }],
      [body(PASSWORD, 'Quiet-River-2026', 'Quiet-River-2027'), { confirmPassword: MSG.passwordsDoNotMatch }],
      [body(PASSWORD, 'password123'), { newPassword: MSG.passwordTooCommon }],
      [body(PASSWORD, PASSWORD), { newPassword: MSG.newPasswordSameAsCurrent }],
      [
        {},
        {
          currentPassword: MSG.currentPasswordRequired,
          newPassword: 'Password is required',
          confirmPassword: 'Please confirm the password',
        },
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await change(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields, JSON.stringify(payload)).toEqual(fields);
    }
    expect((await login(s.email, PASSWORD)).statusCode).toBe(200);
    expect(await profileWith(token)).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/auth/change-password', payload: body(PASSWORD, 'Quiet-River-2028') });
    expect(res.statusCode).toBe(401);
  });

  it('is braked like sign-in: 5 wrong current passwords lock it for the account, from any address; a reset link lifts it', async () => {
    const s = await t.createStudent();
    const token = await signIn(s.email, PASSWORD);
    for (let i = 0; i < 5; i++) expect((await change(token, body(`guess-${i}-x`, 'Quiet-River-2029'))).statusCode).toBe(400);
    // Locked: the right one too, and from another address and another session.
    const other = await signIn(s.email, PASSWORD);
    for (const tk of [token, other]) {
      const res = await change(tk, body(PASSWORD, 'Quiet-River-2029'));
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: MSG.tooManyAttempts, code: 'TOO_MANY_REQUESTS' });
    }
    // Signing in is not what was guessed: it still works.
    expect((await login(s.email, PASSWORD)).statusCode).toBe(200);
    // A reset through the mailed link lifts the lock.
    await t.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: s.email }, remoteAddress: freshIp() });
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, s.email)).orderBy(desc(mailOutbox.createdAt));
    const link = /\/reset-password\/([\w-]+)/.exec(mail.text)?.[1];
    const reset = await t.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${link}`,
      payload: { password: 'Reset-Meadow-31', confirmPassword: 'Reset-Meadow-31' },
      remoteAddress: freshIp(),
    });
    expect(reset.statusCode).toBe(200);
    const after = await signIn(s.email, 'Reset-Meadow-31');
    expect((await change(after, body('Reset-Meadow-31', 'Quiet-River-2030'))).statusCode).toBe(200);
  });
});

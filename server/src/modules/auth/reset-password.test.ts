import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, type TestApp } from '../../../test/helpers.ts';
import { loginFailures, mailOutbox, passwordResetTokens } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const SENT = 'Password reset link has been sent to your email address. Please check your inbox.';
const SUCCESS = 'Password reset successfully! You can now login with your new password.';
const LINK = /http:\/\/localhost:3000\/reset-password\/([A-Za-z0-9_-]{43})(?=\s|$)/;

// The per-address limit on these routes is small; every test uses its own address.
let nextIp = 10;
const freshIp = () => `10.1.0.${nextIp++}`;
const forgot = (email: string, ip = freshIp()) =>
  t.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: ip });
const reset = (token: string, password: string, confirmPassword = password) =>
  t.inject({
    method: 'POST',
    url: `/api/auth/reset-password/${token}`,
    payload: { password, confirmPassword },
    remoteAddress: freshIp(),
  });
const login = (email: string, password: string, ip = freshIp()) =>
  t.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
const mailsTo = (to: string) => t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));

/** Asks for a reset link for the student and returns the token from the mail. */
async function requestToken(email: string) {
  const res = await forgot(email);
  expect(res.statusCode).toBe(200);
  const [mail] = await mailsTo(email);
  const match = mail?.text.match(LINK);
  expect(match, mail?.text).toBeTruthy();
  return match![1];
}

describe('POST /api/auth/forgot-password', () => {
  it('mails a reset link to a known account and answers the spec message', async () => {
    const s = await t.createStudent({ firstName: 'Asha' });
    const res = await forgot(s.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SENT });
    const mails = await mailsTo(s.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/reset/i);
    expect(mails[0].text).toContain('Dear Asha');
    expect(mails[0].text).toMatch(LINK);
    expect(mails[0].html).toContain(mails[0].text.match(LINK)![0]);
    expect(mails[0].status).toBe('kept');
    // Only the hash of the token is stored; it expires in one hour.
    const token = mails[0].text.match(LINK)![1];
    const [row] = await t.ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, s.id));
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row.tokenHash).not.toContain(token);
    const ttl = row.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);
  });

  it('answers an unknown e-mail exactly the same, and mails nothing', async () => {
    const before = await t.ctx.db.select().from(mailOutbox);
    const known = await t.createStudent();
    const a = await forgot('nobody-at-all@test.local');
    const b = await forgot(known.email);
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
    expect(await mailsTo('nobody-at-all@test.local')).toHaveLength(0);
    const after = await t.ctx.db.select().from(mailOutbox);
    expect(after.length).toBe(before.length + 1);
  });

  it('mails nothing to an inactive account, with the same answer', async () => {
    const s = await t.createStudent({ isActive: false });
    const res = await forgot(s.email);
    expect(res.json()).toEqual({ message: SENT });
    expect(await mailsTo(s.email)).toHaveLength(0);
  });

  it('finds the account whatever the case of the e-mail', async () => {
    const s = await t.createStudent();
    await forgot(s.email.toUpperCase());
    expect(await mailsTo(s.email)).toHaveLength(1);
  });

  it('answers missing or invalid e-mail with 400 and a message for the field', async () => {
    for (const [payload, message] of [
      [{}, 'Email is required'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    ] as const) {
      const res = await t.inject({ method: 'POST', url: '/api/auth/forgot-password', payload, remoteAddress: freshIp() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, code: 'BAD_REQUEST', fields: { email: message } });
    }
  });

  it('limits each account to 3 requests an hour from one address, known or not (4th → 429)', async () => {
    const s = await t.createStudent();
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await forgot(s.email, ip)).statusCode).toBe(200);
    const fourth = await forgot(s.email, ip);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ message: 'Too many attempts. Please wait a while and try again.', code: 'TOO_MANY_REQUESTS' });
    expect(await mailsTo(s.email)).toHaveLength(3);
    // The same limit for an unknown address: the answer does not tell them apart.
    for (let i = 0; i < 3; i++) expect((await forgot('ghost@test.local', ip)).statusCode).toBe(200);
    expect((await forgot('ghost@test.local', ip)).statusCode).toBe(429);
    // Other accounts are not affected.
    expect((await forgot((await t.createStudent()).email, ip)).statusCode).toBe(200);
  });

  it("a stranger spending an e-mail's budget does not deny its owner a reset link", async () => {
    const s = await t.createStudent();
    const stranger = freshIp();
    for (let i = 0; i < 3; i++) await forgot(s.email, stranger);
    expect((await forgot(s.email, stranger)).statusCode).toBe(429);
    // The owner, from their own address, still gets a link.
    expect((await forgot(s.email, freshIp())).statusCode).toBe(200);
    expect(await mailsTo(s.email)).toHaveLength(4);
  });

  it('limits each address', async () => {
    const ip = freshIp();
    let limitedAt = 0;
    for (let i = 1; i <= 60 && !limitedAt; i++) {
      const res = await forgot(`someone-${i}@test.local`, ip);
      if (res.statusCode === 429) limitedAt = i;
      else expect(res.statusCode).toBe(200);
    }
    expect(limitedAt).toBeGreaterThan(3);
    expect(limitedAt).toBeLessThanOrEqual(60);
    expect((await forgot('someone-else@test.local')).statusCode).toBe(200);
  });
});

describe('POST /api/auth/reset-password/{token}', () => {
  it('answers a bogus token with 400 and changes nothing', async () => {
    for (const token of ['bogus', 'A'.repeat(43), encodeURIComponent("'; drop table users; --")]) {
      const res = await reset(token, 'Brand-New-Pass-1');
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toEqual({ message: 'This password reset link is invalid or has expired.', code: 'BAD_REQUEST' });
    }
  });

  it('checks the passwords: mismatch, too short, missing, too common', async () => {
    const s = await t.createStudent();
    const token = await requestToken(s.email);

    const mismatch = await reset(token, 'Brand-New-Pass-1', 'Brand-New-Pass-2');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(mismatch.json().message).toBe('Passwords do not match');

    const short = await reset(token, 'abc', 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 6 characters long');
    expect(short.json().fields.password).toBe('Password must be at least 6 characters long');

    const missing = await t.inject({ method: 'POST', url: `/api/auth/reset-password/${token}`, payload: {}, remoteAddress: freshIp() });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(['confirmPassword', 'password']);

    const common = await reset(token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe('This password is too common. Please choose a less predictable one.');

    // None of those used the token up: it still works.
    expect((await reset(token, 'Brand-New-Pass-1')).statusCode).toBe(200);
  });

  it('sets the new password once: old password and old tokens stop working, the link cannot be used twice', async () => {
    const s = await t.createStudent();
    const oldToken = await t.tokenFor(s.email, PASSWORD);
    const resetToken = await requestToken(s.email);

    const res = await reset(resetToken, 'Fresh-Start-2024');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SUCCESS });

    expect((await login(s.email, 'Fresh-Start-2024')).statusCode).toBe(200);
    expect((await login(s.email, PASSWORD)).statusCode).toBe(401);
    expect((await t.withToken(oldToken).get('/api/auth/profile')).statusCode).toBe(401);

    const again = await reset(resetToken, 'Another-Pass-99');
    expect(again.statusCode).toBe(400);
    expect((await login(s.email, 'Another-Pass-99')).statusCode).toBe(401);
  });

  it('answers an expired token with 400', async () => {
    const s = await t.createStudent();
    const token = await requestToken(s.email);
    await t.ctx.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, s.id));
    const res = await reset(token, 'Too-Late-Pass-1');
    expect(res.statusCode).toBe(400);
    expect((await login(s.email, PASSWORD)).statusCode).toBe(200);
  });

  it('ends the other links of the account once one is used', async () => {
    const s = await t.createStudent();
    const first = await requestToken(s.email);
    const second = await requestToken(s.email);
    expect(first).not.toBe(second);
    expect(await reset(second, 'Second-Link-Pass')).toHaveProperty('statusCode', 200);
    expect((await reset(first, 'First-Link-Pass')).statusCode).toBe(400);
  });

  it('clears an account lockout', async () => {
    const s = await t.createStudent();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await login(s.email, 'wrong-password', ip);
    expect((await login(s.email, PASSWORD, ip)).statusCode).toBe(429);
    const token = await requestToken(s.email);
    expect((await reset(token, 'Unlocked-Pass-7')).statusCode).toBe(200);
    expect((await login(s.email, 'Unlocked-Pass-7', ip)).statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(loginFailures).where(eq(loginFailures.email, s.email));
    expect(rows.every((r) => r.failures === 0 && r.lockedUntil === null)).toBe(true);
  });
});

describe('outstanding reset links end with an admin action', () => {
  it("an admin's password reset revokes the links mailed before", async () => {
    const s = await t.createStudent();
    const token = await requestToken(s.email);
    expect((await t.admin.post(`/api/users/${s.id}/reset-password`)).statusCode).toBe(200);
    expect((await reset(token, 'Taken-Over-Pass-1')).statusCode).toBe(400);
  });

  it('a deactivation revokes them, also once the account is active again', async () => {
    const s = await t.createStudent();
    const token = await requestToken(s.email);
    expect((await t.admin.patch(`/api/users/${s.id}`, { isActive: false })).statusCode).toBe(200);
    expect((await reset(token, 'Taken-Over-Pass-2')).statusCode).toBe(400);
    expect((await forgot(s.email)).statusCode).toBe(200);
    expect(await mailsTo(s.email)).toHaveLength(1); // an inactive account is mailed no new link
    expect((await t.admin.patch(`/api/users/${s.id}`, { isActive: true })).statusCode).toBe(200);
    expect((await reset(token, 'Taken-Over-Pass-3')).statusCode).toBe(400);
    expect((await login(s.email, PASSWORD)).statusCode).toBe(200);
  });

  it('a deletion revokes them', async () => {
    const s = await t.createStudent();
    const token = await requestToken(s.email);
    expect((await t.admin.delete(`/api/users/${s.id}`)).statusCode).toBe(200);
    expect((await reset(token, 'Taken-Over-Pass-4')).statusCode).toBe(400);
    expect(await t.ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, s.id))).toEqual([]);
  });
});

import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATED_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, MSG } from '@app/common';
import { loginFailures, mailOutbox, passwordResetTokens, users } from '../../src/db/schema.ts';
import { seed } from '../../src/db/seed.ts';
import { createCourse } from '../../src/modules/payments/test-fixtures.ts';
import { createTestApp, PASSWORD, type TestApp } from '../helpers.ts';
import { tablesContaining } from './db-state.ts';

// Security (docs/security-verification.md), credentials: argon2id with OWASP parameters; generated passwords of at least 16 random
// characters (approval, admin reset, first admin); common passwords refused with a clear message while
// the spec's 6-character minimum stays; a lockout a stranger cannot stretch; reset tokens of at least
// 128 random bits, stored hashed.

let t: TestApp;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  courseId = (await createCourse(t))._id;
}, 60_000);
afterAll(async () => t?.close());

const login = (email: string, password: string) => t.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const hashOf = async (email: string) => (await t.ctx.db.select().from(users).where(eq(users.email, email)))[0].passwordHash;
const latestMail = async (to: string) =>
  (await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1))[0];

/** At least 16 characters drawn at random: no two alike, several character classes, enough entropy. */
function expectGenerated(passwords: string[]) {
  for (const p of passwords) {
    expect(p.length).toBeGreaterThanOrEqual(16);
    expect(p).toMatch(/[A-Z]/);
    expect(p).toMatch(/[a-z]/);
  }
  expect(new Set(passwords).size).toBe(passwords.length);
}

describe('generated passwords', () => {
  it('approving an admission gives a temporary password of at least 16 random characters that signs in', async () => {
    const approved: string[] = [];
    for (let i = 0; i < 3; i++) {
      const email = `approved-${i}-${crypto.randomUUID().slice(0, 6)}@test.local`;
      const request = await t.visitor.post('/api/admission-requests', {
        fullName: 'New Student',
        email,
        phone: '9876543210',
        address: 'Kolkata',
        education: 'Graduate',
        course: courseId,
        centre: 'dumdum',
        reason: 'Law',
      });
      expect(request.statusCode, request.body).toBe(201);
      const res = await t.admin.patch(`/api/admission-requests/admin/${request.json().request._id}/approve`, {});
      expect(res.statusCode, res.body).toBe(200);
      const password: string = res.json().user.temporaryPassword;
      approved.push(password);
      expect((await login(email, password)).statusCode).toBe(200);
      expect(await hashOf(email)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
    expectGenerated(approved);
  });

  it("an admin's password reset mails a new one of at least 16 characters; the old one stops working", async () => {
    const s = await t.createStudent();
    const sent: string[] = [];
    for (let i = 0; i < 2; i++) {
      expect((await t.admin.post(`/api/users/${s.id}/reset-password`)).statusCode).toBe(200);
      const password = /Temporary password: (\S+)/.exec((await latestMail(s.email)).text)?.[1] ?? '';
      sent.push(password);
    }
    expectGenerated(sent);
    expect((await login(s.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(s.email, sent[0])).statusCode).toBe(401);
    expect((await login(s.email, sent[1])).statusCode).toBe(200);
  });

  it('the first admin gets a generated password of at least 16 characters when none is configured', async () => {
    const email = `first-admin-${crypto.randomUUID().slice(0, 6)}@test.local`;
    const config = { ...t.ctx.config, ADMIN_EMAIL: email, ADMIN_PASSWORD: undefined };
    const first = await seed({ ...t.ctx, config }, { demo: false });
    expect(first).toMatchObject({ adminEmail: email, created: true });
    expectGenerated([first.generatedPassword as string]);
    expect((await login(email, first.generatedPassword as string)).statusCode).toBe(200);
    // A second start keeps it and generates nothing new.
    expect(await seed({ ...t.ctx, config }, { demo: false })).toEqual({ adminEmail: email, created: false });
    expect(GENERATED_PASSWORD_LENGTH).toBeGreaterThanOrEqual(16);
  });
});

describe('chosen passwords', () => {
  const createAdmin = (password: string) =>
    t.admin.post('/api/auth/create-admin', {
      firstName: 'New',
      lastName: 'Admin',
      email: `new-admin-${crypto.randomUUID().slice(0, 8)}@test.local`,
      password,
      confirmPassword: password,
    });

  it('a common password is refused with a clear message, whatever its case', async () => {
    for (const common of ['password', 'Password1', '123456', 'QWERTY123', 'iloveyou']) {
      const res = await createAdmin(common);
      expect(res.statusCode, common).toBe(400);
      expect(res.json()).toMatchObject({ message: MSG.passwordTooCommon, fields: { password: MSG.passwordTooCommon } });
    }
    expect(MSG.passwordTooCommon).toMatch(/common/i);
  });

  it('the 6-character minimum stays: 5 characters refused, 6 uncommon ones accepted', async () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    const short = await createAdmin('Xq7#p');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBe(MSG.passwordTooShort);
    expect((await createAdmin('Xq7#pz')).statusCode).toBe(201);
  });

  it('a reset through the e-mailed link refuses a common password too, and the link still works after', async () => {
    const s = await t.createStudent();
    expect((await t.visitor.post('/api/auth/forgot-password', { email: s.email })).statusCode).toBe(200);
    const token = /\/reset-password\/([^\s"<]+)/.exec((await latestMail(s.email)).text)?.[1] as string;
    const common = await t.visitor.post(`/api/auth/reset-password/${token}`, { password: 'password1', confirmPassword: 'password1' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(MSG.passwordTooCommon);
    const ok = await t.visitor.post(`/api/auth/reset-password/${token}`, { password: 'Quiet-Lake-41', confirmPassword: 'Quiet-Lake-41' });
    expect(ok.statusCode).toBe(200);
  });
});

describe('reset tokens', () => {
  it('carry at least 128 random bits, are stored only as a hash, work once', async () => {
    const s = await t.createStudent();
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      expect((await t.visitor.post('/api/auth/forgot-password', { email: s.email })).statusCode).toBe(200);
      tokens.push(/\/reset-password\/([^\s"<]+)/.exec((await latestMail(s.email)).text)?.[1] as string);
    }
    expect(tokens[0]).not.toBe(tokens[1]);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      // Only the e-mail holds the token itself; the database keeps its hash.
      expect(await tablesContaining(t.ctx.db, token)).toEqual(['mail_outbox']);
    }
    const rows = await t.ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, s.id));
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      // Short-lived: an hour or less.
      expect(r.expiresAt.getTime() - r.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000);
    }
    const body = { password: 'Fresh-Valley-73', confirmPassword: 'Fresh-Valley-73' };
    expect((await t.visitor.post(`/api/auth/reset-password/${tokens[1]}`, body)).statusCode).toBe(200);
    expect((await t.visitor.post(`/api/auth/reset-password/${tokens[1]}`, body)).statusCode).toBe(400);
    expect((await t.visitor.post(`/api/auth/reset-password/${tokens[0]}`, body)).statusCode).toBe(400);
  });
});

describe('lockout', () => {
  // Every request of this file comes from the same address (inject's default), so the lock per
  // e-mail and address is the one these tests reach.
  const lockOf = async (email: string) =>
    (
      await t.ctx.db
        .select({ until: loginFailures.lockedUntil, failures: loginFailures.failures })
        .from(loginFailures)
        .where(and(eq(loginFailures.email, email), eq(loginFailures.address, '127.0.0.1')))
    )[0];

  it('a stranger guessing on during the lock neither counts nor stretches it', async () => {
    const s = await t.createStudent();
    for (let i = 0; i < 5; i++) expect((await login(s.email, `guess-${i}`)).statusCode).toBe(401);
    const locked = await lockOf(s.email);
    expect(locked.until?.getTime()).toBeGreaterThan(Date.now());
    for (let i = 0; i < 10; i++) expect((await login(s.email, `more-${i}`)).statusCode).toBe(429);
    expect(await lockOf(s.email)).toEqual(locked);
  });

  it('never locks an account for more than 15 minutes, however many failures', async () => {
    const s = await t.createStudent();
    await t.ctx.db.insert(loginFailures).values({ email: s.email, address: '127.0.0.1', failures: 60 });
    expect((await login(s.email, 'yet-another-guess')).statusCode).toBe(401);
    const { until } = await lockOf(s.email);
    const ms = (until?.getTime() ?? 0) - Date.now();
    expect(ms).toBeGreaterThan(60_000);
    expect(ms).toBeLessThanOrEqual(15 * 60_000);
  });
});

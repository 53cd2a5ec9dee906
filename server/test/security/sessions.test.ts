import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../src/db/schema.ts';
import { createTestApp, PASSWORD, type TestApp } from '../helpers.ts';

// Security (docs/security-verification.md), tokens: a token stops working, through the real API, when its user is deactivated or deleted,
// resets the password (by link or by an admin), or signs out everywhere; a plain sign-out keeps the others.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

/** A fresh sign-in (a new session), not the helper's cached token. */
async function signIn(email: string, password = PASSWORD): Promise<string> {
  const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}
const statusWith = async (token: string, url = '/api/auth/profile') => (await t.withToken(token).get(url)).statusCode;

/** A student with two sessions (two devices), both working. */
async function studentWithTwoSessions() {
  const s = await t.createStudent();
  const sessions = [await signIn(s.email), await signIn(s.email)];
  for (const token of sessions) expect(await statusWith(token)).toBe(200);
  return { s, sessions };
}

describe('a token stops working', () => {
  it('when an admin deactivates the account, on every route, and stays dead after re-activation', async () => {
    const { s, sessions } = await studentWithTwoSessions();
    expect((await t.admin.patch(`/api/users/${s.id}`, { isActive: false })).statusCode).toBe(200);
    for (const token of sessions) {
      expect(await statusWith(token)).toBe(401);
      expect(await statusWith(token, '/api/results/student')).toBe(401);
    }
    expect((await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: s.email, password: PASSWORD } })).statusCode).toBe(
      403,
    );
    expect((await t.admin.patch(`/api/users/${s.id}`, { isActive: true })).statusCode).toBe(200);
    for (const token of sessions) expect(await statusWith(token)).toBe(401);
    expect(await statusWith(await signIn(s.email))).toBe(200);
  });

  it('when the account is inactive by any path, even with a current token version', async () => {
    // Deactivation also bumps the token version; this proves the active flag is checked on its own.
    const { s, sessions } = await studentWithTwoSessions();
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, s.id));
    for (const token of sessions) expect(await statusWith(token)).toBe(401);
    await t.ctx.db.update(users).set({ isActive: true }).where(eq(users.id, s.id));
    for (const token of sessions) expect(await statusWith(token)).toBe(200);
  });

  it("when its role is not the account's role, even if validly signed with the current version", async () => {
    // No route changes a role today; this proves the role in the row, not the token, decides.
    const s = await t.createStudent();
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, s.id));
    const asItself = await t.ctx.signer.sign({ sub: s.id, role: 'student', ver: row.tokenVersion });
    expect(await statusWith(asItself)).toBe(200);
    const asAdmin = await t.ctx.signer.sign({ sub: s.id, role: 'admin', ver: row.tokenVersion });
    expect(await statusWith(asAdmin)).toBe(401);
    expect(await statusWith(asAdmin, '/api/users')).toBe(401);
  });

  it('when an admin deletes the account', async () => {
    const { s, sessions } = await studentWithTwoSessions();
    expect((await t.admin.delete(`/api/users/${s.id}`)).statusCode).toBe(200);
    for (const token of sessions) expect(await statusWith(token)).toBe(401);
  });

  it('when the user resets the password through the e-mailed link', async () => {
    const { s, sessions } = await studentWithTwoSessions();
    expect((await t.visitor.post('/api/auth/forgot-password', { email: s.email })).statusCode).toBe(200);
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, s.email)).orderBy(desc(mailOutbox.createdAt));
    const link = /\/reset-password\/([^\s"<]+)/.exec(mail.text)?.[1];
    // Asking for a link changes nothing yet.
    for (const token of sessions) expect(await statusWith(token)).toBe(200);
    const reset = await t.visitor.post(`/api/auth/reset-password/${link}`, {
      password: 'Morning-Tide-58',
      confirmPassword: 'Morning-Tide-58',
    });
    expect(reset.statusCode).toBe(200);
    for (const token of sessions) expect(await statusWith(token)).toBe(401);
    expect(await statusWith(await signIn(s.email, 'Morning-Tide-58'))).toBe(200);
  });

  it('when an admin resets the password', async () => {
    const { s, sessions } = await studentWithTwoSessions();
    expect((await t.admin.post(`/api/users/${s.id}/reset-password`)).statusCode).toBe(200);
    for (const token of sessions) expect(await statusWith(token)).toBe(401);
  });

  it('everywhere when the user signs out of every device; a plain sign-out ends nothing else', async () => {
    const { s, sessions } = await studentWithTwoSessions();
    const plain = await t.withToken(sessions[0]).post('/api/auth/logout', {});
    expect(plain.statusCode).toBe(200);
    expect(await statusWith(sessions[1])).toBe(200);

    const everywhere = await t.withToken(sessions[1]).post('/api/auth/logout', { everywhere: true });
    expect(everywhere.statusCode).toBe(200);
    for (const token of sessions) expect(await statusWith(token)).toBe(401);
    // Signing in again works, and the new session is not ended by the old sign-out.
    const fresh = await signIn(s.email);
    expect(await statusWith(fresh)).toBe(200);
    // The old token cannot end the new session either.
    expect((await t.withToken(sessions[0]).post('/api/auth/logout', { everywhere: true })).statusCode).toBe(401);
    expect(await statusWith(fresh)).toBe(200);
  });

  it("and one user's sign-out everywhere leaves other users signed in", async () => {
    const a = await studentWithTwoSessions();
    const b = await studentWithTwoSessions();
    expect((await t.withToken(a.sessions[0]).post('/api/auth/logout', { everywhere: true })).statusCode).toBe(200);
    for (const token of b.sessions) expect(await statusWith(token)).toBe(200);
  });
});

describe('tokens read together', () => {
  it('answers each of many requests arriving at once by its own token: live, signed out, deactivated or forged', async () => {
    // Requests arriving in one turn of the event loop share their sign-in lookups (lib/batch-loader.ts).
    const live = await studentWithTwoSessions();
    const loggedOut = await studentWithTwoSessions();
    expect((await t.withToken(loggedOut.sessions[0]).post('/api/auth/logout', {})).statusCode).toBe(200);
    const deactivated = await studentWithTwoSessions();
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.s.id));
    const cases = [
      ...live.sessions.map((token) => ({ token, status: 200 })),
      { token: loggedOut.sessions[0], status: 401 },
      { token: loggedOut.sessions[1], status: 200 },
      ...deactivated.sessions.map((token) => ({ token, status: 401 })),
      { token: `${live.sessions[0].slice(0, -4)}AAAA`, status: 401 },
    ];
    const many = [...cases, ...cases, ...cases];
    const answers = await Promise.all(many.map((c) => t.withToken(c.token).get('/api/auth/profile')));
    expect(answers.map((a) => a.statusCode)).toEqual(many.map((c) => c.status));
    const profiles = answers.filter((a) => a.statusCode === 200).map((a) => a.json().email);
    expect(new Set(profiles)).toEqual(new Set([live.s.email, loggedOut.s.email]));
    const deactivatedAnswer = answers[many.findIndex((c) => c.token === deactivated.sessions[0])];
    expect(deactivatedAnswer.json().message).toBeTruthy();
  });
});

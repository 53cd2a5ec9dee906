import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@app/common';
import { SIGN_IN_RESET_SUGGESTED } from '@app/common/constants';
import { ADMIN, createTestApp, PASSWORD, type TestApp } from '../../../test/helpers.ts';
import { loginFailures, revokedTokens, users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

// Each test signs in from its own address so that the per-address limit of one test never affects another.
let nextIp = 10;
const freshIp = () => `10.0.0.${nextIp++}`;
const loginFrom = (ip: string, payload: unknown) =>
  t.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress: ip });
const login = (payload: unknown) => loginFrom(freshIp(), payload);

/** The sign-in failures of an e-mail from one address ('*': over every address). */
const lockState = async (email: string, address: string) => {
  const [row] = await t.ctx.db
    .select({ failures: loginFailures.failures, lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), eq(loginFailures.address, address)));
  return row ?? { failures: 0, lockedUntil: null };
};
const expireLocks = (email: string) =>
  t.ctx.db
    .update(loginFailures)
    .set({ lockedUntil: new Date(Date.now() - 1000) })
    .where(eq(loginFailures.email, email));

describe('POST /api/auth/login', () => {
  it('returns a token and the user, never a password hash', async () => {
    const res = await login(ADMIN);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(typeof body.token).toBe('string');
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.user).toMatchObject({ email: ADMIN.email, role: 'admin', isActive: true });
    expect(body.user._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.user.lastLogin).not.toBeNull();
    expect(res.body).not.toMatch(/password|argon2/i);
    // The token works for the profile call.
    const prof = await t.withToken(body.token).get('/api/auth/profile');
    expect(prof.statusCode).toBe(200);
    expect(prof.json().user.email).toBe(ADMIN.email);
    expect(prof.body).not.toMatch(/password|argon2/i);
  });

  it('finds the account whatever the case and spacing of the e-mail', async () => {
    const res = await login({ email: `  ${ADMIN.email.toUpperCase()} `, password: ADMIN.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(ADMIN.email);
  });

  it('answers a wrong password with 401 Invalid email or password', async () => {
    const s = await t.createStudent();
    const res = await login({ email: s.email, password: 'not-the-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'UNAUTHORIZED' });
  });

  it('answers an unknown e-mail exactly as a wrong password', async () => {
    const res = await login({ email: 'nobody-here@test.local', password: 'whatever-1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'UNAUTHORIZED' });
  });

  it('refuses an inactive user with 403 and a message, and ends their existing token', async () => {
    const s = await t.createStudent();
    const token = await t.tokenFor(s.email, PASSWORD);
    expect((await t.withToken(token).get('/api/auth/profile')).statusCode).toBe(200);

    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, s.id));

    const res = await login({ email: s.email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MSG.accountInactive, code: 'FORBIDDEN' });
    const prof = await t.withToken(token).get('/api/auth/profile');
    expect(prof.statusCode).toBe(401);
    // The 401 says why, so the web can tell the student on the sign-in page.
    expect(prof.json()).toEqual({ message: MSG.accountInactive, code: 'UNAUTHORIZED', reason: 'ACCOUNT_DEACTIVATED' });
    // A wrong password still says nothing about the account.
    expect((await login({ email: s.email, password: 'wrong-password' })).statusCode).toBe(401);
  });

  it('answers missing fields with 400 and a message per field', async () => {
    const res = await login({});
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.fields).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(body.message).toBe('Email is required');
  });

  it('answers invalid fields with 400 and a message per field', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [
        { email: 'not-an-email', password: '' },
        { email: 'Please enter a valid email address', password: 'Password is required' },
      ],
      [{ email: '   ', password: 'x' }, { email: 'Email is required' }],
      [
        { email: 42, password: 42 },
        { email: 'Email is required', password: 'Password is required' },
      ],
      [{ email: ADMIN.email }, { password: 'Password is required' }],
    ];
    for (const [payload, fields] of cases) {
      const res = await login(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields).toEqual(fields);
    }
  });

  it('answers a request without a body as one with every field missing', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: freshIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Email is required',
      code: 'BAD_REQUEST',
      fields: { email: 'Email is required', password: 'Password is required' },
    });
  });

  it('answers broken JSON or a body that is not an object with 400 (never 500)', async () => {
    const send = (payload: string, type = 'application/json') =>
      t.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: freshIp(), headers: { 'content-type': type }, payload });
    const broken = await send('{"email": ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'The request could not be read', code: 'BAD_REQUEST' });
    for (const res of [await send('[]'), await send('"text"'), await send('hello', 'text/plain')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'The request body must be a JSON object' });
    }
  });
});

describe('lockout per account and address', () => {
  it('locks an address after 5 failures with 429, even for the right password, until the lock expires', async () => {
    const s = await t.createStudent();
    const ip = freshIp();
    for (let i = 1; i <= 5; i++) {
      const res = await loginFrom(ip, { email: s.email, password: `wrong-${i}` });
      expect(res.statusCode, `failure ${i}`).toBe(401);
    }
    const state = await lockState(s.email, ip);
    expect(state.failures).toBe(5);
    expect(state.lockedUntil?.getTime()).toBeGreaterThan(Date.now());

    const locked = await loginFrom(ip, { email: s.email, password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TOO_MANY_REQUESTS');
    expect(locked.json().message).toMatch(/^Too many failed sign-in attempts\. Please try again in (a minute|\d+ minutes)\.$/);

    // The lock expires.
    await expireLocks(s.email);
    const ok = await loginFrom(ip, { email: s.email, password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(await lockState(s.email, ip)).toEqual({ failures: 0, lockedUntil: null });
  });

  it('a stranger failing from one address never keeps the owner out: the owner signs in from another', async () => {
    const s = await t.createStudent();
    const stranger = freshIp();
    // The attack of the report: five wrong passwords, then one more after each lock.
    for (let i = 0; i < 5; i++) await loginFrom(stranger, { email: s.email, password: `guess-${i}` });
    expect((await loginFrom(stranger, { email: s.email, password: 'guess-again' })).statusCode).toBe(429);
    await expireLocks(s.email);
    expect((await loginFrom(stranger, { email: s.email, password: 'guess-more' })).statusCode).toBe(401);
    expect((await loginFrom(stranger, { email: s.email, password: PASSWORD })).statusCode).toBe(429);
    // The owner, from an address that has not been failing, is let in with the right password.
    const owner = await loginFrom(freshIp(), { email: s.email, password: PASSWORD });
    expect(owner.statusCode).toBe(200);
    // Also the admin, the account of the report.
    for (let i = 0; i < 6; i++) await loginFrom(stranger, { email: ADMIN.email, password: `guess-${i}` });
    expect((await loginFrom(freshIp(), ADMIN)).statusCode).toBe(200);
  });

  it('guessing from many addresses stays braked: past 25 failures an address that failed is not heard, even with the right password', async () => {
    const s = await t.createStudent();
    const home = freshIp();
    expect((await loginFrom(home, { email: s.email, password: PASSWORD })).statusCode).toBe(200);
    // 25 guesses from 10 addresses, each under its own limit of 5.
    const guessers = Array.from({ length: 10 }, freshIp);
    for (let i = 0; i < 25; i++) {
      expect((await loginFrom(guessers[i % 10], { email: s.email, password: `spread-${i}` })).statusCode).toBe(401);
    }
    expect((await lockState(s.email, '*')).lockedUntil?.getTime()).toBeGreaterThan(Date.now());
    // A guessing address is not heard any more: even the right password gets a wrong password's answer
    // (it could be a lucky guess), with the hint to reset.
    const unheard = await loginFrom(guessers[0], { email: s.email, password: PASSWORD });
    expect(unheard.statusCode).toBe(401);
    expect(unheard.json()).toEqual({ message: MSG.invalidCredentials, code: 'UNAUTHORIZED', reason: SIGN_IN_RESET_SUGGESTED });
    // ...while the owner's usual address gets in.
    expect((await loginFrom(home, { email: s.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('locks for longer after each further failure', async () => {
    const s = await t.createStudent();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await loginFrom(ip, { email: s.email, password: 'wrong-again' });
    const first = (await lockState(s.email, ip)).lockedUntil!.getTime() - Date.now();
    await expireLocks(s.email);
    expect((await loginFrom(ip, { email: s.email, password: 'wrong-again' })).statusCode).toBe(401);
    const second = (await lockState(s.email, ip)).lockedUntil!.getTime() - Date.now();
    expect(second).toBeGreaterThan(first + 10_000);
    expect((await loginFrom(ip, { email: s.email, password: PASSWORD })).statusCode).toBe(429);
  });

  it('does not lock another account', async () => {
    const a = await t.createStudent();
    const b = await t.createStudent();
    const ip = freshIp();
    for (let i = 0; i < 6; i++) await loginFrom(ip, { email: a.email, password: 'nope-nope' });
    expect((await loginFrom(ip, { email: b.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('the lock answers alike for an e-mail with and without an account (no oracle)', async () => {
    const s = await t.createStudent();
    const ip = freshIp();
    const answers = async (email: string) => {
      const codes: number[] = [];
      const bodies: unknown[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await loginFrom(ip, { email, password: `wrong-${i}` });
        codes.push(res.statusCode);
        bodies.push(res.json());
      }
      return { codes, bodies };
    };
    const known = await answers(s.email);
    const unknown = await answers(`nobody-${nextIp}@test.local`);
    expect(known.codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(unknown).toEqual(known);
  });
});

describe('the brake over every address never keeps the owner out', () => {
  // The clock moves on by lock periods without waiting: only Date is faked, so the database and the
  // server's own timers run as usual.
  afterEach(() => {
    vi.useRealTimers();
  });
  const wait = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it('after 30 failures from 10 addresses, and one more guess each lock period, the owner signs in from a new address', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const s = await t.createStudent();
    const guessers = Array.from({ length: 10 }, freshIp);
    const answers: unknown[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await loginFrom(guessers[i % 10], { email: s.email, password: `spread-${i}` });
      answers.push([res.statusCode, res.json().message]);
    }
    // Every one of them reads as a wrong password (3 per address stays under the address's own lock).
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify([401, MSG.invalidCredentials])]));
    const brake = await lockState(s.email, '*');
    expect(brake.lockedUntil?.getTime()).toBeGreaterThan(Date.now());

    // The guesser goes on with one wrong guess each time the brake's lock runs out, from a new address.
    for (let period = 0; period < 3; period++) {
      const { lockedUntil } = await lockState(s.email, '*');
      wait(Math.max(0, (lockedUntil?.getTime() ?? Date.now()) - Date.now()) + 1000);
      expect((await loginFrom(freshIp(), { email: s.email, password: `later-${period}` })).statusCode).toBe(401);
    }
    // The owner, from an address never used before, with the right password: in, at once (within a lock period).
    const owner = await loginFrom(freshIp(), { email: s.email, password: PASSWORD });
    expect(owner.statusCode, owner.body).toBe(200);
    // Which lifts the brake for every address: a guesser's address starts again from its own count.
    expect(await lockState(s.email, '*')).toEqual({ failures: 0, lockedUntil: null });
    expect((await loginFrom(freshIp(), { email: s.email, password: PASSWORD })).statusCode).toBe(200);
    const again = await loginFrom(guessers[1], { email: s.email, password: 'after-the-owner' });
    expect(again.json()).toEqual({ message: MSG.invalidCredentials, code: 'UNAUTHORIZED' });
  });

  it('while the brake holds, every refusal is a wrong password with the reset hint, checked or not', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const s = await t.createStudent();
    const guessers = Array.from({ length: 10 }, freshIp);
    for (let i = 0; i < 25; i++) await loginFrom(guessers[i % 10], { email: s.email, password: `spread-${i}` });
    const hinted = { message: MSG.invalidCredentials, code: 'UNAUTHORIZED', reason: SIGN_IN_RESET_SUGGESTED };
    // A guessing address, not heard...
    expect((await loginFrom(guessers[2], { email: s.email, password: 'one-more' })).json()).toEqual(hinted);
    // ...and a new address whose wrong password was checked answer alike.
    const fresh = freshIp();
    expect((await loginFrom(fresh, { email: s.email, password: 'one-more' })).json()).toEqual(hinted);
    // That address has now failed too: it is not heard either, for as long as the brake holds.
    expect((await loginFrom(fresh, { email: s.email, password: PASSWORD })).json()).toEqual(hinted);
    // An unknown e-mail is braked the same way.
    const nobody = `nobody-brake-${nextIp}@test.local`;
    for (let i = 0; i < 25; i++) await loginFrom(guessers[i % 10], { email: nobody, password: `spread-${i}` });
    expect((await loginFrom(guessers[2], { email: nobody, password: 'one-more' })).json()).toEqual(hinted);
    // Once the lock runs out without the owner, a guessing address is heard again (within its own limit).
    const { lockedUntil } = await lockState(s.email, '*');
    wait((lockedUntil?.getTime() ?? 0) - Date.now() + 1000);
    expect((await loginFrom(guessers[3], { email: s.email, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('per-address limit', () => {
  it('answers 429 past the limit from one address, and not from another', async () => {
    const ip = freshIp();
    // Requests with a bad body are cheap and still count: the limit runs before anything else.
    let limitedAt = 0;
    for (let i = 1; i <= 700 && !limitedAt; i++) {
      const res = await loginFrom(ip, {});
      if (res.statusCode === 429) limitedAt = i;
      else expect(res.statusCode).toBe(400);
    }
    // Broad on purpose (a whole exam hall behind one address), but there is a limit.
    expect(limitedAt).toBeGreaterThan(100);
    expect(limitedAt).toBeLessThanOrEqual(700);

    const blocked = await loginFrom(ip, ADMIN);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: MSG.tooManyAttempts, code: 'TOO_MANY_REQUESTS' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    expect((await loginFrom(freshIp(), ADMIN)).statusCode).toBe(200);
  });
});

describe('registration and sign-out', () => {
  it('answers POST /api/auth/register with 403 and the spec message', async () => {
    const res = await t.visitor.post('/api/auth/register', {
      firstName: 'New',
      lastName: 'Person',
      email: 'new-person@test.local',
      password: 'Some-Pass-77',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Registration is not available. Please submit an admission request instead.',
      code: 'FORBIDDEN',
    });
    const [created] = await t.ctx.db.select().from(users).where(eq(users.email, 'new-person@test.local'));
    expect(created).toBeUndefined();
  });

  it('POST /api/auth/logout needs a token, and takes no body at all', async () => {
    expect((await t.visitor.post('/api/auth/logout', {})).statusCode).toBe(401);
    const s = await t.createStudent();
    const token = await t.tokenFor(s.email, PASSWORD);
    const res = await t.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
  });

  it('logout revokes that token on the server: a copy of it no longer works', async () => {
    const s = await t.createStudent();
    const token = (await login({ email: s.email, password: PASSWORD })).json().token;
    expect((await t.withToken(token).post('/api/auth/logout', {})).statusCode).toBe(200);
    const after = await t.withToken(token).get('/api/auth/profile');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: MSG.sessionEnded, code: 'UNAUTHORIZED', reason: 'SESSION_ENDED' });
    // Kept in the database (every instance sees it), until the token would have expired anyway.
    const [row] = await t.ctx.db.select().from(revokedTokens);
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 24 * 3600_000);
  });

  it('logout without everywhere keeps other sessions; with everywhere it ends all of them', async () => {
    const s = await t.createStudent();
    const first = (await login({ email: s.email, password: PASSWORD })).json().token;
    const second = (await login({ email: s.email, password: PASSWORD })).json().token;

    const third = (await login({ email: s.email, password: PASSWORD })).json().token;

    const plain = await t.withToken(first).post('/api/auth/logout', {});
    expect(plain.statusCode).toBe(200);
    expect(plain.json().message).toEqual(expect.any(String));
    expect((await t.withToken(first).get('/api/auth/profile')).statusCode).toBe(401);
    expect((await t.withToken(second).get('/api/auth/profile')).statusCode).toBe(200);

    const all = await t.withToken(second).post('/api/auth/logout', { everywhere: true });
    expect(all.statusCode).toBe(200);
    expect((await t.withToken(second).get('/api/auth/profile')).statusCode).toBe(401);
    expect((await t.withToken(third).get('/api/auth/profile')).statusCode).toBe(401);

    // Signing in again gives a working token.
    const fresh = (await login({ email: s.email, password: PASSWORD })).json().token;
    expect((await t.withToken(fresh).get('/api/auth/profile')).statusCode).toBe(200);
  });
});

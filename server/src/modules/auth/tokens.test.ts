import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, PASSWORD, type TestApp } from '../../../test/helpers.ts';
import { users } from '../../db/schema.ts';
import { TokenSigner } from '../../lib/tokens.ts';

// A known secret lets the tests forge tokens exactly as an attacker who knew it could not.
const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JWT_SECRET: SECRET });
});
afterAll(() => t?.close());

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const mac = (data: string, secret = SECRET) => createHmac('sha256', secret).update(data).digest('base64url');
/** A token built by hand: any header and payload, signed with the app's secret unless told otherwise. */
const forge = (header: unknown, payload: unknown, secret = SECRET) => {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${mac(body, secret)}`;
};
const HS256 = { alg: 'HS256', typ: 'JWT' };
const profileWith = (token: string) => t.withToken(token).get('/api/auth/profile');
const expect401 = async (token: string) => {
  const res = await profileWith(token);
  expect(res.statusCode, token).toBe(401);
  expect(res.json()).toEqual({ message: 'Please sign in to continue', code: 'UNAUTHORIZED' });
};
/** A genuine token the server has ended: the 401 says so, for the sign-in page to tell the user. */
const expectEnded = async (token: string) => {
  const res = await profileWith(token);
  expect(res.statusCode, token).toBe(401);
  expect(res.json()).toEqual({ message: 'Your session has ended. Please sign in again.', code: 'UNAUTHORIZED', reason: 'SESSION_ENDED' });
};
/** Changes one character at position i to a different one of the same alphabet. */
const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);

let adminToken: string;
let adminClaims: { sub: string; role: 'admin'; ver: number; jti: string; aud: string; iat: number; exp: number };
beforeAll(async () => {
  adminToken = await t.tokenFor(ADMIN.email, ADMIN.password);
  adminClaims = JSON.parse(Buffer.from(adminToken.split('.')[1], 'base64url').toString());
});

describe('GET /api/auth/profile', () => {
  it('answers the signed-in user', async () => {
    const res = await profileWith(adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: ADMIN.email, role: 'admin', _id: adminClaims.sub });
  });

  it('answers 401 without a token or with a malformed header', async () => {
    expect((await t.visitor.get('/api/auth/profile')).statusCode).toBe(401);
    for (const authorization of ['Bearer', 'Bearer ', 'Basic abc', `bearer${adminToken}`, 'Bearer a.b', 'Bearer a.b.c.d']) {
      const res = await t.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
    }
  });

  it('answers 401 when one character of the signature is changed', async () => {
    const sigStart = adminToken.lastIndexOf('.') + 1;
    await expect401(flip(adminToken, sigStart));
    await expect401(flip(adminToken, sigStart + 10));
    await expect401(adminToken.slice(0, -1));
    await expect401(`${adminToken.slice(0, sigStart)}`);
  });

  it('answers 401 when one character of the payload is changed', async () => {
    const payloadStart = adminToken.indexOf('.') + 1;
    await expect401(flip(adminToken, payloadStart + 5));
    // A payload promoting a student to admin, keeping the student's signature.
    const s = await t.createStudent();
    const studentToken = await t.tokenFor(s.email, PASSWORD);
    const [h, p, sig] = studentToken.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    await expect401(`${h}.${b64({ ...claims, role: 'admin' })}.${sig}`);
  });

  it('answers 401 for an expired token', async () => {
    const signer = new TokenSigner(Buffer.from(SECRET), 3600);
    const claims = { sub: adminClaims.sub, role: 'admin' as const, ver: adminClaims.ver };
    // Same secret: a token signed now works, one signed two hours ago has expired.
    expect((await profileWith(await signer.sign(claims))).statusCode).toBe(200);
    await expect401(await signer.sign(claims, Date.now() - 2 * 3600_000));
    await expect401(await t.ctx.signer.sign(claims, Date.now() - 365 * 24 * 3600_000));
  });

  it('answers 401 for alg none, another algorithm or another header', async () => {
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(adminClaims)}.`;
    await expect401(unsigned);
    await expect401(forge({ alg: 'none', typ: 'JWT' }, adminClaims));
    await expect401(forge({ alg: 'HS512', typ: 'JWT' }, adminClaims));
    await expect401(forge({ typ: 'JWT', alg: 'HS256' }, adminClaims)); // same claims, different header bytes
    await expect401(forge({ alg: 'HS256', typ: 'JWT', kid: 'other' }, adminClaims));
    // The control: our exact header with our secret is accepted, so the rejections above are about the header.
    expect((await profileWith(forge(HS256, adminClaims))).statusCode).toBe(200);
  });

  it('answers 401 for a token of another audience, another secret, or with claims missing', async () => {
    await expect401(forge(HS256, { ...adminClaims, aud: 'another-app' }));
    const { aud: _a, ...noAudience } = adminClaims;
    await expect401(forge(HS256, noAudience));
    const { exp: _e, ...noExpiry } = adminClaims;
    await expect401(forge(HS256, noExpiry));
    await expect401(forge(HS256, { ...adminClaims, ver: String(adminClaims.ver) }));
    await expect401(forge(HS256, { ...adminClaims, role: 'superuser' }));
    await expect401(forge(HS256, { ...adminClaims, sub: 'not-a-uuid' }));
    const { jti: _j, ...noId } = adminClaims;
    await expect401(forge(HS256, noId));
    // An unknown account: its session has ended (deleted), whoever it was.
    await expectEnded(forge(HS256, { ...adminClaims, sub: '00000000-0000-4000-8000-000000000000' }));
    await expect401(forge(HS256, adminClaims, 'another-secret-that-is-also-long-enough!'));
    await expect401(`${b64(HS256)}.${b64('not json')}.${mac(`${b64(HS256)}.${b64('not json')}`)}`);
  });

  it('answers 401 when the role in the token no longer matches the account', async () => {
    const s = await t.createStudent();
    const claims = { sub: s.id, role: 'admin' as const, ver: 0 };
    await expectEnded(await t.ctx.signer.sign(claims));
    expect((await profileWith(await t.ctx.signer.sign({ ...claims, role: 'student' }))).statusCode).toBe(200);
  });

  it('answers 401 for the token of a deleted user', async () => {
    const s = await t.createStudent();
    const token = await t.tokenFor(s.email, PASSWORD);
    expect((await profileWith(token)).statusCode).toBe(200);
    await t.ctx.db.delete(users).where(eq(users.id, s.id));
    await expectEnded(token);
  });

  it('answers 401 for a token of an older version (password reset, sign out everywhere)', async () => {
    const s = await t.createStudent();
    const token = await t.tokenFor(s.email, PASSWORD);
    await t.ctx.db
      .update(users)
      .set({ tokenVersion: s.tokenVersion + 1 })
      .where(eq(users.id, s.id));
    await expectEnded(token);
  });

  it('answers 401, never 500, for a validly signed token whose subject is not a UUID', async () => {
    // Before the fix, 36 characters of [0-9a-f-] reached the database as a uuid and failed there.
    for (const sub of ['a'.repeat(36), '-'.repeat(36), 'ffffffff-ffff-ffff-ffff-fffffffffffff', 'ABCDEF', '']) {
      await expect401(forge(HS256, { ...adminClaims, sub }));
      expect((await t.withToken(forge(HS256, { ...adminClaims, sub })).get('/api/users')).statusCode, sub).toBe(401);
    }
  });
});

describe('tokens and roles on guarded routes', () => {
  it('a bad token on a public route is treated as a visitor, not an error', async () => {
    const res = await t.withToken('garbage').get('/api/centres');
    expect(res.statusCode).toBe(200);
  });

  it('a forged admin token cannot create an admin', async () => {
    const s = await t.createStudent();
    const forged = forge(HS256, {
      sub: s.id,
      role: 'admin',
      ver: 0,
      jti: 'forged-token-id-0000000',
      aud: 'lawcoach-api',
      iat: 0,
      exp: 4102444800,
    });
    const res = await t.withToken(forged).post('/api/auth/create-admin', {
      firstName: 'Evil',
      lastName: 'Admin',
      email: 'evil@test.local',
      password: 'Evil-Pass-123',
    });
    expect(res.statusCode).toBe(401);
  });
});

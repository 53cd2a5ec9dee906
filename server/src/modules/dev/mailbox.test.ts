import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@app/common';
import { ADMIN, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { users } from '../../db/schema.ts';

// The development mailbox holds reset links and temporary passwords (docs/product.md section 4): the
// takeover of the report was forgot-password, read the mailbox, reset, sign in as admin.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const mailbox = (opts: { from?: string; token?: string; headers?: Record<string, string> } = {}) =>
  t.inject({
    method: 'GET',
    url: `/api/dev/mailbox?to=${encodeURIComponent(ADMIN.email)}`,
    remoteAddress: opts.from ?? '127.0.0.1',
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
  });

describe('GET /api/dev/mailbox', () => {
  it('a visitor cannot read the admin reset link: the four-request takeover fails', async () => {
    const forgot = await t.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: ADMIN.email },
      remoteAddress: '203.0.113.7',
    });
    expect(forgot.statusCode).toBe(200);
    for (const from of ['203.0.113.7', '127.0.0.1']) {
      const res = await mailbox({ from });
      expect(res.statusCode, from).toBe(401);
      expect(res.json()).toEqual({ message: MSG.mailboxAdminsOnly, code: 'UNAUTHORIZED' });
      expect(res.body).not.toContain('reset-password');
    }
  });

  it('a student is refused (403); a signed-in admin reads it', async () => {
    const s = await t.createStudent();
    expect((await s.client.get('/api/dev/mailbox')).statusCode).toBe(403);
    const admin = await mailbox({ token: await t.tokenFor(ADMIN.email, ADMIN.password), from: '203.0.113.8' });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()[0].text).toMatch(/\/reset-password\//);
  });

  it('before any admin exists, only a request from the server itself may read it (never through a proxy)', async () => {
    const [admin] = await t.ctx.db.select().from(users).where(eq(users.email, ADMIN.email));
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, admin.id));
    try {
      expect((await mailbox({ from: '127.0.0.1' })).statusCode).toBe(200);
      expect((await mailbox({ from: '::1' })).statusCode).toBe(200);
      expect((await mailbox({ from: '198.51.100.4' })).statusCode).toBe(401);
      // A reverse proxy on the same machine makes every visitor look local; its headers give it away.
      expect((await mailbox({ from: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.4' } })).statusCode).toBe(401);
      expect((await mailbox({ from: '127.0.0.1', headers: { forwarded: 'for=198.51.100.4' } })).statusCode).toBe(401);
    } finally {
      await t.ctx.db.update(users).set({ isActive: true }).where(eq(users.id, admin.id));
    }
  });
});

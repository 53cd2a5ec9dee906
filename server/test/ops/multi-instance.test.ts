import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, query, repoRoot, type ServerProcess, startServer } from './processes.ts';

// Several instances behind a load balancer on one PostgreSQL (docs/operations.md, docs/operations.md):
// two real server processes started at the same moment on one fresh database.

const BASE = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// POST /api/auth/login allows 600 calls per address per minute (server/src/modules/auth/routes.ts): more
// than either instance alone sees below.
const LOGIN_LIMIT = 600;
const ADMIN = { email: 'ops-admin@test.local', password: 'Ops-Admin-Password-1' };
const journal = JSON.parse(fs.readFileSync(path.join(repoRoot, 'server/src/db/migrations/meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describe.skipIf(!BASE)('two instances on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPgDatabase>>;
  const prefix = `lawcoach-test:${randomUUID()}:`;
  const dataDirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createPgDatabase(BASE as string);
    // Production settings (the gateway and mail server are never called here).
    const env = () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lawcoach-ops-'));
      dataDirs.push(dataDir);
      return {
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        JWT_SECRET: `ops-test-${randomUUID()}-${randomUUID()}`,
        PUBLIC_URL: 'https://institute.test',
        SMTP_URL: 'smtp://127.0.0.1:1',
        PAYMENT_GATEWAY: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_ops',
        RAZORPAY_KEY_SECRET: 'ops-key-secret',
        RAZORPAY_WEBHOOK_SECRET: 'ops-webhook-secret',
        RAZORPAY_API_URL: 'http://127.0.0.1:1',
        REDIS_URL,
        REDIS_KEY_PREFIX: prefix,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: 'true',
      };
    };
    const shared = env();
    // Same secret on both: a token from one must be good on the other.
    [a, b] = await Promise.all([startServer(shared), startServer({ ...env(), JWT_SECRET: shared.JWT_SECRET })]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }, 60_000);

  it('applies the migrations exactly once, and seeds the demo content once', async () => {
    const rows = await query<{ hash: string }>(database.url, 'select hash from drizzle.__drizzle_migrations');
    expect(rows).toHaveLength(journal.entries.length);
    expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length);

    const said = [a, b].map((s) => s.logs().find((l) => typeof l.msg === 'string' && l.msg.startsWith('database migrations')));
    expect(said.map((l) => l?.applied).sort()).toEqual([0, journal.entries.length]);

    for (const [table, column] of [
      ['courses', 'name'],
      ['announcements', 'title'],
      ['gallery_images', 'title'],
      ['exams', 'title'],
    ]) {
      const twice = await query(database.url, `select ${column} from ${table} group by ${column} having count(*) > 1`);
      expect(twice, `${table} seeded twice`).toEqual([]);
    }
    const admins = await query(database.url, 'select id from users where email = $1', [ADMIN.email]);
    expect(admins).toHaveLength(1);
  });

  it('accepts on one instance a sign-in made on the other', async () => {
    const login = await fetch(`${a.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const profile = await fetch(`${b.baseUrl}/api/auth/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { user: { email: string } }).user.email).toBe(ADMIN.email);
  });

  it('counts the login rate limit across both instances (REDIS_URL)', async () => {
    for (const s of [a, b]) {
      const ready = (await (await fetch(`${s.baseUrl}/api/ready`)).json()) as { rateLimits: string };
      expect(ready.rateLimits).toBe('redis');
    }
    // Alternate between the instances; an empty body is counted, then refused (400) without any hashing.
    const attempt = (i: number) =>
      fetch(`${(i % 2 === 0 ? a : b).baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    // Whatever this address has used so far (the sign-in above) counts too: the limit is per address.
    const first = await attempt(0);
    expect(first.status).toBe(400);
    const remaining = Number(first.headers.get('x-ratelimit-remaining'));
    expect(remaining).toBeGreaterThan(LOGIN_LIMIT / 2);
    const statuses: number[] = [];
    for (let i = 1; i <= remaining; i += 20) {
      const batch = await Promise.all(Array.from({ length: Math.min(20, remaining - i + 1) }, (_, j) => attempt(i + j)));
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses).toHaveLength(remaining);
    expect(statuses.filter((s) => s !== 400)).toEqual([]);
    // Each instance has seen only half the limit, yet both now refuse this address.
    expect((await attempt(0)).status).toBe(429);
    expect((await attempt(1)).status).toBe(429);
  }, 60_000);
});

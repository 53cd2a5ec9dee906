import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../src/db/seed-staff.ts';
import { createPgDatabase, query, startServer } from './processes.ts';

// A production start makes no demo staff account and prints no password but the admin's (docs/operations.md,
// "Demo content"): the real entry point, on a database of its own, as an institute would start it.

const BASE = process.env.TEST_DATABASE_URL;
const ADMIN = { email: 'prod-admin@test.local', password: 'Prod-Admin-Password-1' };

describe.skipIf(!BASE)('a production start', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const clean of cleanups) await clean();
  }, 60_000);

  async function startProduction(extra: Record<string, string>) {
    const database = await createPgDatabase(BASE as string);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lawcoach-prod-'));
    cleanups.push(async () => {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const server = await startServer({
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: `prod-test-${randomUUID()}-${randomUUID()}`,
      PUBLIC_URL: 'https://institute.test',
      // Never called here.
      SMTP_URL: 'smtp://127.0.0.1:1',
      PAYMENT_GATEWAY: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_prod',
      RAZORPAY_KEY_SECRET: 'prod-key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'prod-webhook-secret',
      RAZORPAY_API_URL: 'http://127.0.0.1:1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...extra,
    });
    // The banner follows the "listening" line.
    const deadline = Date.now() + 15_000;
    while (!server.output.some((l) => l.includes('Sign in as admin')) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    await server.stop();
    const staff = await query<{ email: string }>(database.url, 'select email from users where email = any($1)', [
      DEMO_STAFF.map((s) => s.email),
    ]);
    const [{ n: courses }] = await query<{ n: number }>(database.url, 'select count(*)::int as n from courses');
    return { output: server.output.join('\n'), staff, courses };
  }

  const expectNoDemoStaff = (started: Awaited<ReturnType<typeof startProduction>>) => {
    expect(started.output).toContain('Sign in as admin');
    expect(started.staff).toEqual([]);
    expect(started.output).not.toContain('Demo staff');
    for (const s of DEMO_STAFF) expect(started.output).not.toContain(s.email);
    expect(started.output).not.toMatch(/password: (?!the ADMIN_PASSWORD you set)/);
  };

  it('with SEED_DEMO left unset: neither demo content nor demo staff, and no password in the journal', async () => {
    const started = await startProduction({});
    expectNoDemoStaff(started);
    expect(started.courses).toBe(0);
  }, 180_000);

  it('with SEED_DEMO=true: the demo content, still without demo staff', async () => {
    const started = await startProduction({ SEED_DEMO: 'true' });
    expectNoDemoStaff(started);
    expect(started.courses).toBeGreaterThan(0);
  }, 180_000);
});

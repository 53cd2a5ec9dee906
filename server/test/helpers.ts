import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, RouteOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/db/client.ts';
import { seed } from '../src/db/seed.ts';
import { users } from '../src/db/schema.ts';
import { hashPassword } from '../src/lib/passwords.ts';

export const ADMIN = { email: 'admin@test.local', password: 'Admin-Password-1' };
export const PASSWORD = 'Student-Pass-9';

/** A fresh database per test file: in-memory PGlite, or a new PostgreSQL database when TEST_DATABASE_URL is set. */
async function freshDatabase() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => {} };
  const name = `test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export type TestAppOptions = { onRoute?: (route: RouteOptions) => void; logger?: object };

export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}) {
  const database = await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lawcoach-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_DEMO: 'false',
    ...env,
  });
  const dbHandle = await openDb({ url: config.DATABASE_URL, dataDir: null });
  await dbHandle.migrate();
  const app = await buildApp({ config, dbHandle, onRoute: options.onRoute, logger: options.logger });
  await seed(app.ctx, { demo: config.SEED_DEMO });
  await app.ready();

  const tokens = new Map<string, string>();
  async function tokenFor(email: string, password: string) {
    const key = `${email}:${password}`;
    const cached = tokens.get(key);
    if (cached) return cached;
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
    const token = res.json().token as string;
    tokens.set(key, token);
    return token;
  }

  /**
   * A call through the app, as a client would make it; what the request left for after its answer
   * (forgot-password's link and mail) is done before the test goes on, as it is long before a person
   * reads their mail.
   */
  async function inject(opts: InjectOptions) {
    const res = await app.inject(opts);
    await app.ctx.afterReply.idle();
    return res;
  }

  /** A client that calls the app as someone: `as.admin.get('/api/...')`. */
  const client = (getToken: () => Promise<string | null>) => {
    const call = async (method: InjectOptions['method'], url: string, payload?: unknown) => {
      const token = await getToken();
      return inject({
        method,
        url,
        payload: payload as InjectOptions['payload'],
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    };
    return {
      get: (url: string) => call('GET', url),
      post: (url: string, body?: unknown) => call('POST', url, body ?? {}),
      put: (url: string, body?: unknown) => call('PUT', url, body ?? {}),
      patch: (url: string, body?: unknown) => call('PATCH', url, body ?? {}),
      delete: (url: string) => call('DELETE', url),
    };
  };

  let studentCount = 0;
  async function createStudent(overrides: Partial<typeof users.$inferInsert> = {}) {
    studentCount++;
    const [row] = await app.ctx.db
      .insert(users)
      .values({
        firstName: 'Student',
        lastName: `Number${studentCount}`,
        email: `student${studentCount}-${randomUUID().slice(0, 6)}@test.local`,
        role: 'student',
        passwordHash: await hashPassword(PASSWORD),
        registrationNumber: `REG-TEST-${randomUUID().slice(0, 8)}`,
        centreId: 'dumdum',
        courseInterest: 'CLAT Preparation',
        ...overrides,
      })
      .returning();
    // A student always has an e-mail (only a parent's account may have none: docs/product-parents.md).
    const email = row.email as string;
    return { ...row, email, client: client(() => tokenFor(email, PASSWORD)) };
  }

  return {
    app,
    ctx: app.ctx,
    config,
    visitor: client(async () => null),
    admin: client(() => tokenFor(ADMIN.email, ADMIN.password)),
    withToken: (token: string) => client(async () => token),
    tokenFor,
    createStudent,
    inject,
    close: async () => {
      await app.close();
      await dbHandle.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDb } from '../../src/db/client.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

// Liveness and readiness for the load balancer (docs/operations.md, "Health and readiness").

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /api/health (liveness)', () => {
  it('answers 200 without asking anything of the database', async () => {
    const res = await t.visitor.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/ready (readiness)', () => {
  it('is ready when the database answers and every migration is applied', async () => {
    const res = await t.visitor.get('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'ok', rateLimits: 'memory' });
  });

  it('is not ready (503) while the newest migration of this build is missing', async () => {
    const db = t.ctx.db;
    const [newest] = (await db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`))
      .rows as { id: number; hash: string; created_at: string }[];
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      const res = await t.visitor.get('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'Not ready: database migrations have not been applied', code: 'NOT_READY' });
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at})`,
      );
    }
    expect((await t.visitor.get('/api/ready')).statusCode).toBe(200);
  });

  it('is not ready (503) when the migrations table is gone', async () => {
    const db = t.ctx.db;
    await db.execute(sql`alter table drizzle.__drizzle_migrations rename to __drizzle_migrations_moved`);
    try {
      const res = await t.visitor.get('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('NOT_READY');
    } finally {
      await db.execute(sql`alter table drizzle.__drizzle_migrations_moved rename to __drizzle_migrations`);
    }
  });
});

describe('readiness without a database', () => {
  it('answers 503 NOT_READY when the database cannot be reached, while liveness still answers 200', async () => {
    // A server whose PostgreSQL is down: nothing listens on port 1.
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', LOG_LEVEL: 'silent' });
    const dbHandle = await openDb({ url: config.DATABASE_URL });
    const app = await buildApp({ config, dbHandle });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: 'Not ready: the database cannot be reached', code: 'NOT_READY' });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await dbHandle.close();
    }
  });
});

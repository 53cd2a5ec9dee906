import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loggerOptions } from '../../src/plugins/logging.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

// Rate limits shared by every instance through Redis (docs/operations.md), and what happens when Redis
// is gone: requests are answered as usual (no 5xx), the limit is skipped and the log says so.

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `lawcoach-test:${randomUUID()}:`;
// forgot-password allows 30 calls per address per 15 minutes (server/src/modules/auth/routes.ts).
const FORGOT_LIMIT = 30;

let t: TestApp;
const apps: FastifyInstance[] = [];

/** Another instance of the same server on the same database, with its own settings. */
async function instance(env: Record<string, string>, logger?: object) {
  const app = await buildApp({ config: { ...t.config, ...env }, dbHandle: t.ctx.dbHandle, logger });
  await app.ready();
  apps.push(app);
  return app;
}

async function waitForStore(app: FastifyInstance, store: string) {
  for (let i = 0; i < 100; i++) {
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    if (res.json().rateLimits === store) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`rate limit store never became ${store}`);
}

const forgot = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: {}, remoteAddress });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await t?.close();
});

describe('with REDIS_URL', () => {
  it('counts one client across instances: the limit is reached by alternating between them', async () => {
    const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix };
    const [a, b] = [await instance(env), await instance(env)];
    await waitForStore(a, 'redis');
    await waitForStore(b, 'redis');
    const ip = '198.51.100.7';
    for (let i = 0; i < FORGOT_LIMIT; i++) {
      const res = await forgot(i % 2 === 0 ? a : b, ip);
      expect(res.statusCode, `call ${i + 1}`).toBe(400); // counted, then refused for the empty body
    }
    // Each instance saw only half of them; the shared counter is full.
    for (const app of [a, b]) {
      const res = await forgot(app, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    }
    // Another address is not affected.
    expect((await forgot(b, '198.51.100.8')).statusCode).toBe(400);
  });

  it('keeps answering (never a 5xx) and logs it when Redis cannot be reached', async () => {
    const lines: string[] = [];
    const capture = new Writable({
      write(chunk, _e, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await instance(
      { REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX: prefix },
      loggerOptions({ LOG_LEVEL: 'warn' }, capture),
    );
    await waitForStore(app, 'redis-unreachable');
    for (let i = 0; i < FORGOT_LIMIT + 5; i++) {
      expect((await forgot(app, '198.51.100.9')).statusCode).toBe(400);
    }
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).json()).toMatchObject({
      status: 'ready',
      rateLimits: 'redis-unreachable',
    });
    expect(lines.join('')).toContain('rate limits: Redis unreachable');
  });
});

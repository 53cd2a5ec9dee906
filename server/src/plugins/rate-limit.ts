import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** Where the rate limit counters live; /api/ready reports it. */
type RateLimitStore = 'memory' | 'redis' | 'redis-unreachable';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimitStore: () => RateLimitStore;
  }
}

/**
 * Rate limits are declared per route (`config.rateLimit`). Without REDIS_URL each instance counts on
 * its own; with it every instance shares one counter per client and route (docs/operations.md).
 *
 * When Redis is unreachable the limits are skipped (logged), never turned into errors: sign-in must not
 * fail because of a cache, and the per-account lockout in the database still brakes guessing.
 */
export async function registerRateLimit(app: FastifyInstance, config: Pick<Config, 'REDIS_URL' | 'REDIS_KEY_PREFIX'>) {
  if (!config.REDIS_URL) {
    app.decorate('rateLimitStore', () => 'memory' as const);
    await app.register(rateLimit, { global: false });
    return;
  }
  // Loaded only when Redis is configured: an instance counting on its own has no use for the client.
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.REDIS_URL, {
    connectTimeout: 1_000,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    // A command while disconnected fails at once instead of holding the request.
    enableOfflineQueue: false,
  });
  let isReady = false;
  let hasWarned = false;
  redis.on('ready', () => {
    isReady = true;
    hasWarned = false;
    app.log.info('rate limits: shared through Redis');
  });
  redis.on('error', (err: Error) => {
    isReady = false;
    if (hasWarned) return;
    hasWarned = true;
    app.log.warn({ err: { message: err.message } }, 'rate limits: Redis unreachable, requests are not rate limited until it is back');
  });
  redis.on('end', () => {
    isReady = false;
  });
  app.decorate('rateLimitStore', () => (isReady ? ('redis' as const) : ('redis-unreachable' as const)));
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  await app.register(rateLimit, { global: false, redis, nameSpace: config.REDIS_KEY_PREFIX, skipOnError: true });
}

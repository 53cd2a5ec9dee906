import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkReadiness } from './service.ts';

// Operations endpoints for load balancers and process managers (docs/operations.md); not part of the
// product API, so their shapes live here rather than in common/.
const healthResponse = z.object({ status: z.literal('ok') });
const readyResponse = z.object({
  status: z.literal('ready'),
  database: z.literal('ok'),
  migrations: z.literal('ok'),
  rateLimits: z.enum(['memory', 'redis', 'redis-unreachable']),
});
const notReadyResponse = z.object({ message: z.string(), code: z.literal('NOT_READY') });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process answers. Cheap on purpose; it must not fail because the database is slow.
  app.get('/health', { schema: { tags: ['operations'], response: { 200: healthResponse } } }, async () => ({ status: 'ok' as const }));

  // Readiness: send traffic here. 503 while the database is unreachable or behind this build's migrations.
  app.get('/ready', { schema: { tags: ['operations'], response: { 200: readyResponse, 503: notReadyResponse } } }, async (req, reply) => {
    const readiness = await checkReadiness(app.ctx.db);
    if (!readiness.isReady) {
      req.log.warn({ err: readiness.err }, readiness.message);
      return reply.status(503).send({ message: readiness.message, code: 'NOT_READY' as const });
    }
    return { status: 'ready' as const, database: 'ok' as const, migrations: 'ok' as const, rateLimits: app.rateLimitStore() };
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponse } from '@app/common/schemas/auth';
import {
  audienceSchema,
  broadcastCountResponse,
  broadcastResponse,
  broadcastSchema,
  outboxQuerySchema,
  outboxResponse,
  preferencesResponse,
  preferencesSchema,
} from '@app/common/schemas/notifications';
import { idParams } from '../../lib/route-schemas.ts';
import { ownStudentId } from '../../lib/record-scope.ts';
import { actorOf, requireAdmin, requireStudent, scopeOf } from '../../plugins/auth.ts';
import { findPreferences, savePreferences } from '../messaging/service.ts';
import { countBroadcast, sendBroadcast } from './broadcast.ts';
import { listOutbox, outboxCounts, retryMessage } from './outbox.ts';

const tags = ['notifications'];

/** /api/notifications: a student's channels, an admin's announcements and outbox (docs/product-notifications.md). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get('/preferences', { onRequest: requireStudent, schema: { tags, response: { 200: preferencesResponse } } }, async (req) =>
    findPreferences(ctx, ownStudentId(scopeOf(req))),
  );
  app.put(
    '/preferences',
    { onRequest: requireStudent, schema: { tags, body: preferencesSchema, response: { 200: preferencesResponse } } },
    async (req) => savePreferences(ctx, ownStudentId(scopeOf(req)), req.body),
  );
  app.post(
    '/broadcast/count',
    { onRequest: requireAdmin, schema: { tags, body: audienceSchema, response: { 200: broadcastCountResponse } } },
    async (req) => countBroadcast(ctx, req.body),
  );
  app.post(
    '/broadcast',
    { onRequest: requireAdmin, schema: { tags, body: broadcastSchema, response: { 201: broadcastResponse } } },
    async (req, reply) => reply.status(201).send(await sendBroadcast(ctx, actorOf(req), req.body)),
  );
  app.get(
    '/outbox',
    { onRequest: requireAdmin, schema: { tags, querystring: outboxQuerySchema, response: { 200: outboxResponse } } },
    async (req) => {
      const [items, counts] = await Promise.all([listOutbox(ctx, req.query), outboxCounts(ctx)]);
      return { items, counts };
    },
  );
  app.post(
    '/outbox/:id/retry',
    { onRequest: requireAdmin, schema: { tags, params: idParams, response: { 200: messageResponse } } },
    async (req) => retryMessage(ctx, req.params.id),
  );
};

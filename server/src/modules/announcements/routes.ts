import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponse } from '@app/common/schemas/auth';
import { announcementBody, announcementQuery, announcementSchema } from '@app/common/schemas/announcements';
import { idParams } from '../../lib/route-schemas.ts';
import { actorOf, requirePermission } from '../../plugins/auth.ts';
import {
  createAnnouncement,
  deleteAnnouncement,
  findAllAnnouncements,
  findVisibleAnnouncements,
  audienceKey,
  nextVisibilityChange,
  setAnnouncementActive,
  updateAnnouncement,
} from './service.ts';

export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['announcements'];
  const list = { 200: z.array(announcementSchema) };
  const one = { 200: announcementSchema };

  // Public: what the caller's token (if any) may read.
  // Served from memory per audience and limit, dropped by every announcement write and when a
  // scheduled one is published or one expires (lib/read-cache.ts).
  app.get('/', { schema: { tags, querystring: announcementQuery, response: list } }, (req, reply) => {
    const key = `announcements:${audienceKey(req.actor)}:${req.query.limit}`;
    return ctx.caches.publicReads.serve(reply, key, list[200], async () => {
      const now = new Date();
      const [value, validUntil] = await Promise.all([
        findVisibleAnnouncements(ctx, req.actor, req.query.limit, now),
        nextVisibilityChange(ctx, now),
      ]);
      return { value, validUntil };
    });
  });

  app.get('/admin', { onRequest: requirePermission('announcements.manage'), schema: { tags, response: list } }, async () =>
    findAllAnnouncements(ctx),
  );

  app.post(
    '/',
    {
      onRequest: requirePermission('announcements.manage'),
      schema: { tags, body: announcementBody, response: { 201: announcementSchema } },
    },
    async (req, reply) => reply.status(201).send(await createAnnouncement(ctx, actorOf(req), req.body)),
  );

  app.put(
    '/:id',
    { onRequest: requirePermission('announcements.manage'), schema: { tags, params: idParams, body: announcementBody, response: one } },
    async (req) => updateAnnouncement(ctx, actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/:id',
    { onRequest: requirePermission('announcements.manage'), schema: { tags, params: idParams, response: one } },
    async (req) => setAnnouncementActive(ctx, actorOf(req), req.params.id, false),
  );

  app.patch(
    '/:id/restore',
    { onRequest: requirePermission('announcements.manage'), schema: { tags, params: idParams, response: one } },
    async (req) => setAnnouncementActive(ctx, actorOf(req), req.params.id, true),
  );

  app.delete(
    '/:id/permanent',
    { onRequest: requirePermission('announcements.manage'), schema: { tags, params: idParams, response: { 200: messageResponse } } },
    async (req) => {
      await deleteAnnouncement(ctx, actorOf(req), req.params.id);
      return { message: 'Announcement deleted permanently' };
    },
  );
};

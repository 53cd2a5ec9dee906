import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { instituteSettingsBody, instituteSettingsSchema, publicInstituteSchema } from '@app/common/schemas/settings';
import { actorOf, requirePermission } from '../../plugins/auth.ts';
import { findInstituteSettings, findPublicInstitute, updateInstituteSettings } from './service.ts';

/** /api/settings: the institute's profile, admins only. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['settings'];

  app.get(
    '/institute',
    { onRequest: requirePermission('settings.manage'), schema: { tags, response: { 200: instituteSettingsSchema } } },
    async () => findInstituteSettings(ctx),
  );

  app.put(
    '/institute',
    {
      onRequest: requirePermission('settings.manage'),
      schema: { tags, body: instituteSettingsBody, response: { 200: instituteSettingsSchema } },
    },
    async (req) => updateInstituteSettings(ctx, actorOf(req), req.body),
  );
};

/** /api/public/institute: what every public page's footer shows, served from the read cache. */
export const publicInstituteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get('/institute', { schema: { tags: ['settings'], response: { 200: publicInstituteSchema } } }, (_req, reply) =>
    ctx.caches.publicReads.serve(reply, 'institute', publicInstituteSchema, async () => ({ value: await findPublicInstitute(ctx) })),
  );
};

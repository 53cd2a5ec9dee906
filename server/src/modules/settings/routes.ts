import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  instituteSettingsBody,
  instituteSettingsSchema,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
  publicInstituteSchema,
} from '@app/common/schemas/settings';
import { notFound } from '../../lib/errors.ts';
import { readUploadedFile } from '../../lib/uploaded-file.ts';
import { actorOf, requirePermission } from '../../plugins/auth.ts';
import { findLogoFile, removeLogo, uploadLogo } from './logo.ts';
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

  // The logo (docs/product.md section 15): PUT or POST a multipart "file" to set or replace it, DELETE to remove it.
  await app.register(async (logo) => {
    // Only this scope parses multipart bodies; one file, nothing else kept in memory.
    await logo.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    const upload = {
      onRequest: requirePermission('settings.manage'),
      schema: { tags, response: { 200: instituteSettingsSchema } },
    };
    const handler = async (req: FastifyRequest) => uploadLogo(ctx, actorOf(req), await readLogoFile(req));
    logo.put('/institute/logo', upload, handler);
    logo.post('/institute/logo', upload, handler);
    logo.delete('/institute/logo', upload, async (req) => removeLogo(ctx, actorOf(req)));
  });
};

/** The one file of the multipart field "file". */
const readLogoFile = async (req: FastifyRequest): Promise<Buffer> => (await readUploadedFile(req, LOGO_MESSAGES)).data;

/** /api/public/institute: what every public page's footer shows, served from the read cache. */
export const publicInstituteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get('/institute', { schema: { tags: ['settings'], response: { 200: publicInstituteSchema } } }, (_req, reply) =>
    ctx.caches.publicReads.serve(reply, 'institute', publicInstituteSchema, async () => ({ value: await findPublicInstitute(ctx) })),
  );

  // The logo, under the key the profile holds only, with headers that stop any content sniffing.
  app.get('/institute/logo/:key', { schema: { tags: ['settings'], params: z.object({ key: z.string().max(60) }) } }, async (req, reply) => {
    const file = await findLogoFile(ctx, req.params.key);
    if (!file) throw notFound('Logo not found');
    return reply
      .header('content-type', file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; object-src 'none'; frame-ancestors 'none'; sandbox")
      .header('content-disposition', `inline; filename="${req.params.key}"`)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.data);
  });
};

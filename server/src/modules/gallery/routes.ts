import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { messageResponse } from '@app/common/schemas/auth';
import { galleryImageSchema, galleryListResponse, galleryPatchBody } from '@app/common/schemas/site';
import { galleryImages } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { idParams } from '../../lib/route-schemas.ts';
import { actorOf, requirePermission } from '../../plugins/auth.ts';
import { readImageUpload, registerImageMultipart } from '../site/multipart.ts';
import { addGalleryImage, deleteGalleryImage, findGallery, updateGalleryImage } from './service.ts';

/** /api/gallery: the public gallery (open) and its editing (`site.edit`, checked before the body is read). */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['gallery'];
  const edit = { onRequest: requirePermission('site.edit') };
  await registerImageMultipart(app);

  app.get('/', { schema: { tags, response: { 200: galleryListResponse } } }, (_req, reply) =>
    ctx.caches.publicReads.serve(reply, 'gallery', galleryListResponse, async () => ({ value: await findGallery(ctx, false) })),
  );

  app.get('/all', { ...edit, schema: { tags, response: { 200: galleryListResponse } } }, async () => findGallery(ctx, true));

  app.post('/', { ...edit, schema: { tags, response: { 201: galleryImageSchema } } }, async (req, reply) => {
    const { data, fields } = await readImageUpload(req);
    return reply.status(201).send(await addGalleryImage(ctx, actorOf(req), data, fields));
  });

  app.patch(
    '/:id',
    { ...edit, schema: { tags, params: idParams, body: galleryPatchBody, response: { 200: galleryImageSchema } } },
    async (req) => updateGalleryImage(ctx, actorOf(req), req.params.id, req.body),
  );

  app.delete('/:id', { ...edit, schema: { tags, params: idParams, response: { 200: messageResponse } } }, async (req) => {
    await deleteGalleryImage(ctx, actorOf(req), req.params.id);
    return { message: 'Gallery image deleted' };
  });

  // Files are served under their generated key only, with headers that stop any content sniffing.
  app.get('/files/:key', { schema: { tags, params: z.object({ key: z.string().max(60) }) } }, async (req, reply) => {
    const [row] = await ctx.db.select().from(galleryImages).where(eq(galleryImages.storageKey, req.params.key)).limit(1);
    const data = row ? await ctx.storage.get(row.storageKey) : null;
    if (!row || !data) throw notFound('Image not found');
    return (
      reply
        .header('content-type', row.contentType)
        .header('x-content-type-options', 'nosniff')
        // Opened on its own, the file can run nothing, load nothing and be framed by nobody.
        .header('content-security-policy', "default-src 'none'; img-src 'self'; object-src 'none'; frame-ancestors 'none'; sandbox")
        .header('content-disposition', `inline; filename="${row.storageKey}"`)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(data)
    );
  });
};

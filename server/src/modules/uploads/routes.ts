import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { UPLOAD_MESSAGES, UPLOAD_MAX_BYTES, uploadResponse } from '@app/common/schemas/uploads';
import { uploads } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { sniffImage } from '../../lib/storage.ts';
import { readUploadedFile } from '../../lib/uploaded-file.ts';
import { actorOf, requirePermission } from '../../plugins/auth.ts';

/** URL under which an uploaded image is served (the only images formatted text may show). */
export const uploadUrl = (key: string) => `/api/uploads/files/${key}`;

/**
 * POST /api/uploads: an admin's image for formatted text (passages, questions, options), judged by its
 * content and at most 1 MB; GET /api/uploads/files/{key} serves it to anyone holding the generated key.
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['uploads'];
  // Only this scope parses multipart bodies; one file, nothing else kept in memory.
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post(
    '/',
    { onRequest: requirePermission('uploads.create'), schema: { tags, response: { 201: uploadResponse } } },
    async (req, reply) => {
      const { data } = await readUploadedFile(req, UPLOAD_MESSAGES);
      if (data.length === 0) throw badRequest(UPLOAD_MESSAGES.empty, { file: UPLOAD_MESSAGES.empty });
      if (data.length > UPLOAD_MAX_BYTES) throw badRequest(UPLOAD_MESSAGES.tooLarge, { file: UPLOAD_MESSAGES.tooLarge });
      const type = sniffImage(data);
      if (!type) throw badRequest(UPLOAD_MESSAGES.notImage, { file: UPLOAD_MESSAGES.notImage });
      const storageKey = await ctx.storage.put(data, type.extension);
      await ctx.db.insert(uploads).values({ storageKey, contentType: type.contentType, createdBy: actorOf(req).id });
      return reply.status(201).send({ url: uploadUrl(storageKey) });
    },
  );

  // Served under the generated key only, with headers that stop any content sniffing.
  app.get('/files/:key', { schema: { tags, params: z.object({ key: z.string().max(60) }) } }, async (req, reply) => {
    const [row] = await ctx.db.select().from(uploads).where(eq(uploads.storageKey, req.params.key)).limit(1);
    const data = row ? await ctx.storage.get(row.storageKey) : null;
    if (!row || !data) throw notFound('Image not found');
    return reply
      .header('content-type', row.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; object-src 'none'; frame-ancestors 'none'; sandbox")
      .header('content-disposition', `inline; filename="${row.storageKey}"`)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(data);
  });
};

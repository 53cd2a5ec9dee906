import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asc, eq } from 'drizzle-orm';
import { GALLERY_CATEGORIES } from '@app/common';
import { galleryImages } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

const gallerySchema = z.object({
  _id: z.string(),
  title: z.string(),
  category: z.enum(GALLERY_CATEGORIES),
  url: z.string(),
});

export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/', { schema: { tags: ['gallery'], response: { 200: z.array(gallerySchema) } } }, async () => {
    const rows = await ctx.db.select().from(galleryImages).orderBy(asc(galleryImages.position), asc(galleryImages.createdAt));
    return rows.map((r) => ({
      _id: r.id,
      title: r.title,
      category: r.category as (typeof GALLERY_CATEGORIES)[number],
      url: `/api/gallery/files/${r.storageKey}`,
    }));
  });

  // Files are served under their generated key only, with headers that stop any content sniffing.
  app.get('/files/:key', { schema: { tags: ['gallery'], params: z.object({ key: z.string().max(60) }) } }, async (req, reply) => {
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

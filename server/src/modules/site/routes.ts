import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponse } from '@app/common/schemas/auth';
import {
  siteAboutBody,
  siteAboutSchema,
  siteFaqBody,
  siteFaqSchema,
  siteHomeBody,
  siteHomeSchema,
  siteImageSchema,
  testimonialBody,
  testimonialListResponse,
  testimonialPatchBody,
  testimonialSchema,
  topperBody,
  topperListResponse,
  topperPatchBody,
  topperSchema,
} from '@app/common/schemas/site';
import { notFound } from '../../lib/errors.ts';
import { idParams } from '../../lib/route-schemas.ts';
import { actorOf, requirePermission } from '../../plugins/auth.ts';
import { findSiteAbout, findSiteFaq, findSiteHome, updateSiteAbout, updateSiteFaq, updateSiteHome } from './content.ts';
import { findSiteImageFile, storeSiteImage } from './images.ts';
import { readImageUpload, registerImageMultipart } from './multipart.ts';
import { createTestimonial, deleteTestimonial, findTestimonials, updateTestimonial } from './testimonials.ts';
import { createTopper, deleteTopper, findToppers, updateTopper } from './toppers.ts';

/**
 * /api/site: the public site's own content (docs/product-site.md). Reads are open and served from the
 * public reads cache (dropped by every write); writes need `site.edit`, checked before the body is read.
 */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['site'];
  const edit = { onRequest: requirePermission('site.edit') };
  const cached = ctx.caches.publicReads;

  app.get('/home', { schema: { tags, response: { 200: siteHomeSchema } } }, (_req, reply) =>
    cached.serve(reply, 'site.home', siteHomeSchema, async () => ({ value: await findSiteHome(ctx) })),
  );
  app.put('/home', { ...edit, schema: { tags, body: siteHomeBody, response: { 200: siteHomeSchema } } }, async (req) =>
    updateSiteHome(ctx, actorOf(req), req.body),
  );

  app.get('/about', { schema: { tags, response: { 200: siteAboutSchema } } }, (_req, reply) =>
    cached.serve(reply, 'site.about', siteAboutSchema, async () => ({ value: await findSiteAbout(ctx) })),
  );
  app.put('/about', { ...edit, schema: { tags, body: siteAboutBody, response: { 200: siteAboutSchema } } }, async (req) =>
    updateSiteAbout(ctx, actorOf(req), req.body),
  );

  app.get('/faq', { schema: { tags, response: { 200: siteFaqSchema } } }, (_req, reply) =>
    cached.serve(reply, 'site.faq', siteFaqSchema, async () => ({ value: await findSiteFaq(ctx) })),
  );
  app.put('/faq', { ...edit, schema: { tags, body: siteFaqBody, response: { 200: siteFaqSchema } } }, async (req) =>
    updateSiteFaq(ctx, actorOf(req), req.body),
  );

  app.get('/toppers', { schema: { tags, response: { 200: topperListResponse } } }, (_req, reply) =>
    cached.serve(reply, 'site.toppers', topperListResponse, async () => ({ value: await findToppers(ctx) })),
  );
  app.post('/toppers', { ...edit, schema: { tags, body: topperBody, response: { 201: topperSchema } } }, async (req, reply) =>
    reply.status(201).send(await createTopper(ctx, actorOf(req), req.body)),
  );
  app.patch(
    '/toppers/:id',
    { ...edit, schema: { tags, params: idParams, body: topperPatchBody, response: { 200: topperSchema } } },
    async (req) => updateTopper(ctx, actorOf(req), req.params.id, req.body),
  );
  app.delete('/toppers/:id', { ...edit, schema: { tags, params: idParams, response: { 200: messageResponse } } }, async (req) => {
    await deleteTopper(ctx, actorOf(req), req.params.id);
    return { message: 'Topper deleted' };
  });

  app.get('/testimonials', { schema: { tags, response: { 200: testimonialListResponse } } }, (_req, reply) =>
    cached.serve(reply, 'site.testimonials', testimonialListResponse, async () => ({ value: await findTestimonials(ctx) })),
  );
  app.post(
    '/testimonials',
    { ...edit, schema: { tags, body: testimonialBody, response: { 201: testimonialSchema } } },
    async (req, reply) => reply.status(201).send(await createTestimonial(ctx, actorOf(req), req.body)),
  );
  app.patch(
    '/testimonials/:id',
    { ...edit, schema: { tags, params: idParams, body: testimonialPatchBody, response: { 200: testimonialSchema } } },
    async (req) => updateTestimonial(ctx, actorOf(req), req.params.id, req.body),
  );
  app.delete('/testimonials/:id', { ...edit, schema: { tags, params: idParams, response: { 200: messageResponse } } }, async (req) => {
    await deleteTestimonial(ctx, actorOf(req), req.params.id);
    return { message: 'Testimonial deleted' };
  });

  await app.register(siteImageRoutes, { prefix: '/images' });
};

/** POST /api/site/images (multipart "file"): a photo for the hero, the principal, a topper or a testimonial. */
const siteImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['site'];
  await registerImageMultipart(app);

  app.post('/', { onRequest: requirePermission('site.edit'), schema: { tags, response: { 201: siteImageSchema } } }, async (req, reply) => {
    const { data } = await readImageUpload(req);
    return reply.status(201).send(await storeSiteImage(ctx, actorOf(req), data));
  });

  // Served under the generated key only, with headers that stop any content sniffing; a copy never changes.
  app.get('/files/:key', { schema: { tags, params: z.object({ key: z.string().max(60) }) } }, async (req, reply) => {
    const file = await findSiteImageFile(ctx, req.params.key);
    if (!file) throw notFound('Image not found');
    return reply
      .header('content-type', file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; object-src 'none'; frame-ancestors 'none'; sandbox")
      .header('content-disposition', `inline; filename="${req.params.key}"`)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.data);
  });
};

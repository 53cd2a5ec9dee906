import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courseBody, courseSchema } from '@app/common/schemas/courses';
import { idParams } from '../../lib/route-schemas.ts';
import { actorOf, requirePermission } from '../../plugins/auth.ts';
import { messageResponse } from '@app/common/schemas/auth';
import { coursePageSchema } from '@app/common/schemas/site';
import { findCoursePage } from './page.ts';
import { createCourse, deleteCourse, findAllCourses, findPublicCourses, setCourseActive, updateCourse } from './service.ts';

export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['courses'];

  const publicList = z.array(courseSchema);
  // The home page's hot read: served from memory, dropped by every course write (lib/read-cache.ts).
  app.get('/', { schema: { tags, response: { 200: publicList } } }, (_req, reply) =>
    ctx.caches.publicReads.serve(reply, 'courses', publicList, async () => ({ value: await findPublicCourses(ctx) })),
  );

  app.get(
    '/admin',
    { onRequest: requirePermission('courses.view'), schema: { tags, response: { 200: z.array(courseSchema) } } },
    async () => findAllCourses(ctx),
  );

  // A course's public page, by its slug (the page's address) or its id.
  app.get(
    '/:idOrSlug',
    { schema: { tags, params: z.object({ idOrSlug: z.string().max(100) }), response: { 200: coursePageSchema } } },
    (req, reply) =>
      ctx.caches.publicReads.serve(reply, `course:${req.params.idOrSlug.toLowerCase()}`, coursePageSchema, async () => ({
        value: await findCoursePage(ctx, req.params.idOrSlug),
      })),
  );

  app.post(
    '/',
    { onRequest: requirePermission('courses.manage'), schema: { tags, body: courseBody, response: { 201: courseSchema } } },
    async (req, reply) => reply.status(201).send(await createCourse(ctx, actorOf(req), req.body)),
  );

  app.put(
    '/:id',
    {
      onRequest: requirePermission('courses.manage'),
      schema: { tags, params: idParams, body: courseBody, response: { 200: courseSchema } },
    },
    async (req) => updateCourse(ctx, actorOf(req), req.params.id, req.body),
  );

  // DELETE is the spec's soft delete; /permanent removes (docs/product.md section 7).
  app.delete(
    '/:id',
    { onRequest: requirePermission('courses.manage'), schema: { tags, params: idParams, response: { 200: courseSchema } } },
    async (req) => setCourseActive(ctx, actorOf(req), req.params.id, false),
  );

  app.patch(
    '/:id/restore',
    { onRequest: requirePermission('courses.manage'), schema: { tags, params: idParams, response: { 200: courseSchema } } },
    async (req) => setCourseActive(ctx, actorOf(req), req.params.id, true),
  );

  app.delete(
    '/:id/permanent',
    { onRequest: requirePermission('courses.manage'), schema: { tags, params: idParams, response: { 200: messageResponse } } },
    async (req) => {
      await deleteCourse(ctx, actorOf(req), req.params.id);
      return { message: 'Course deleted permanently' };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { studentResultSchema } from '@app/common/schemas/submissions';
import { requireStudent, scopeOf } from '../../plugins/auth.ts';
import { findStudentResults } from './student-views.ts';

export const resultRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/student',
    { onRequest: requireStudent, schema: { tags: ['results'], response: { 200: z.array(studentResultSchema) } } },
    async (req) => findStudentResults(ctx, scopeOf(req)),
  );
};

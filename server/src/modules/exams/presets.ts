import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXAM_PRESETS, examPresetSchema } from '@app/common/schemas/exam-presets';
import { requirePermission } from '../../plugins/auth.ts';

/** GET /api/exam-presets: the papers an admin can start from (docs/product.md section 5). */
export const examPresetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { onRequest: requirePermission('exams.manage'), schema: { tags: ['exams'], response: { 200: z.array(examPresetSchema) } } },
    async () => EXAM_PRESETS,
  );
};

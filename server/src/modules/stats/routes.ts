import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatsResponse } from '@app/common/schemas/admissions';
import { requirePermission } from '../../plugins/auth.ts';
import { findAdminStats } from './service.ts';

/** /api/stats: counts for the admin dashboard. */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin',
    { onRequest: requirePermission('stats.view'), schema: { tags: ['stats'], response: { 200: adminStatsResponse } } },
    async () => findAdminStats(app.ctx),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuery, auditListResponse } from '@app/common/schemas/audit';
import { requireAdmin } from '../../plugins/auth.ts';
import { findAuditEntries } from './service.ts';

/** /api/audit: who changed money, marks, accounts or admissions, and how (admins only). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/',
    { onRequest: requireAdmin, schema: { tags: ['audit'], querystring: auditListQuery, response: { 200: auditListResponse } } },
    async (req) => findAuditEntries(ctx, req.query),
  );
};

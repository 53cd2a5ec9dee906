import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuery, auditListResponse } from '@app/common/schemas/audit';
import { requirePermission } from '../../plugins/auth.ts';
import { findAuditEntries } from './service.ts';

/** /api/audit: who changed money, marks, accounts or admissions, and how (admins only). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/',
    {
      onRequest: requirePermission('audit.view'),
      schema: { tags: ['audit'], querystring: auditListQuery, response: { 200: auditListResponse } },
    },
    async (req) => findAuditEntries(ctx, req.query),
  );
};

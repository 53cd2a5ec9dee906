import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardianAlertSchema, guardianSchema, guardiansBody } from '@app/common/schemas/parents';
import { idParams } from '../../lib/route-schemas.ts';
import { actorOf, requirePermission, scopeOf } from '../../plugins/auth.ts';
import { listGuardianAlerts, listGuardians, putGuardians } from './service.ts';

const tags = ['users'];

/** /api/users/{id}/guardians and /guardian-alerts: a student's guardians for staff (docs/product-parents.md). */
export const guardianRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/:id/guardians',
    { onRequest: requirePermission('students.view'), schema: { tags, params: idParams, response: { 200: z.array(guardianSchema) } } },
    async (req) => listGuardians(ctx, scopeOf(req), req.params.id),
  );
  app.put(
    '/:id/guardians',
    {
      onRequest: requirePermission('students.manage'),
      schema: { tags, params: idParams, body: guardiansBody, response: { 200: z.array(guardianSchema) } },
    },
    async (req) => putGuardians(ctx, actorOf(req), scopeOf(req), req.params.id, req.body),
  );
  app.get(
    '/:id/guardian-alerts',
    {
      onRequest: requirePermission('students.view'),
      schema: { tags, params: idParams, response: { 200: z.array(guardianAlertSchema) } },
    },
    async (req) => listGuardianAlerts(ctx, scopeOf(req), req.params.id),
  );
};

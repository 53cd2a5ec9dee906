import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponse } from '@app/common/schemas/auth';
import { createStaffBody, staffListResponse, staffOneResponse, updateStaffBody } from '@app/common/schemas/staff';
import { idParams } from '../../lib/route-schemas.ts';
import { actorOf, requirePermission } from '../../plugins/auth.ts';
import { createStaff, deleteStaff, findStaff, updateStaff } from './service.ts';

/** /api/staff: a full admin's management of staff accounts, roles and centres (docs/product-staff.md). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['staff'];
  const guard = { onRequest: requirePermission('staff.manage') };
  app.get('/', { ...guard, schema: { tags, response: { 200: staffListResponse } } }, async () => findStaff(ctx));
  app.post('/', { ...guard, schema: { tags, body: createStaffBody, response: { 201: staffOneResponse } } }, async (req, reply) =>
    reply.status(201).send(await createStaff(ctx, actorOf(req), req.body)),
  );
  app.patch(
    '/:id',
    { ...guard, schema: { tags, params: idParams, body: updateStaffBody, response: { 200: staffOneResponse } } },
    async (req) => updateStaff(ctx, actorOf(req), req.params.id, req.body),
  );
  app.delete('/:id', { ...guard, schema: { tags, params: idParams, response: { 200: messageResponse } } }, async (req) =>
    deleteStaff(ctx, actorOf(req), req.params.id),
  );
};

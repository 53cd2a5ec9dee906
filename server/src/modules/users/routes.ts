import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponse } from '@app/common/schemas/auth';
import {
  adminListResponse,
  resetStudentPasswordResponse,
  studentDetailSchema,
  studentListQuery,
  studentListResponse,
  updateStudentBody,
  updateStudentResponse,
} from '@app/common/schemas/users';
import { idParams } from '../../lib/route-schemas.ts';
import { actorOf, requireAdmin } from '../../plugins/auth.ts';
import { z } from 'zod';
import { deleteUser, resetUserPassword, setUserActive } from './account.ts';
import { exportStudentsCsv, findAdmins, findStudentDetail, findStudents } from './service.ts';

/** /api/users: the admin's management of students and of the other admins. Every route is admin-only. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['users'];
  app.get(
    '/',
    {
      onRequest: requireAdmin,
      schema: { tags, querystring: studentListQuery, response: { 200: z.union([studentListResponse, adminListResponse]) } },
    },
    async (req) => (req.query.role === 'admin' ? findAdmins(ctx) : findStudents(ctx, req.query)),
  );

  app.get('/export.csv', { onRequest: requireAdmin, schema: { tags, querystring: studentListQuery } }, async (req, reply) => {
    const csv = await exportStudentsCsv(ctx, req.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="students.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get('/:id', { onRequest: requireAdmin, schema: { tags, params: idParams, response: { 200: studentDetailSchema } } }, async (req) =>
    findStudentDetail(ctx, req.params.id),
  );

  app.patch(
    '/:id',
    { onRequest: requireAdmin, schema: { tags, params: idParams, body: updateStudentBody, response: { 200: updateStudentResponse } } },
    async (req) => setUserActive(ctx, actorOf(req), req.params.id, req.body.isActive),
  );

  app.post(
    '/:id/reset-password',
    { onRequest: requireAdmin, schema: { tags, params: idParams, response: { 200: resetStudentPasswordResponse } } },
    async (req) => resetUserPassword(ctx, actorOf(req), req.params.id),
  );

  app.delete('/:id', { onRequest: requireAdmin, schema: { tags, params: idParams, response: { 200: messageResponse } } }, async (req) =>
    deleteUser(ctx, actorOf(req), req.params.id),
  );
};

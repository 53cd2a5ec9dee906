import type { FastifyRequest } from 'fastify';
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
import { forbidden } from '../../lib/errors.ts';
import { actorOf, requirePermission, scopeOf } from '../../plugins/auth.ts';
import { z } from 'zod';
import { moveStudentToBatch } from '../batches/placement.ts';
import { assertPlacement } from '../../lib/record-scope.ts';
import { deleteUser, findStudentDto, resetUserPassword, setUserActive } from './account.ts';
import { importRoutes } from './import-routes.ts';
import { assertStudentInScope, exportStudentsCsv, findAdmins, findStudentDetail, findStudents } from './service.ts';

/** /api/users: the admin's management of students and of the other admins. Every route is admin-only. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['users'];
  /** A full admin acts on any account here (admins too); other staff on students of their scope only. */
  const studentsOnly = (req: FastifyRequest, id: string) => assertStudentInScope(ctx, id, scopeOf(req));
  app.get(
    '/',
    {
      onRequest: requirePermission('students.view'),
      schema: { tags, querystring: studentListQuery, response: { 200: z.union([studentListResponse, adminListResponse]) } },
    },
    async (req) => {
      // The list of admins is a full admin's (docs/product-staff.md); other staff see students of their scope.
      if (req.query.role === 'admin') {
        if (actorOf(req).role !== 'admin') throw forbidden();
        return findAdmins(ctx);
      }
      return findStudents(ctx, { ...req.query, scope: scopeOf(req) });
    },
  );

  app.get(
    '/export.csv',
    { onRequest: requirePermission('students.view'), schema: { tags, querystring: studentListQuery } },
    async (req, reply) => {
      const csv = await exportStudentsCsv(ctx, { ...req.query, scope: scopeOf(req) });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="students.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  await app.register(importRoutes);

  app.get(
    '/:id',
    { onRequest: requirePermission('students.view'), schema: { tags, params: idParams, response: { 200: studentDetailSchema } } },
    async (req) => findStudentDetail(ctx, req.params.id, scopeOf(req)),
  );

  app.patch(
    '/:id',
    {
      onRequest: requirePermission('students.manage'),
      schema: { tags, params: idParams, body: updateStudentBody, response: { 200: updateStudentResponse } },
    },
    async (req) => {
      await studentsOnly(req, req.params.id);
      const { isActive, batch, otherCourse } = req.body;
      await assertPlacement(ctx.db, scopeOf(req), batch);
      if (batch !== undefined) await moveStudentToBatch(ctx, actorOf(req), req.params.id, batch, otherCourse);
      if (isActive !== undefined) return setUserActive(ctx, actorOf(req), req.params.id, isActive);
      return findStudentDto(ctx, req.params.id);
    },
  );

  app.post(
    '/:id/reset-password',
    {
      onRequest: requirePermission('students.manage'),
      schema: { tags, params: idParams, response: { 200: resetStudentPasswordResponse } },
    },
    async (req) => {
      await studentsOnly(req, req.params.id);
      return resetUserPassword(ctx, actorOf(req), req.params.id);
    },
  );

  app.delete(
    '/:id',
    { onRequest: requirePermission('students.manage'), schema: { tags, params: idParams, response: { 200: messageResponse } } },
    async (req) => {
      await studentsOnly(req, req.params.id);
      return deleteUser(ctx, actorOf(req), req.params.id);
    },
  );
};

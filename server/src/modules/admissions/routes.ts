import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  admissionDecisionBody,
  admissionListQuery,
  admissionListResponse,
  admissionOneResponse,
  admissionRequestBody,
  admissionStatusParams,
  admissionStatusQuery,
  admissionStatusResponse,
  approveAdmissionBody,
  approveAdmissionResponse,
  createAdmissionResponse,
  rejectAdmissionResponse,
  studentAdmissionResponse,
} from '@app/common/schemas/admissions';
import { messageResponse } from '@app/common/schemas/auth';
import { idParams } from '../../lib/route-schemas.ts';
import { assertPlacement } from '../../lib/record-scope.ts';
import { actorOf, requirePermission, requireStudent, scopeOf } from '../../plugins/auth.ts';
import { approveAdmission, rejectAdmission } from './decisions.ts';
import {
  assertAdmissionInScope,
  createAdmissionRequest,
  deleteAdmissionRequest,
  findAdmissionRequest,
  findAdmissionRequests,
  findAdmissionStatus,
  findStudentAdmission,
} from './service.ts';

// Public endpoints are limited per address: the status check answers to an e-mail and its phone number.
const CREATE_LIMIT = { max: 60, timeWindow: '1 minute' };
const STATUS_LIMIT = { max: 30, timeWindow: '1 minute' };

/** /api/admission-requests: the visitor's request and status check, and the admin's decisions. */
export const admissionRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['admissions'];
  // The guard runs before validation, so a visitor or student is refused (401/403) whatever they send.
  const admin = { onRequest: requirePermission('admissions.manage') };

  app.post(
    '/',
    { config: { rateLimit: CREATE_LIMIT }, schema: { tags, body: admissionRequestBody, response: { 201: createAdmissionResponse } } },
    async (req, reply) => {
      const { selectedCourse: _c, selectedCentre: _s, applicationForm: _a, ...input } = req.body;
      return reply.status(201).send(await createAdmissionRequest(ctx, input));
    },
  );

  app.get(
    '/status/:email',
    {
      config: { rateLimit: STATUS_LIMIT },
      schema: { tags, params: admissionStatusParams, querystring: admissionStatusQuery, response: { 200: admissionStatusResponse } },
    },
    async (req) => findAdmissionStatus(ctx, req.params.email, req.query.phone),
  );

  app.get(
    '/admin',
    { ...admin, schema: { tags, querystring: admissionListQuery, response: { 200: admissionListResponse } } },
    async (req) => ({
      requests: await findAdmissionRequests(ctx, scopeOf(req), req.query.status),
    }),
  );

  app.get('/admin/:id', { ...admin, schema: { tags, params: idParams, response: { 200: admissionOneResponse } } }, async (req) => {
    await assertAdmissionInScope(ctx, req.params.id, scopeOf(req));
    return { request: await findAdmissionRequest(ctx, req.params.id) };
  });

  app.patch(
    '/admin/:id/approve',
    { ...admin, schema: { tags, params: idParams, body: approveAdmissionBody, response: { 200: approveAdmissionResponse } } },
    async (req) => {
      await assertAdmissionInScope(ctx, req.params.id, scopeOf(req));
      await assertPlacement(ctx.db, scopeOf(req), req.body?.batch);
      return approveAdmission(ctx, actorOf(req), req.params.id, req.body);
    },
  );

  app.patch(
    '/admin/:id/reject',
    { ...admin, schema: { tags, params: idParams, body: admissionDecisionBody, response: { 200: rejectAdmissionResponse } } },
    async (req) => {
      await assertAdmissionInScope(ctx, req.params.id, scopeOf(req));
      return rejectAdmission(ctx, actorOf(req), req.params.id, req.body);
    },
  );

  app.delete('/admin/:id', { ...admin, schema: { tags, params: idParams, response: { 200: messageResponse } } }, async (req) =>
    assertAdmissionInScope(ctx, req.params.id, scopeOf(req)).then(() => deleteAdmissionRequest(ctx, actorOf(req), req.params.id)),
  );
};

/** /api/admissions: the signed-in student's own admission record. */
export const studentAdmissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/student',
    { onRequest: requireStudent, schema: { tags: ['admissions'], response: { 200: studentAdmissionResponse } } },
    async (req) => findStudentAdmission(app.ctx, actorOf(req), scopeOf(req)),
  );
};

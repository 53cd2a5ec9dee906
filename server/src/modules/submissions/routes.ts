import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { examIdParams } from '@app/common/schemas/exam-views';
import {
  adminSubmissionRowSchema,
  adminSubmissionStatsSchema,
  adminSubmissionsPage,
  adminSubmissionsQuery,
  evaluateBody,
  evaluateResponse,
  mySubmissionSchema,
  publishResponse,
  submissionDetailSchema,
  submitBody,
  submitResponse,
} from '@app/common/schemas/submissions';
import { idParams } from '../../lib/route-schemas.ts';
import { actorOf, requirePermission, requireStudent, requireUser, scopeOf } from '../../plugins/auth.ts';
import { findAllSubmissions, findSubmissionsPage } from './admin-list.ts';
import { findSubmissionStats } from './admin-stats.ts';
import { findSubmissionDetail } from './detail.ts';
import { evaluateSubmission, publishResults, unpublishResults } from './evaluate.ts';
import { findMySubmissions } from './student-views.ts';
import { submitExam } from '../exam-taking/submit.ts';

export const submissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['submissions'];

  // The exam screen's submission; never rate limited (docs/product.md section 7).
  app.post('/', { onRequest: requireStudent, schema: { tags, body: submitBody, response: { 201: submitResponse } } }, async (req, reply) =>
    reply.status(201).send(await submitExam(ctx, scopeOf(req), req.body)),
  );

  app.get('/my-submissions', { onRequest: requireStudent, schema: { tags, response: { 200: z.array(mySubmissionSchema) } } }, async (req) =>
    findMySubmissions(ctx, scopeOf(req)),
  );

  // docs/product.md section 7: GET /api/submissions/admin answers a list (newest first).
  app.get(
    '/admin',
    { onRequest: requirePermission('evaluation.manage'), schema: { tags, response: { 200: z.array(adminSubmissionRowSchema) } } },
    async () => findAllSubmissions(ctx),
  );

  // The figures behind the tiles, Course Performance Overview and Results Management.
  app.get(
    '/admin/stats',
    { onRequest: requirePermission('evaluation.manage'), schema: { tags, response: { 200: adminSubmissionStatsSchema } } },
    async () => findSubmissionStats(ctx),
  );

  app.get(
    '/admin/all',
    {
      onRequest: requirePermission('evaluation.manage'),
      schema: { tags, querystring: adminSubmissionsQuery, response: { 200: adminSubmissionsPage } },
    },
    async (req) => findSubmissionsPage(ctx, req.query),
  );

  app.patch(
    '/admin/publish-results/:examId',
    { onRequest: requirePermission('results.publish'), schema: { tags, params: examIdParams, response: { 200: publishResponse } } },
    async (req) => publishResults(ctx, actorOf(req), req.params.examId),
  );

  app.patch(
    '/admin/unpublish-results/:examId',
    { onRequest: requirePermission('results.publish'), schema: { tags, params: examIdParams, response: { 200: publishResponse } } },
    async (req) => unpublishResults(ctx, actorOf(req), req.params.examId),
  );

  app.get('/:id', { onRequest: requireUser, schema: { tags, params: idParams, response: { 200: submissionDetailSchema } } }, async (req) =>
    findSubmissionDetail(ctx, actorOf(req), scopeOf(req), req.params.id),
  );

  app.patch(
    '/:id/evaluate',
    {
      onRequest: requirePermission('evaluation.manage'),
      schema: { tags, params: idParams, body: evaluateBody, response: { 200: evaluateResponse } },
    },
    async (req) => evaluateSubmission(ctx, actorOf(req), scopeOf(req), req.params.id, req.body),
  );
};

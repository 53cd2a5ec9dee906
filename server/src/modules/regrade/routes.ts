import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  myObjectionsSchema,
  objectionBody,
  objectionGroupSchema,
  objectionSchema,
  regradeBody,
  regradeDecisionSchema,
  regradeResultSchema,
} from '@app/common/schemas/regrade';
import { idParams } from '../../lib/route-schemas.ts';
import { actorOf, requirePermission, requireStudent, scopeOf } from '../../plugins/auth.ts';
import { findMyObjections, findObjectionGroups, raiseObjection } from './objections.ts';
import { findDecisions } from './key-decisions.ts';
import { regradeExam } from './regrade.ts';

/** Objections to an exam's answer key, key decisions and the regrade (docs/product-regrade.md). */
export const regradeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['regrade'];

  app.post(
    '/exams/:id/objections',
    { onRequest: requireStudent, schema: { tags, params: idParams, body: objectionBody, response: { 201: objectionSchema } } },
    async (req, reply) => reply.status(201).send(await raiseObjection(ctx, scopeOf(req), req.params.id, req.body)),
  );

  app.get(
    '/exams/:id/objections',
    {
      onRequest: requirePermission('evaluation.manage'),
      schema: { tags, params: idParams, response: { 200: z.array(objectionGroupSchema) } },
    },
    async (req) => findObjectionGroups(ctx, req.params.id),
  );

  app.get(
    '/exams/:id/objections/mine',
    { onRequest: requireStudent, schema: { tags, params: idParams, response: { 200: myObjectionsSchema } } },
    async (req) => findMyObjections(ctx, scopeOf(req), req.params.id),
  );

  app.get(
    '/exams/:id/regrade',
    {
      onRequest: requirePermission('evaluation.manage'),
      schema: { tags, params: idParams, response: { 200: z.array(regradeDecisionSchema) } },
    },
    async (req) => findDecisions(ctx, req.params.id),
  );

  app.post(
    '/exams/:id/regrade',
    {
      onRequest: requirePermission('evaluation.manage'),
      schema: { tags, params: idParams, body: regradeBody, response: { 200: regradeResultSchema } },
    },
    async (req) => regradeExam(ctx, actorOf(req), req.params.id, req.body),
  );
};

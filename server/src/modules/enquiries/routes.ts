import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityBody,
  createEnquiryBody,
  enquiryDetailResponse,
  enquiryListQuery,
  enquiryListResponse,
  enquirySavedResponse,
  funnelQuery,
  funnelResponse,
  ownersQuery,
  ownersResponse,
  updateEnquiryBody,
} from '@app/common/schemas/enquiries';
import { enquiryBody, enquiryCreatedResponse } from '@app/common/schemas/site';
import { idParams } from '../../lib/route-schemas.ts';
import { actorOf, requirePermission, scopeOf } from '../../plugins/auth.ts';
import { computeFunnel, funnelCsv } from './funnel.ts';
import { createPublicEnquiry } from './public.ts';
import { createDeskEnquiry, findEnquiries, findEnquiry, findOwners, logActivity, updateEnquiry } from './service.ts';

// The admissions desk (docs/product-admissions-desk.md). Thin: parse, guard, call the service with the
// request's scope; whose enquiries they are is the record-scope layer's answer (lib/record-scope.ts).

const tags = ['enquiries'];
const guard = requirePermission('enquiries.manage');

/** /api/enquiries: the desk's enquiries, follow-ups and funnel (enquiries.manage, centre-scoped). */
export const enquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/',
    { onRequest: guard, schema: { tags, body: createEnquiryBody, response: { 201: enquirySavedResponse } } },
    async (req, reply) => reply.status(201).send(await createDeskEnquiry(ctx, actorOf(req), scopeOf(req), req.body)),
  );

  app.get('/', { onRequest: guard, schema: { tags, querystring: enquiryListQuery, response: { 200: enquiryListResponse } } }, async (req) =>
    findEnquiries(ctx, actorOf(req), scopeOf(req), req.query),
  );

  // Before /:id, so that "owners" and "funnel" are never read as an id.
  app.get('/owners', { onRequest: guard, schema: { tags, querystring: ownersQuery, response: { 200: ownersResponse } } }, async (req) => ({
    owners: await findOwners(ctx, scopeOf(req), req.query.centre),
  }));

  app.get('/funnel', { onRequest: guard, schema: { tags, querystring: funnelQuery, response: { 200: funnelResponse } } }, async (req) =>
    computeFunnel(ctx, scopeOf(req), req.query),
  );

  app.get('/funnel.csv', { onRequest: guard, schema: { tags, querystring: funnelQuery } }, async (req, reply) => {
    const csv = await funnelCsv(ctx, scopeOf(req), req.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="enquiry-funnel-${req.query.from}-to-${req.query.to}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get('/:id', { onRequest: guard, schema: { tags, params: idParams, response: { 200: enquiryDetailResponse } } }, async (req) =>
    findEnquiry(ctx, scopeOf(req), req.params.id),
  );

  app.patch(
    '/:id',
    { onRequest: guard, schema: { tags, params: idParams, body: updateEnquiryBody, response: { 200: enquiryDetailResponse } } },
    async (req) => updateEnquiry(ctx, actorOf(req), scopeOf(req), req.params.id, req.body),
  );

  app.post(
    '/:id/activities',
    { onRequest: guard, schema: { tags, params: idParams, body: activityBody, response: { 201: enquiryDetailResponse } } },
    async (req, reply) => reply.status(201).send(await logActivity(ctx, actorOf(req), scopeOf(req), req.params.id, req.body)),
  );
};

// Limited per address like the admission request (modules/admissions/routes.ts): each one sends mail.
const PUBLIC_LIMIT = { max: 60, timeWindow: '1 minute' };

/** /api/public/enquiries: the contact page's form (open). */
export const publicEnquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/',
    { config: { rateLimit: PUBLIC_LIMIT }, schema: { tags: ['site'], body: enquiryBody, response: { 201: enquiryCreatedResponse } } },
    async (req, reply) => reply.status(201).send(await createPublicEnquiry(ctx, req.body)),
  );
};

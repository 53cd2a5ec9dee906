import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NLU_IMPORT_MAX_BYTES,
  NLU_MSG,
  nluCalendarBody,
  nluCalendarResponse,
  nluCallBackBody,
  nluCallBackResponse,
  nluCutoffListQuery,
  nluCutoffListResponse,
  nluDeleteQuery,
  nluDeleteResponse,
  nluImportQuery,
  nluImportResponse,
  nluPredictQuery,
  nluPredictResponse,
  nluSourceResponse,
} from '@app/common/schemas/nlu';
import { AppError } from '../../lib/errors.ts';
import { readUploadedFile } from '../../lib/uploaded-file.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { checkCutoffFile, dryRunCutoffs, importCutoffs } from './import.ts';
import { deleteRound, findCalendar, findSource, listCutoffs, predict, replaceCalendar, requestCallBack } from './service.ts';

// The NLU counselling helper (docs/product-admissions-desk.md, "NLU counselling helper"). Thin: parse,
// guard, call the service. The cut-offs are the institute's public figures; the admin's routes need
// `nlu.manage`, the visitor's are open and limited per address like the other public routes.

const tags = ['nlu'];
const guard = requirePermission('nlu.manage');
// The predictor is a read a visitor repeats while trying ranks; the call-back makes an enquiry.
const PREDICT_LIMIT = { max: 120, timeWindow: '1 minute' };
const CALL_BACK_LIMIT = { max: 20, timeWindow: '1 minute' };

/** /api/nlu: the admin's cut-offs, and the public predictor and its source line. */
export const nluRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // The upload is bounded before anything is parsed: a larger file is refused while it streams in.
  await app.register(multipart, { limits: { fileSize: NLU_IMPORT_MAX_BYTES, files: 1, fields: 5 } });

  app.post(
    '/cutoffs/import',
    {
      onRequest: guard,
      schema: { tags, consumes: ['multipart/form-data'], querystring: nluImportQuery, response: { 200: nluImportResponse } },
    },
    async (req) => {
      const { data, filename } = await readUploadedFile(req, {
        notMultipart: NLU_MSG.noFile,
        missing: NLU_MSG.noFile,
        tooLarge: new AppError('PAYLOAD_TOO_LARGE', NLU_MSG.tooLarge, { file: NLU_MSG.tooLarge }),
      });
      const checked = checkCutoffFile(data, filename);
      return req.query.dryRun ? dryRunCutoffs(ctx, checked) : importCutoffs(ctx, checked);
    },
  );

  app.get(
    '/cutoffs',
    { onRequest: guard, schema: { tags, querystring: nluCutoffListQuery, response: { 200: nluCutoffListResponse } } },
    async (req) => listCutoffs(ctx, req.query),
  );

  app.delete(
    '/cutoffs',
    { onRequest: guard, schema: { tags, querystring: nluDeleteQuery, response: { 200: nluDeleteResponse } } },
    async (req) => deleteRound(ctx, req.query.year, req.query.round),
  );

  app.get(
    '/predict',
    { config: { rateLimit: PREDICT_LIMIT }, schema: { tags, querystring: nluPredictQuery, response: { 200: nluPredictResponse } } },
    async (req) => predict(ctx, req.query),
  );

  // The counselling rounds' calendar: open to read (the public page lists it), the admin's to replace.
  app.get('/calendar', { schema: { tags, response: { 200: nluCalendarResponse } } }, async () => findCalendar(ctx));
  app.put('/calendar', { onRequest: guard, schema: { tags, body: nluCalendarBody, response: { 200: nluCalendarResponse } } }, async (req) =>
    replaceCalendar(ctx, req.body),
  );

  // Not limited: the public page's server rendering reads it through the app itself (one address for all).
  app.get('/source', { schema: { tags, response: { 200: nluSourceResponse } } }, async () => findSource(ctx));
};

/** /api/public/nlu: the helper's "Ask for a call back" (open). */
export const publicNluRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/call-back',
    { config: { rateLimit: CALL_BACK_LIMIT }, schema: { tags, body: nluCallBackBody, response: { 201: nluCallBackResponse } } },
    async (req, reply) => reply.status(201).send(await requestCallBack(ctx, req.body)),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analysisSchema,
  bookmarkBody,
  bookmarkSaved,
  bookmarkSchema,
  itemAnalysisSchema,
  meritListQuery,
  meritListSchema,
  questionIdParams,
  reviewSchema,
} from '@app/common/schemas/analysis';
import { messageResponse } from '@app/common/schemas/auth';
import { idParams } from '../../lib/route-schemas.ts';
import { requirePermission, requireStudent, requireUser, scopeOf } from '../../plugins/auth.ts';
import { findAnalysis } from './analysis.ts';
import { deleteBookmark, findBookmarks, saveBookmark } from './bookmarks.ts';
import { findItemAnalysis } from './item-analysis.ts';
import { findMeritList, meritFileName, meritListCsv } from './merit-list.ts';
import { renderMeritList } from './merit-pdf.ts';
import { findReview } from './review.ts';

/** What a published mock teaches: analysis, review, revision bookmarks, merit list, item analysis (docs/product-results.md). */
export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['results'];

  app.get(
    '/submissions/:id/analysis',
    { onRequest: requireUser, schema: { tags, params: idParams, response: { 200: analysisSchema } } },
    async (req) => findAnalysis(ctx, scopeOf(req), req.params.id),
  );

  app.get(
    '/submissions/:id/review',
    { onRequest: requireUser, schema: { tags, params: idParams, response: { 200: reviewSchema } } },
    async (req) => findReview(ctx, scopeOf(req), req.params.id),
  );

  app.get('/bookmarks', { onRequest: requireStudent, schema: { tags, response: { 200: z.array(bookmarkSchema) } } }, async (req) =>
    findBookmarks(ctx, scopeOf(req)),
  );

  app.post(
    '/bookmarks',
    { onRequest: requireStudent, schema: { tags, body: bookmarkBody, response: { 200: bookmarkSaved, 201: bookmarkSaved } } },
    async (req, reply) => {
      const { created, body } = await saveBookmark(ctx, scopeOf(req), req.body);
      return reply.status(created ? 201 : 200).send(body);
    },
  );

  app.delete(
    '/bookmarks/:questionId',
    { onRequest: requireStudent, schema: { tags, params: questionIdParams, response: { 200: messageResponse } } },
    async (req) => deleteBookmark(ctx, scopeOf(req), req.params.questionId),
  );

  // JSON by default; ?format=csv and ?format=pdf download the same rows.
  app.get(
    '/exams/:id/merit-list',
    { onRequest: requirePermission('exams.manage'), schema: { tags, params: idParams, querystring: meritListQuery } },
    async (req, reply) => {
      const list = meritListSchema.parse(await findMeritList(ctx, req.params.id, req.query.centre));
      if (req.query.format === 'csv' || req.query.format === 'pdf') {
        const isCsv = req.query.format === 'csv';
        return reply
          .type(isCsv ? 'text/csv; charset=utf-8' : 'application/pdf')
          .header('content-disposition', `attachment; filename="${meritFileName(list, isCsv ? 'csv' : 'pdf')}"`)
          .header('cache-control', 'private, no-store')
          .send(isCsv ? meritListCsv(list) : await renderMeritList(list));
      }
      return list;
    },
  );

  app.get(
    '/exams/:id/item-analysis',
    { onRequest: requirePermission('exams.manage'), schema: { tags, params: idParams, response: { 200: itemAnalysisSchema } } },
    async (req) => findItemAnalysis(ctx, req.params.id),
  );
};

import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponse } from '@app/common/schemas/auth';
import {
  BANK_IMPORT_MAX_BYTES,
  BANK_MESSAGES,
  bankDryRunResponse,
  bankImportQuery,
  bankImportResponse,
  bankListQuery,
  bankListResponse,
  bankQuestionBody,
  bankQuestionPatch,
  bankQuestionSchema,
  bankVersionSchema,
  drawPreviewBody,
} from '@app/common/schemas/question-bank';
import { readUploadedFile } from '../../lib/uploaded-file.ts';
import { idParams } from '../../lib/route-schemas.ts';
import { actorOf, requirePermission } from '../../plugins/auth.ts';
import { drawPreview } from './from-bank.ts';
import { dryRunImport, importRows } from './import.ts';
import { listBankQuestions } from './list-questions.ts';
import { readBankUpload } from './parse.ts';
import { createBankQuestion, deleteBankQuestion, getBankQuestion, listVersions, updateBankQuestion } from './service.ts';
import { bankCsv, bankWorkbook } from './workbook.ts';

/** /api/question-bank (docs/product-question-bank.md). Admin only. */
export const questionBankRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['question-bank'];
  // Only this scope parses multipart bodies: one file of at most 10 MB.
  await app.register(multipart, { limits: { fileSize: BANK_IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.get('/template.csv', { onRequest: requirePermission('questionBank.manage'), schema: { tags } }, async (_req, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="question-template.csv"')
      .send(bankCsv([])),
  );

  app.get('/template.xlsx', { onRequest: requirePermission('questionBank.manage'), schema: { tags } }, async (_req, reply) =>
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="question-template.xlsx"')
      .send(await bankWorkbook([])),
  );

  app.post(
    '/import',
    {
      onRequest: requirePermission('questionBank.manage'),
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: bankImportQuery,
        response: { 200: z.union([bankDryRunResponse, bankImportResponse]) },
      },
    },
    async (req) => {
      const { data, filename } = await readUploadedFile(req, {
        notMultipart: BANK_MESSAGES.noFile,
        missing: BANK_MESSAGES.noFile,
        tooLarge: BANK_MESSAGES.tooLarge,
      });
      // A dry run answers statuses only: the questions' texts stay in the worker thread.
      const rows = await readBankUpload(ctx, data, filename, { withItems: !req.query.dryRun });
      return req.query.dryRun ? dryRunImport(ctx, rows) : importRows(ctx, actorOf(req), rows, filename);
    },
  );

  app.get(
    '/questions',
    {
      onRequest: requirePermission('questionBank.manage'),
      schema: { tags, querystring: bankListQuery, response: { 200: bankListResponse } },
    },
    async (req) => listBankQuestions(ctx, req.query),
  );

  app.post(
    '/questions',
    {
      onRequest: requirePermission('questionBank.manage'),
      schema: { tags, body: bankQuestionBody, response: { 201: bankQuestionSchema } },
    },
    async (req, reply) => reply.status(201).send(await createBankQuestion(ctx, actorOf(req), req.body)),
  );

  app.get(
    '/questions/:id',
    { onRequest: requirePermission('questionBank.manage'), schema: { tags, params: idParams, response: { 200: bankQuestionSchema } } },
    async (req) => getBankQuestion(ctx, req.params.id),
  );

  app.get(
    '/questions/:id/versions',
    {
      onRequest: requirePermission('questionBank.manage'),
      schema: { tags, params: idParams, response: { 200: z.array(bankVersionSchema) } },
    },
    async (req) => listVersions(ctx, req.params.id),
  );

  app.patch(
    '/questions/:id',
    {
      onRequest: requirePermission('questionBank.manage'),
      schema: { tags, params: idParams, body: bankQuestionPatch, response: { 200: bankQuestionSchema } },
    },
    async (req) => updateBankQuestion(ctx, actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/questions/:id',
    { onRequest: requirePermission('questionBank.manage'), schema: { tags, params: idParams, response: { 200: messageResponse } } },
    async (req) => {
      await deleteBankQuestion(ctx, actorOf(req), req.params.id);
      return { message: BANK_MESSAGES.deleted };
    },
  );

  // The exam builder's "Draw N questions": a random pick it shows before the paper is saved.
  app.post(
    '/draw',
    {
      onRequest: requirePermission('questionBank.manage'),
      schema: { tags, body: drawPreviewBody, response: { 200: z.array(bankQuestionSchema) } },
    },
    async (req) => drawPreview(ctx, req.body),
  );
};

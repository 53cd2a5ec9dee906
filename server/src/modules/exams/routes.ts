import { can } from '@app/common/permissions';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponse } from '@app/common/schemas/auth';
import { EXAM_MESSAGES, examBody, examPatchBody } from '@app/common/schemas/exams';
import { availableExamSchema, examAdminSchema, examDetailSchema, examIdParams, examListItemSchema } from '@app/common/schemas/exam-views';
import { attemptSchema, saveAnswersBody, saveAnswersResponse } from '@app/common/schemas/exam-attempt';
import { overrideBody, overrideSchema } from '@app/common/schemas/exam-schedule';
import { idParams } from '../../lib/route-schemas.ts';
import { actorOf, requirePermission, requireStudent, requireUser, scopeOf } from '../../plugins/auth.ts';
import { saveAttemptAnswers, startAttempt } from '../exam-taking/attempt.ts';
import { type BankLink, resolveBankPaper } from '../question-bank/from-bank.ts';
import { createExam, deleteExam, setExamActive, updateExam } from './authoring.ts';
import { exportExamWorkbook } from './export.ts';
import { createOverride, findOverrides } from './overrides.ts';
import { updateExamSchedule } from './schedule.ts';
import { setObjectionWindow } from '../regrade/objections.ts';
import { findAvailableExams, findExamForAdmin, findExamForStudent, findExams } from './queries.ts';

export const examRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['exams'];
  /**
   * Questions named by `{ bankQuestionId }` and sections' `draw` become copies of the bank's questions
   * before the body is validated (docs/product-question-bank.md); the origin of each copy is kept here.
   */
  const bankLinks = new WeakMap<object, (BankLink | null)[]>();
  const fromBank = async (req: { body: unknown; raw: object }) => {
    const resolved = await resolveBankPaper(ctx.db, req.body);
    if (!resolved) return;
    req.body = resolved.body;
    bankLinks.set(req.raw, resolved.links);
  };

  app.get('/', { onRequest: requireUser, schema: { tags, response: { 200: z.array(examListItemSchema) } } }, async (req) =>
    findExams(ctx, actorOf(req), scopeOf(req)),
  );

  app.get(
    '/student/available',
    { onRequest: requireStudent, schema: { tags, response: { 200: z.array(availableExamSchema) } } },
    async (req) => findAvailableExams(ctx, scopeOf(req)),
  );

  // A student's view is built by a separate DTO without correctAnswer or explanation.
  app.get(
    '/:examId',
    { onRequest: requireUser, schema: { tags, params: examIdParams, response: { 200: examDetailSchema } } },
    async (req, reply) => {
      const actor = actorOf(req);
      if (can(actor.role, 'exams.manage')) return findExamForAdmin(ctx, req.params.examId);
      // Ready bytes, checked against examStudentSchema when they were built (paper-cache.ts).
      const paper = await findExamForStudent(ctx, scopeOf(req), req.params.examId, req.headers['accept-encoding']);
      reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (paper.encoding) reply.header('content-encoding', paper.encoding);
      // Bytes, not the typed object: the provider's send type is the schema's object.
      return (reply as FastifyReply).send(paper.body);
    },
  );

  app.post(
    '/',
    {
      onRequest: requirePermission('exams.manage'),
      preValidation: fromBank,
      schema: { tags, body: examBody, response: { 201: examAdminSchema } },
    },
    async (req, reply) => reply.status(201).send(await createExam(ctx, actorOf(req), req.body, bankLinks.get(req.raw))),
  );

  app.patch(
    '/:id',
    {
      onRequest: requirePermission('exams.manage'),
      preValidation: fromBank,
      schema: { tags, params: idParams, body: examPatchBody, response: { 200: examAdminSchema } },
    },
    async (req) => {
      const { objectionWindow, ...body } = req.body;
      // The objection window (docs/product-regrade.md) is checked by the schema; it is set after the rest.
      if ('objectionWindowOnly' in body) {
        await setObjectionWindow(ctx, actorOf(req), req.params.id, objectionWindow ?? null);
        return findExamForAdmin(ctx, req.params.id);
      }
      const updated =
        'title' in body
          ? await updateExam(ctx, actorOf(req), req.params.id, body, bankLinks.get(req.raw))
          : 'scheduleOnly' in body
            ? await updateExamSchedule(ctx, actorOf(req), req.params.id, body)
            : await setExamActive(ctx, actorOf(req), req.params.id, body.isActive);
      if (objectionWindow === undefined) return updated;
      await setObjectionWindow(ctx, actorOf(req), req.params.id, objectionWindow);
      return findExamForAdmin(ctx, req.params.id);
    },
  );

  // The paper in the question template's workbook format (docs/product-question-bank.md, "Export").
  app.get('/:id/export.xlsx', { onRequest: requirePermission('exams.manage'), schema: { tags, params: idParams } }, async (req, reply) => {
    const { filename, data } = await exportExamWorkbook(ctx, req.params.id);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(data);
  });

  app.delete(
    '/:id',
    { onRequest: requirePermission('exams.manage'), schema: { tags, params: idParams, response: { 200: messageResponse } } },
    async (req) => {
      await deleteExam(ctx, actorOf(req), req.params.id);
      return { message: EXAM_MESSAGES.deleted };
    },
  );

  // Exceptions for one student (docs/product-batches.md): extra minutes, reopening; each audited.
  app.get(
    '/:id/overrides',
    { onRequest: requirePermission('exams.manage'), schema: { tags, params: idParams, response: { 200: z.array(overrideSchema) } } },
    async (req) => findOverrides(ctx, req.params.id),
  );

  app.post(
    '/:id/overrides',
    {
      onRequest: requirePermission('exams.manage'),
      schema: { tags, params: idParams, body: overrideBody, response: { 201: overrideSchema } },
    },
    async (req, reply) => reply.status(201).send(await createOverride(ctx, actorOf(req), scopeOf(req), req.params.id, req.body)),
  );

  // Starting, saving and submitting are never rate limited (docs/product.md section 7).
  app.post(
    '/:examId/attempt',
    { onRequest: requireStudent, schema: { tags, params: examIdParams, response: { 200: attemptSchema } } },
    async (req) => startAttempt(ctx, scopeOf(req), req.params.examId),
  );

  app.put(
    '/:examId/attempt/answers',
    { onRequest: requireStudent, schema: { tags, params: examIdParams, body: saveAnswersBody, response: { 200: saveAnswersResponse } } },
    // A request its device has hung up on (timed out) is not applied: see saveAttemptAnswers. (Not
    // req.raw.destroyed: Node sets that once the body has been read, while the connection is still open.)
    async (req) => saveAttemptAnswers(ctx, scopeOf(req), req.params.examId, req.body, () => req.raw.socket?.destroyed === true),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  couponValidateBody,
  couponValidateResponse,
  courseFeesResponse,
  createOrderBody,
  createOrderResponse,
  initiateInstallmentBody,
  initiateInstallmentResponse,
  orderIdParams,
  paymentHistoryResponse,
  paymentStatusRecord,
  paymentSummarySchema,
  verifyPaymentBody,
  verifyPaymentResponse,
} from '@app/common/schemas/payments';
import {
  adminPaymentActionResponse,
  adminPaymentDetailSchema,
  adminPaymentListResponse,
  adminPaymentSchema,
  paymentListQuery,
  paymentTilesSchema,
  refundPaymentBody,
} from '@app/common/schemas/payments-admin';
import {
  bounceBody,
  COUNTER_MSG,
  collectionsQuery,
  collectionsResponse,
  counterPaymentBody,
  counterStudentResponse,
} from '@app/common/schemas/collections';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { idParams } from '../../lib/route-schemas.ts';
import { actorOf, requirePermission, requireStudent, requireUser, scopeOf } from '../../plugins/auth.ts';
import type { Action } from '@app/common/permissions';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema.ts';
import { assertPayment, mayReadStudent, ownStudentId } from '../../lib/record-scope.ts';
import { findPaymentDetail, findPayments, findPaymentTiles, refundPayment, verifyPayment } from './admin.ts';
import { renderCollectionsPdf } from './collections-pdf.ts';
import { assertCounterInScope, bounceCheque, collectionsCsv, findCollections, recordCounterPayment } from './counter.ts';
import { findCounterStudent } from './counter-student.ts';
import { toStatusRecord } from './dto.ts';
import { gatewayRoutes } from './gateway-routes.ts';
import { initiateInstallment } from './installments.ts';
import { findCreditNote, findReceipt } from './receipts.ts';
import { createOrder, findHistory, findPaymentByOrderId, validateCoupon, verifyCheckoutAnswer } from './service.ts';
import { findCourseFees, findStudentSummary } from './fees.ts';

const creditNoteParams = idParams.extend({ noteId: z.uuid({ error: 'Not found' }) });

/** /api/payments: the student's fee and installment payments, and the admin ledger. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['payments'];
  const student = { onRequest: requireStudent };
  const can = (action: Action) => ({ onRequest: requirePermission(action) });
  /** A centre manager's payment routes reach only their centres' payments (lib/record-scope.ts). */
  const inScope = (req: FastifyRequest, id: string) => assertPayment(ctx.db, scopeOf(req), eq(payments.id, id));

  // ---- student ----
  app.post(
    '/coupons/validate',
    { ...student, schema: { tags, body: couponValidateBody, response: { 200: couponValidateResponse } } },
    async (req) => validateCoupon(ctx, scopeOf(req), req.body),
  );

  app.post('/orders', { ...student, schema: { tags, body: createOrderBody, response: { 201: createOrderResponse } } }, async (req, reply) =>
    reply.status(201).send(await createOrder(ctx, actorOf(req), scopeOf(req), req.body)),
  );

  app.post('/verify', { ...student, schema: { tags, body: verifyPaymentBody, response: { 200: verifyPaymentResponse } } }, async (req) =>
    verifyCheckoutAnswer(ctx, req.log, actorOf(req), scopeOf(req), req.body),
  );

  app.post(
    '/paytm/initiate',
    { ...student, schema: { tags, body: initiateInstallmentBody, response: { 200: initiateInstallmentResponse } } },
    async (req) => initiateInstallment(ctx, actorOf(req), scopeOf(req), req.body),
  );

  app.get('/history', { ...student, schema: { tags, response: { 200: paymentHistoryResponse } } }, async (req) =>
    findHistory(ctx, scopeOf(req)),
  );

  app.get('/student', { ...student, schema: { tags, response: { 200: paymentSummarySchema } } }, async (req) => {
    const { summary } = await findStudentSummary(ctx, ownStudentId(scopeOf(req)));
    return summary;
  });

  app.get('/fees', { ...student, schema: { tags, response: { 200: courseFeesResponse } } }, async (req) =>
    findCourseFees(ctx, ownStudentId(scopeOf(req))),
  );

  // The owner (student) or an admin.
  app.get(
    '/status/:orderId',
    { onRequest: requireUser, schema: { tags, params: orderIdParams, response: { 200: paymentStatusRecord } } },
    async (req) => toStatusRecord(await findPaymentByOrderId(ctx, scopeOf(req), req.params.orderId)),
  );

  app.get('/:id/receipt', { onRequest: requireUser, schema: { tags, params: idParams } }, async (req, reply) => {
    const receipt = await findReceipt(ctx, scopeOf(req), req.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${receipt.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(receipt.pdf);
  });

  app.get('/:id/credit-notes/:noteId', { onRequest: requireUser, schema: { tags, params: creditNoteParams } }, async (req, reply) => {
    const note = await findCreditNote(ctx, scopeOf(req), req.params.id, req.params.noteId);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${note.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(note.pdf);
  });

  // ---- admin ----
  app.get(
    '/',
    { ...can('payments.view'), schema: { tags, querystring: paymentListQuery, response: { 200: adminPaymentListResponse } } },
    async (req) => findPayments(ctx, scopeOf(req), req.query.status),
  );

  app.get('/summary', { ...can('payments.view'), schema: { tags, response: { 200: paymentTilesSchema } } }, async (req) =>
    findPaymentTiles(ctx, scopeOf(req)),
  );

  app.get(
    '/:id',
    { ...can('payments.view'), schema: { tags, params: idParams, response: { 200: adminPaymentDetailSchema } } },
    async (req) => inScope(req, req.params.id).then(() => findPaymentDetail(ctx, req.params.id)),
  );

  app.patch(
    '/:id/verify',
    { ...can('payments.verify'), schema: { tags, params: idParams, response: { 200: adminPaymentActionResponse } } },
    async (req) => inScope(req, req.params.id).then(() => verifyPayment(ctx, req.log, actorOf(req), req.params.id)),
  );

  app.post(
    '/:id/refund',
    {
      ...can('payments.refund'),
      schema: { tags, params: idParams, body: refundPaymentBody, response: { 200: adminPaymentActionResponse } },
    },
    async (req) => {
      await inScope(req, req.params.id);
      return refundPayment(ctx, req.log, actorOf(req), req.params.id, req.body?.amount);
    },
  );

  // Money taken at a centre's counter, a bounced cheque, and the collection report (counter.ts).
  app.post(
    '/counter',
    { ...can('payments.counter'), schema: { tags, body: counterPaymentBody, response: { 201: adminPaymentSchema } } },
    async (req, reply) => {
      await assertCounterInScope(ctx, scopeOf(req), req.body.studentId, req.body.centre);
      return reply.status(201).send(await recordCounterPayment(ctx, req.log, actorOf(req), req.body));
    },
  );

  app.get(
    '/counter/students/:id',
    { ...can('payments.counter'), schema: { tags, params: idParams, response: { 200: counterStudentResponse } } },
    async (req) => {
      // Another centre's student is not found to a centre manager (docs/product-staff.md).
      if (!(await mayReadStudent(ctx.db, scopeOf(req), req.params.id))) throw notFound(COUNTER_MSG.studentNotFound);
      return findCounterStudent(ctx, req.params.id);
    },
  );

  app.post(
    '/:id/bounce',
    { ...can('payments.bounce'), schema: { tags, params: idParams, body: bounceBody, response: { 200: adminPaymentActionResponse } } },
    async (req) => {
      await inScope(req, req.params.id);
      return bounceCheque(ctx, actorOf(req), req.params.id, req.body?.reason);
    },
  );

  app.get('/collections', { ...can('collections.view'), schema: { tags, querystring: collectionsQuery } }, async (req, reply) => {
    const report = await findCollections(ctx, req.query, scopeOf(req));
    const name = `collections-${report.from}${report.to === report.from ? '' : `-to-${report.to}`}${report.centre ? `-${report.centre}` : ''}`;
    if (req.query.format === 'csv') {
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .send(collectionsCsv(report));
    }
    if (req.query.format === 'pdf') {
      const centreName = report.centre ? (report.byCentre[0]?.name ?? report.centre) : null;
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}.pdf"`)
        .send(await renderCollectionsPdf(report, centreName));
    }
    return collectionsResponse.parse(report);
  });

  // ---- the gateways' side: sandbox pages, form-post callbacks, webhooks (own body parsers) ----
  await app.register(gatewayRoutes);
};

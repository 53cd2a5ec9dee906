import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordResponse, newPasswordSchema } from '@app/common/schemas/auth';
import {
  initiateInstallmentBody,
  initiateInstallmentResponse,
  orderIdParams,
  PAYMENT_MSG,
  paymentStatusRecord,
} from '@app/common/schemas/payments';
import { childOverviewSchema, parentChildSchema, parentPreferencesSchema, parentSetPasswordBody } from '@app/common/schemas/parents';
import { AppError, notFound } from '../../lib/errors.ts';
import { childScope, ownParentId } from '../../lib/record-scope.ts';
import { idParams } from '../../lib/route-schemas.ts';
import { actorOf, requireParent, scopeOf } from '../../plugins/auth.ts';
import { toStatusRecord } from '../payments/dto.ts';
import { findReceipt } from '../payments/receipts.ts';
import { findPaymentByOrderId } from '../payments/service.ts';
import { findChildren } from './children.ts';
import { findChildOverview } from './overview.ts';
import { payForChild } from './pay.ts';
import { findParentPreferences, saveParentPreferences } from './preferences.ts';
import { setParentPassword } from './sign-in.ts';

const receiptParams = idParams.extend({ paymentId: z.uuid({ error: 'Not found' }) });

/**
 * /api/parent: the parent's area (docs/product-parents.md). A parent only; every route that names a child
 * asks `childScope` first (another student's id is "not found"), the parent's own ones `ownParentId`.
 */
export const parentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['parents'];
  const parent = { onRequest: requireParent };

  app.get('/children', { ...parent, schema: { tags, response: { 200: z.array(parentChildSchema) } } }, async (req) =>
    findChildren(ctx, scopeOf(req)),
  );

  app.get(
    '/children/:id/overview',
    { ...parent, schema: { tags, params: idParams, response: { 200: childOverviewSchema } } },
    async (req) => findChildOverview(ctx, childScope(scopeOf(req), req.params.id)),
  );

  // The same document the student downloads (GET /api/payments/{id}/receipt), read with the child's scope.
  app.get('/children/:id/receipts/:paymentId.pdf', { ...parent, schema: { tags, params: receiptParams } }, async (req, reply) => {
    const child = childScope(scopeOf(req), req.params.id);
    // Another child's payment is "not found" here too: nothing says whose it is.
    const receipt = await findReceipt(ctx, child, req.params.paymentId).catch((err) => {
      throw err instanceof AppError && err.code === 'FORBIDDEN' ? notFound(PAYMENT_MSG.notFound) : err;
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${receipt.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(receipt.pdf);
  });

  // As the student's own installment payment (POST /api/payments/paytm/initiate), recorded as paid by the parent.
  app.post(
    '/children/:id/payments',
    { ...parent, schema: { tags, params: idParams, body: initiateInstallmentBody, response: { 200: initiateInstallmentResponse } } },
    async (req) => payForChild(ctx, actorOf(req), scopeOf(req), req.params.id, req.body),
  );

  // The return page after the gateway (/payment/success) for a parent: the order's status, read with the
  // child's scope as the student's own status route reads it (another child's order is "not found").
  app.get(
    '/children/:id/payments/status/:orderId',
    { ...parent, schema: { tags, params: idParams.extend(orderIdParams.shape), response: { 200: paymentStatusRecord } } },
    async (req) => {
      const child = childScope(scopeOf(req), req.params.id);
      const row = await findPaymentByOrderId(ctx, child, req.params.orderId).catch((err) => {
        throw err instanceof AppError && err.code === 'FORBIDDEN' ? notFound(PAYMENT_MSG.notFound) : err;
      });
      return toStatusRecord(row);
    },
  );

  app.get('/preferences', { ...parent, schema: { tags, response: { 200: parentPreferencesSchema } } }, async (req) =>
    findParentPreferences(ctx, scopeOf(req)),
  );

  app.put(
    '/preferences',
    { ...parent, schema: { tags, body: parentPreferencesSchema, response: { 200: parentPreferencesSchema } } },
    async (req) => saveParentPreferences(ctx, scopeOf(req), req.body),
  );

  app.post(
    '/password',
    {
      ...parent,
      // The new password follows change-password's rules (its length as well as assertAcceptablePassword).
      schema: { tags, body: parentSetPasswordBody.extend({ newPassword: newPasswordSchema }), response: { 200: changePasswordResponse } },
    },
    async (req) => setParentPassword(ctx, actorOf(req), ownParentId(scopeOf(req)), req.body),
  );
};

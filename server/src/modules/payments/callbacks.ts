import type { FastifyBaseLogger } from 'fastify';
import { CALLBACK_ERRORS } from '@app/common/schemas/payments';
import type { Ctx } from '../../context.ts';
import { gatewayEvents } from '../../db/schema.ts';
import { GatewayError, gatewayOf } from './gateways/index.ts';
import type { HeaderMap } from './gateways/types.ts';
import { GATEWAY_CAUSE, recordPaymentNote, recordRefund, transitionPayment } from './ledger.ts';
import { findPaymentForNotice, recordExtraCaptures, settleWithGateway } from './settle.ts';

// The gateway's two ways of telling us: the browser's form-post return (callback) and the
// server-to-server webhook. Both are verified by signature, then confirmed with the gateway's status
// API; both are idempotent, so a replay changes nothing.

const success = (orderId: string) => `/payment/success?orderId=${encodeURIComponent(orderId)}`;
const failed = (orderId: string, error: string) =>
  `/payment/failed?orderId=${encodeURIComponent(orderId)}&error=${encodeURIComponent(error)}`;

/** Handles POST /api/payments/callback/{gateway}; answers where to send the browser (303). */
export async function handleCallback(
  ctx: Ctx,
  log: FastifyBaseLogger,
  gatewayName: string,
  fields: Record<string, string>,
): Promise<string> {
  const gateway = gatewayOf(ctx);
  const claimedOrder = fields.ORDERID ?? fields.razorpay_order_id ?? fields['error[metadata][order_id]'] ?? '';
  if (gatewayName !== gateway.name) {
    log.warn({ gatewayName }, 'payment callback for a gateway that is not enabled');
    return failed(claimedOrder, CALLBACK_ERRORS.callbackFailed);
  }
  const notice = await gateway.verifyCallback(fields);
  if (!notice) {
    log.warn({ orderId: claimedOrder }, 'payment callback refused: signature does not hold');
    return failed(claimedOrder, CALLBACK_ERRORS.callbackFailed);
  }
  const payment = await findPaymentForNotice(ctx, notice);
  if (!payment) {
    log.warn({ orderId: notice.orderId }, 'payment callback refused: unknown order');
    return failed(notice.orderId, CALLBACK_ERRORS.callbackFailed);
  }
  const cause = GATEWAY_CAUSE(gateway.name);
  if (notice.amountPaise !== null && notice.amountPaise !== payment.amountPaise) {
    log.warn(
      { orderId: payment.orderId, claimed: notice.amountPaise, expected: payment.amountPaise },
      'payment callback refused: wrong amount',
    );
    await recordPaymentNote(
      ctx,
      payment,
      cause,
      `Refused callback: amount ${notice.amountPaise} paise, the order is ${payment.amountPaise}`,
    );
    return failed(payment.orderId, CALLBACK_ERRORS.callbackFailed);
  }
  if (notice.outcome === 'cancelled') {
    // An abandoned checkout is no money and nothing pending; the order can still be paid later.
    const { row } = await transitionPayment(ctx, payment.id, 'cancelled', cause, {
      patch: { responseMessage: notice.message ?? 'Cancelled' },
      note: 'Cancelled on the payment page',
    });
    return row.status === 'completed' ? success(row.orderId) : failed(row.orderId, CALLBACK_ERRORS.cancelled);
  }
  try {
    const { outcome, row } = await settleWithGateway(ctx, payment, cause, notice.message);
    if (outcome === 'completed' || outcome === 'refunded') return success(row.orderId);
    if (outcome === 'mismatch') {
      log.warn({ orderId: row.orderId }, 'payment callback refused: the gateway status does not match the order');
      return failed(row.orderId, CALLBACK_ERRORS.callbackFailed);
    }
    return failed(row.orderId, CALLBACK_ERRORS.failed);
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    // The payment stays pending; the reconciler settles it once the gateway answers.
    log.error({ err, orderId: payment.orderId }, 'payment callback: gateway status unavailable');
    return failed(payment.orderId, CALLBACK_ERRORS.callbackFailed);
  }
}

/** Handles POST /api/payments/webhooks/{gateway}: 400 on a bad signature, else 200 (duplicates included). */
export async function handleWebhook(ctx: Ctx, log: FastifyBaseLogger, gatewayName: string, rawBody: Buffer, headers: HeaderMap) {
  const gateway = gatewayOf(ctx);
  if (gatewayName !== gateway.name) return { status: 404, body: { message: 'This gateway is not enabled', code: 'NOT_FOUND' } };
  const notice = await gateway.verifyWebhook(rawBody, headers);
  if (!notice) {
    log.warn('payment webhook refused: signature does not hold');
    return { status: 400, body: { message: 'Invalid signature', code: 'BAD_REQUEST' } };
  }
  const eventKey = `${gateway.name}:${notice.eventId}`;
  const seen = await ctx.db.query.gatewayEvents.findFirst({ where: (t, { eq }) => eq(t.id, eventKey) });
  if (seen) return { status: 200, body: { status: 'duplicate' } };

  const payment = notice.outcome === 'ignored' ? null : await findPaymentForNotice(ctx, notice);
  const cause = GATEWAY_CAUSE(gateway.name);
  if (notice.outcome !== 'ignored' && !payment) log.warn({ orderId: notice.orderId }, 'payment webhook: unknown order');
  if (payment) {
    if (notice.amountPaise !== null && notice.amountPaise !== payment.amountPaise) {
      log.warn({ orderId: payment.orderId }, 'payment webhook refused: wrong amount');
      await recordPaymentNote(
        ctx,
        payment,
        cause,
        `Refused webhook: amount ${notice.amountPaise} paise, the order is ${payment.amountPaise}`,
      );
    } else if (notice.outcome === 'refunded') {
      // A refund is an amount: the event's refund (id and amount), else what is left of the payment.
      const left = payment.amountPaise - payment.refundedPaise;
      const amountPaise = notice.refund?.amountPaise ?? left;
      if (amountPaise > 0) {
        const refundId = notice.refund?.id ?? null;
        const { changed } = await recordRefund(
          ctx,
          payment.id,
          { amountPaise, gatewayRefundId: refundId },
          cause,
          `Refunded at the gateway: ${amountPaise} paise`,
        );
        const known =
          refundId !== null && (await ctx.db.query.paymentRefunds.findFirst({ where: (t, { eq }) => eq(t.gatewayRefundId, refundId) }));
        if (!changed && !known) {
          await recordPaymentNote(ctx, payment, cause, `Refused refund event: ${amountPaise} paise, ${left} paise left to refund`);
        }
      }
    } else if (notice.outcome === 'paid' && (payment.status === 'completed' || payment.status === 'refunded')) {
      // A capture on an order already completed by another capture: the money was taken twice.
      if (notice.gatewayPaymentId && notice.gatewayPaymentId !== payment.gatewayPaymentId) {
        await recordExtraCaptures(ctx, payment, cause);
      }
    } else if (notice.outcome === 'paid' || notice.outcome === 'failed') {
      // A gateway error here answers 500, so the gateway delivers the event again later.
      await settleWithGateway(ctx, payment, cause, notice.message);
    }
  }
  // Deliveries of one event that arrive together are all applied (settling is idempotent); the one
  // that records the event first reports it processed, the others duplicate.
  const recorded = await ctx.db
    .insert(gatewayEvents)
    .values({ id: eventKey, gateway: gateway.name })
    .onConflictDoNothing()
    .returning({ id: gatewayEvents.id });
  return { status: 200, body: { status: recorded.length ? 'processed' : 'duplicate' } };
}

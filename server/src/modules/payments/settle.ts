import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { payments } from '../../db/schema.ts';
import type { PaymentRow } from './dto.ts';
import { gatewayOf } from './gateways/index.ts';
import type { GatewayNotice } from './gateways/types.ts';
import { type Cause, isOpenForSettlement, recordExtraCapture, recordPaymentNote, transitionPayment } from './ledger.ts';

// Settling a gateway payment: whatever brought us here (checkout answer, callback, webhook,
// reconciler, admin Verify), the gateway's own status API has the last word on order id and amount.

export type SettleOutcome = 'completed' | 'failed' | 'cancelled' | 'refunded' | 'pending' | 'mismatch';

/** The payment a gateway message is about, or null (an unknown order is refused by the caller). */
export async function findPaymentForNotice(ctx: Ctx, notice: Pick<GatewayNotice, 'orderId' | 'orderIdKind'>): Promise<PaymentRow | null> {
  if (!notice.orderId) return null;
  const gateway = gatewayOf(ctx).name;
  const where =
    notice.orderIdKind === 'ours'
      ? and(eq(payments.orderId, notice.orderId), eq(payments.gateway, gateway))
      : and(eq(payments.gatewayOrderId, notice.orderId), eq(payments.gateway, gateway));
  const [row] = await ctx.db.select().from(payments).where(where).limit(1);
  return row ?? null;
}

/**
 * Asks the gateway about the payment and applies its answer: paid with the same order and amount →
 * completed (with the gateway's ids), whatever an earlier attempt reported (a pending, failed or
 * cancelled payment is settled by what was captured for its order); failed → failed; anything else
 * leaves it as it is. Idempotent: a completed or refunded payment stays as it is.
 */
export async function settleWithGateway(
  ctx: Ctx,
  payment: PaymentRow,
  cause: Cause,
  /** The gateway's message from a verified callback, kept when the status API gives none. */
  noticeMessage: string | null = null,
): Promise<{ outcome: SettleOutcome; row: PaymentRow }> {
  if (payment.method !== 'gateway' || !payment.gatewayOrderId) return { outcome: stateOf(payment), row: payment };
  if (!isOpenForSettlement(payment.status)) return { outcome: stateOf(payment), row: payment };
  const status = await gatewayOf(ctx).fetchStatus({ orderId: payment.orderId, gatewayOrderId: payment.gatewayOrderId });
  if (status.gatewayOrderId !== payment.gatewayOrderId) {
    await recordPaymentNote(ctx, payment, cause, `Refused: the gateway answered about order ${status.gatewayOrderId || '(none)'}`);
    return { outcome: 'mismatch', row: payment };
  }
  if (status.state === 'paid') {
    if (status.amountPaise !== payment.amountPaise) {
      await recordPaymentNote(
        ctx,
        payment,
        cause,
        `Refused: the gateway reports ${status.amountPaise ?? 'no'} paise, the order is ${payment.amountPaise}`,
      );
      return { outcome: 'mismatch', row: payment };
    }
    const { row } = await transitionPayment(ctx, payment.id, 'completed', cause, {
      patch: {
        gatewayPaymentId: status.gatewayPaymentId ?? payment.gatewayPaymentId,
        transactionId: status.transactionId ?? payment.transactionId,
        responseMessage: status.message ?? noticeMessage ?? 'Txn Success',
      },
      note: 'Paid: confirmed with the gateway',
    });
    return { outcome: stateOf(row), row };
  }
  if (status.state === 'failed') {
    const { row } = await transitionPayment(ctx, payment.id, 'failed', cause, {
      patch: {
        gatewayPaymentId: status.gatewayPaymentId,
        transactionId: status.transactionId,
        responseMessage: status.message ?? noticeMessage ?? 'Payment failed',
      },
      note: 'Failed: confirmed with the gateway',
    });
    return { outcome: stateOf(row), row };
  }
  return { outcome: 'pending', row: payment };
}

const stateOf = (p: PaymentRow): SettleOutcome => p.status;

/**
 * A gateway reports a capture on an order whose payment is already completed: asks the gateway for the
 * order's captures and records each one that is not the payment's own (the money was taken twice),
 * flagged for refund. Answers how many were newly recorded.
 */
export async function recordExtraCaptures(ctx: Ctx, payment: PaymentRow, cause: Cause): Promise<number> {
  if (payment.method !== 'gateway' || !payment.gatewayOrderId || !payment.gatewayPaymentId) return 0;
  if (payment.status !== 'completed' && payment.status !== 'refunded') return 0;
  const status = await gatewayOf(ctx).fetchStatus({ orderId: payment.orderId, gatewayOrderId: payment.gatewayOrderId });
  if (status.gatewayOrderId !== payment.gatewayOrderId) return 0;
  let recorded = 0;
  for (const capture of status.captures ?? []) {
    if (capture.gatewayPaymentId === payment.gatewayPaymentId) continue;
    if (await recordExtraCapture(ctx, payment, capture, cause)) recorded++;
  }
  return recorded;
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatINR, toRupees, yearInIndia } from '@app/common';
import type { PaymentStatus } from '@app/common/schemas/payments';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { paymentEvents, paymentExtraCaptures, paymentRefunds, payments } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { PaymentRow } from './dto.ts';
import { lockStudentFees } from './fees.ts';
import { issueCreditNote, issueInvoice } from '../invoices/service.ts';
import { queuePaymentConfirmation } from './mail.ts';
import { notifyPaymentReceived } from '../messaging/events.ts';
import { flagOverpaidIn } from './refund-flags.ts';

// Every change of a payment goes through here: one conditional UPDATE (so a replay or a race changes
// nothing), one payment_events row and one audit_log row, in one transaction. pending → completed →
// refunded (once refunds reach the amount), pending → failed | cancelled. A failed or cancelled
// payment is not final while its order can still be paid at the gateway: when the gateway reports the
// order captured, it moves to completed (a declined attempt followed by a successful retry). Money taken
// at a counter calls nothing outside, so it is written completed at once (`recordCompletedPayment`).
// Whatever completes a payment holds the student's fees lock (fees.ts) and flags for refund what it
// brought beyond what is owed (refund-flags.ts).

/** Who caused a change: a signed-in person, or the gateway/reconciler acting for the system. */
export type Cause = { actor: Actor | null; label: string };

export const causeOf = (actor: Actor): Cause => ({ actor, label: `${actor.firstName} ${actor.lastName}` });
export const GATEWAY_CAUSE = (gateway: string): Cause => ({ actor: null, label: `Gateway (${gateway})` });
export const RECONCILER_CAUSE: Cause = { actor: null, label: 'Reconciler' };

const ALLOWED_FROM: Record<PaymentStatus, PaymentStatus[]> = {
  pending: [],
  completed: ['pending', 'failed', 'cancelled'],
  failed: ['pending'],
  cancelled: ['pending'],
  refunded: ['completed'],
};

/** Whether the gateway may still settle this payment (its order can still be paid). */
export const isOpenForSettlement = (status: PaymentStatus) => ALLOWED_FROM.completed.includes(status);

type NewPayment = typeof payments.$inferInsert;
type Patch = Partial<Pick<PaymentRow, 'gatewayPaymentId' | 'transactionId' | 'responseMessage' | 'refundId'>>;

/**
 * One row of a payment's history. Its time is the clock's, not the transaction's start, so that the
 * entries one transaction writes (a change, then the flag it raised) keep their order.
 */
async function insertEvent(db: Db | Tx, e: { paymentId: string; from: string | null; to: string; cause: Cause; note: string | null }) {
  await db.insert(paymentEvents).values({
    paymentId: e.paymentId,
    fromStatus: e.from,
    toStatus: e.to,
    actorId: e.cause.actor?.id ?? null,
    actorLabel: e.cause.label,
    note: e.note,
    createdAt: sql`clock_timestamp()`,
  });
}

export async function createPayment(
  ctx: Ctx,
  values: NewPayment,
  cause: Cause,
  /** Checked in the same transaction just before the insert (a coupon's last use, under its row lock). */
  guard?: (tx: Tx) => Promise<void>,
): Promise<PaymentRow> {
  return ctx.db.transaction(async (tx) => {
    await guard?.(tx);
    const [row] = await tx.insert(payments).values(values).returning();
    await insertEvent(tx, {
      paymentId: row.id,
      from: null,
      to: row.status,
      cause,
      note: row.method === 'offline' ? 'Offline payment recorded; waiting for verification' : `Order created with ${row.gateway}`,
    });
    await recordAudit(tx, cause.actor, 'payment.create', 'payment', row.id, null, snapshot(row));
    return row;
  });
}

/** A new receipt number RCT-<year in India>-<6 digits> from the one sequence (docs/product.md section 11). */
const newReceiptNumberSql = (now: Date) => sql`${`RCT-${yearInIndia(now)}-`}::text || lpad(nextval('payment_receipt_seq')::text, 6, '0')`;
/** A payment completed again (a capture after a cancellation) keeps the receipt number it had. */
const receiptNumberSql = (now: Date) => sql`coalesce(${payments.receiptNumber}, ${newReceiptNumberSql(now)})`;

/**
 * Money received where nothing outside needs asking (a centre's counter): the payment is written
 * completed, with its receipt number, invoice, history and audit entry, in the caller's transaction, so
 * there is no moment at which it exists pending. The caller holds the student's fees lock and has
 * checked what is owed; after the commit it calls `afterCompletion`.
 */
export async function recordCompletedPayment(tx: Tx, values: NewPayment, cause: Cause, note: string): Promise<PaymentRow> {
  const now = new Date();
  const [row] = await tx
    .insert(payments)
    .values({ ...values, status: 'completed', paidAt: now, receiptNumber: newReceiptNumberSql(now), updatedAt: now })
    .returning();
  // With a GSTIN set, the tax invoice is numbered in this transaction (docs/product-invoices.md).
  await issueInvoice(tx, row, now);
  await insertEvent(tx, { paymentId: row.id, from: null, to: 'completed', cause, note });
  await recordAudit(tx, cause.actor, 'payment.completed', 'payment', row.id, null, { ...snapshot(row), by: cause.label, note });
  return row;
}

/** What follows a completion once it is committed: the confirmation e-mail and the student's notices. */
export async function afterCompletion(ctx: Ctx, row: PaymentRow) {
  await queuePaymentConfirmation(ctx, row).catch(() => {
    // The payment stands whatever happens to its e-mail.
  });
  await notifyPaymentReceived(ctx, row).catch(() => {});
}

/**
 * Moves a payment to `to` when it is in an allowed state. Answers the row after the call and whether
 * this call changed it (false for a replay, a race lost, or a state that may not move there).
 */
export async function transitionPayment(
  ctx: Ctx,
  paymentId: string,
  to: Exclude<PaymentStatus, 'pending'>,
  cause: Cause,
  opts: { patch?: Patch; note?: string } = {},
): Promise<{ row: PaymentRow; changed: boolean }> {
  const result = await ctx.db.transaction((tx) => transitionIn(tx, paymentId, to, cause, opts));
  if (result.changed && to === 'completed') await afterCompletion(ctx, result.row);
  return result;
}

/** `transitionPayment` in the caller's transaction (the counter cancelling an online order in its own). */
export async function transitionIn(
  tx: Tx,
  paymentId: string,
  to: Exclude<PaymentStatus, 'pending'>,
  cause: Cause,
  opts: { patch?: Patch; note?: string } = {},
): Promise<{ row: PaymentRow; changed: boolean }> {
  const now = new Date();
  if (to === 'completed') {
    // The fees lock first, then the payment's row: the order every money-writing transaction takes them in.
    const [owner] = await tx.select({ studentId: payments.studentId }).from(payments).where(eq(payments.id, paymentId)).limit(1);
    if (owner) await lockStudentFees(tx, owner.studentId);
  }
  const [before] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId)).for('update');
  const set: Record<string, unknown> = { ...opts.patch, status: to, updatedAt: now };
  if (to === 'completed') {
    set.paidAt = now;
    set.receiptNumber = receiptNumberSql(now);
  }
  if (to === 'refunded') set.refundedAt = now;
  const [row] = await tx
    .update(payments)
    .set(set)
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ALLOWED_FROM[to])))
    .returning();
  if (!row) {
    const [current] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    return { row: current, changed: false };
  }
  // With a GSTIN set, the tax invoice is numbered in this transaction (docs/product-invoices.md).
  if (to === 'completed') await issueInvoice(tx, row, now);
  const from = before?.status ?? null;
  await insertEvent(tx, { paymentId, from, to, cause, note: opts.note ?? null });
  // Money beyond what is owed (a capture after the fee was paid at the counter) is flagged for refund.
  const overPaise = to === 'completed' ? await flagOverpaidIn(tx, row) : 0;
  if (overPaise > 0) {
    await insertEvent(tx, {
      paymentId,
      from: to,
      to,
      cause,
      note: `Paid ${formatINR(toRupees(overPaise))} more than was owed for these fees: flagged for refund`,
    });
  }
  await recordAudit(
    tx,
    cause.actor,
    `payment.${to}`,
    'payment',
    paymentId,
    { status: from },
    { ...snapshot(row), by: cause.label, note: opts.note ?? null, ...(overPaise > 0 ? { flaggedForRefundPaise: overPaise } : {}) },
  );
  return { row, changed: true };
}

class RefundRefused extends Error {}

/**
 * Records one refund of `amountPaise` against a completed payment: a payment_refunds row, the payment's
 * refunded total, and `refunded` once that total reaches its amount. A gateway refund id already
 * recorded (the admin's call, then the gateway's webhook for the same refund) changes nothing; so does
 * an amount above what is left. Answers the row after the call and whether this call changed it.
 */
export async function recordRefund(
  ctx: Ctx,
  paymentId: string,
  refund: { amountPaise: number; gatewayRefundId: string | null },
  cause: Cause,
  note: string,
): Promise<{ row: PaymentRow; changed: boolean }> {
  try {
    return await ctx.db.transaction(async (tx) => {
      let refundRowId: string;
      if (refund.gatewayRefundId) {
        const inserted = await tx
          .insert(paymentRefunds)
          .values({
            paymentId,
            amountPaise: refund.amountPaise,
            gatewayRefundId: refund.gatewayRefundId,
            actorId: cause.actor?.id ?? null,
            actorLabel: cause.label,
          })
          .onConflictDoNothing()
          .returning({ id: paymentRefunds.id });
        if (inserted.length === 0) throw new RefundRefused('refund already recorded');
        refundRowId = inserted[0].id;
      } else {
        const [inserted] = await tx
          .insert(paymentRefunds)
          .values({
            paymentId,
            amountPaise: refund.amountPaise,
            gatewayRefundId: null,
            actorId: cause.actor?.id ?? null,
            actorLabel: cause.label,
          })
          .returning({ id: paymentRefunds.id });
        refundRowId = inserted.id;
      }
      const now = new Date();
      const total = sql`${payments.refundedPaise} + ${refund.amountPaise}`;
      const full = sql`${total} >= ${payments.amountPaise}`;
      const [row] = await tx
        .update(payments)
        .set({
          refundedPaise: total,
          status: sql`case when ${full} then 'refunded' else ${payments.status} end`,
          refundedAt: sql`case when ${full} then ${now.toISOString()}::timestamptz else ${payments.refundedAt} end`,
          refundId: refund.gatewayRefundId ?? sql`${payments.refundId}`,
          updatedAt: now,
        })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'completed'), sql`${total} <= ${payments.amountPaise}`))
        .returning();
      if (!row) throw new RefundRefused('payment not refundable by this amount');
      // An invoiced payment's refund gets its credit note (docs/product-invoices.md).
      await issueCreditNote(tx, row, { amountPaise: refund.amountPaise, refundId: refundRowId, reason: note }, now);
      await insertEvent(tx, { paymentId, from: 'completed', to: row.status, cause, note });
      await recordAudit(
        tx,
        cause.actor,
        row.status === 'refunded' ? 'payment.refunded' : 'payment.refund',
        'payment',
        paymentId,
        { status: 'completed', refundedPaise: row.refundedPaise - refund.amountPaise },
        { ...snapshot(row), refundAmountPaise: refund.amountPaise, by: cause.label, note },
      );
      return { row, changed: true };
    });
  } catch (err) {
    if (!(err instanceof RefundRefused)) throw err;
    const [current] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    return { row: current, changed: false };
  }
}

/** Records a capture on an order already completed (money taken twice), flagged for refund; once per capture. */
export async function recordExtraCapture(
  ctx: Ctx,
  payment: PaymentRow,
  capture: { gatewayPaymentId: string; amountPaise: number },
  cause: Cause,
) {
  const inserted = await ctx.db
    .insert(paymentExtraCaptures)
    .values({
      paymentId: payment.id,
      reason: 'second_capture',
      gatewayPaymentId: capture.gatewayPaymentId,
      amountPaise: capture.amountPaise,
    })
    .onConflictDoNothing()
    .returning({ id: paymentExtraCaptures.id });
  if (inserted.length === 0) return false;
  await recordPaymentNote(
    ctx,
    payment,
    cause,
    `Second capture ${capture.gatewayPaymentId} of ${capture.amountPaise} paise on an order already completed: flagged for refund at the gateway`,
  );
  return true;
}

/** Records a refused or suspicious gateway message against a payment (no state change). */
export async function recordPaymentNote(ctx: Ctx, payment: PaymentRow, cause: Cause, note: string) {
  await insertEvent(ctx.db, { paymentId: payment.id, from: payment.status, to: payment.status, cause, note });
  await recordAudit(ctx.db, cause.actor, 'payment.refused', 'payment', payment.id, null, { note, by: cause.label });
}

const snapshot = (p: PaymentRow) => ({
  status: p.status,
  amountPaise: p.amountPaise,
  orderId: p.orderId,
  gatewayOrderId: p.gatewayOrderId,
  gatewayPaymentId: p.gatewayPaymentId,
  transactionId: p.transactionId,
  receiptNumber: p.receiptNumber,
  refundId: p.refundId,
  refundedPaise: p.refundedPaise,
});

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentStatus } from '@app/common/schemas/payments';
import type { Actor, Ctx } from '../../context.ts';
import { paymentEvents, payments } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { PaymentRow } from './dto.ts';
import { queuePaymentConfirmation } from './mail.ts';

// Every change of a payment goes through here: one conditional UPDATE (so a replay or a race changes
// nothing), one payment_events row and one audit_log row, in one transaction. State only moves
// forward: pending → completed → refunded, pending → failed (DESIGN.md section 6).

/** Who caused a change: a signed-in person, or the gateway/reconciler acting for the system. */
export type Cause = { actor: Actor | null; label: string };

export const causeOf = (actor: Actor): Cause => ({ actor, label: `${actor.firstName} ${actor.lastName}` });
export const GATEWAY_CAUSE = (gateway: string): Cause => ({ actor: null, label: `Gateway (${gateway})` });
export const RECONCILER_CAUSE: Cause = { actor: null, label: 'Reconciler' };

const ALLOWED_FROM: Record<PaymentStatus, PaymentStatus[]> = {
  pending: [],
  completed: ['pending'],
  failed: ['pending'],
  refunded: ['completed'],
};

type NewPayment = typeof payments.$inferInsert;
type Patch = Partial<Pick<PaymentRow, 'gatewayPaymentId' | 'transactionId' | 'responseMessage' | 'refundId'>>;

export async function createPayment(ctx: Ctx, values: NewPayment, cause: Cause): Promise<PaymentRow> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(payments).values(values).returning();
    await tx.insert(paymentEvents).values({
      paymentId: row.id,
      fromStatus: null,
      toStatus: row.status,
      actorId: cause.actor?.id ?? null,
      actorLabel: cause.label,
      note: row.method === 'offline' ? 'Offline payment recorded; waiting for verification' : `Order created with ${row.gateway}`,
    });
    await recordAudit(tx, cause.actor, 'payment.create', 'payment', row.id, null, snapshot(row));
    return row;
  });
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
  const result = await applyTransition(ctx, paymentId, to, cause, opts);
  if (result.changed && to === 'completed') {
    await queuePaymentConfirmation(ctx, result.row).catch(() => {
      // The payment stands whatever happens to its e-mail.
    });
  }
  return result;
}

function applyTransition(
  ctx: Ctx,
  paymentId: string,
  to: Exclude<PaymentStatus, 'pending'>,
  cause: Cause,
  opts: { patch?: Patch; note?: string },
): Promise<{ row: PaymentRow; changed: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    const set: Record<string, unknown> = { ...opts.patch, status: to, updatedAt: now };
    if (to === 'completed') {
      set.paidAt = now;
      set.receiptNumber = sql`coalesce(${payments.receiptNumber}, ${`RCT-${istYear(now)}-`}::text || lpad(nextval('payment_receipt_seq')::text, 6, '0'))`;
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
    const from = ALLOWED_FROM[to].length === 1 ? ALLOWED_FROM[to][0] : null;
    await tx.insert(paymentEvents).values({
      paymentId,
      fromStatus: from,
      toStatus: to,
      actorId: cause.actor?.id ?? null,
      actorLabel: cause.label,
      note: opts.note ?? null,
    });
    await recordAudit(
      tx,
      cause.actor,
      `payment.${to}`,
      'payment',
      paymentId,
      { status: from },
      { ...snapshot(row), by: cause.label, note: opts.note ?? null },
    );
    return { row, changed: true };
  });
}

/** Records a refused or suspicious gateway message against a payment (no state change). */
export async function recordPaymentNote(ctx: Ctx, payment: PaymentRow, cause: Cause, note: string) {
  await ctx.db.insert(paymentEvents).values({
    paymentId: payment.id,
    fromStatus: payment.status,
    toStatus: payment.status,
    actorId: cause.actor?.id ?? null,
    actorLabel: cause.label,
    note,
  });
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
});

const yearFmt = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', year: 'numeric' });
const istYear = (d: Date) => yearFmt.format(d);

import type { FastifyBaseLogger } from 'fastify';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { paymentFilter, type Scope } from '../../lib/record-scope.ts';
import { formatINR, toPaise, toRupees } from '@app/common';
import { PAYMENT_MSG, type PaymentStatus } from '@app/common/schemas/payments';
import type { PaymentTiles } from '@app/common/schemas/payments-admin';
import type { Actor, Ctx } from '../../context.ts';
import { paymentEvents, paymentRefunds, payments, users } from '../../db/schema.ts';
import { COUNTER_MSG } from '@app/common/schemas/collections';
import { findRefundFlags } from './refund-flags.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { type PaymentRow, toAdminPayment } from './dto.ts';
import { findCourseFee } from './fees.ts';
import { GatewayError, gatewayOf } from './gateways/index.ts';
import { causeOf, isOpenForSettlement, recordRefund, transitionPayment } from './ledger.ts';
import { settleWithGateway } from './settle.ts';
import { documentsOf } from './receipts.ts';

// The admin ledger (/admin/payments): list, detail with history, Verify and Refund (docs/product.md
// section 4: Verify on a payment not yet received, Refund on a completed one, in part or in full).

const studentCols = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };

export async function findPayments(ctx: Ctx, scope: Scope, status?: PaymentStatus) {
  const rows = await ctx.db
    .select({ p: payments, s: studentCols })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.studentId))
    .where(and(status ? eq(payments.status, status) : undefined, paymentFilter(scope)))
    .orderBy(desc(payments.createdAt));
  return rows.map((r) => toAdminPayment(r.p, r.s));
}

async function findRow(ctx: Ctx, id: string) {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.id, id)).limit(1);
  if (!row) throw notFound(PAYMENT_MSG.notFound);
  return row;
}

export async function findPaymentDetail(ctx: Ctx, id: string) {
  const [r] = await ctx.db
    .select({ p: payments, s: studentCols })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.studentId))
    .where(eq(payments.id, id))
    .limit(1);
  if (!r) throw notFound(PAYMENT_MSG.notFound);
  return detailOf(ctx, r.p, r.s);
}

async function detailOf(ctx: Ctx, p: PaymentRow, s?: { id: string; firstName: string; lastName: string; email: string | null } | null) {
  let student = s;
  if (student === undefined) {
    const [u] = await ctx.db.select(studentCols).from(users).where(eq(users.id, p.studentId)).limit(1);
    student = u ?? null;
  }
  const [events, refunds, flags, docs] = await Promise.all([
    ctx.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, p.id))
      .orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.id)),
    ctx.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, p.id))
      .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id)),
    findRefundFlags(ctx.db, [p]),
    documentsOf(ctx, [p.id]),
  ]);
  return {
    ...toAdminPayment(p, student),
    refundId: p.refundId,
    refundedAt: p.refundedAt ? p.refundedAt.toISOString() : null,
    refunds: refunds.map((r) => ({
      amount: toRupees(r.amountPaise),
      refundId: r.gatewayRefundId,
      who: r.actorLabel,
      when: r.createdAt.toISOString(),
    })),
    extraCaptures: flags.get(p.id)?.flags ?? [],
    toRefund: toRupees(flags.get(p.id)?.toRefundPaise ?? 0),
    invoiceNumber: docs.get(p.id)?.invoiceNumber ?? null,
    creditNotes: docs.get(p.id)?.creditNotes ?? [],
    history: events.map((e) => ({
      from: e.fromStatus as PaymentStatus | null,
      to: e.toStatus as PaymentStatus,
      who: e.actorLabel,
      when: e.createdAt.toISOString(),
      note: e.note,
    })),
  };
}

const gatewayUnreachable = () => new AppError('BAD_GATEWAY', 'The payment gateway could not be reached. Please try again.');

/**
 * Offline (pending) → completed by this admin, unless the fee is already covered; gateway (pending,
 * failed or cancelled) → completed only when the gateway confirms it captured the money for the order.
 */
export async function verifyPayment(ctx: Ctx, log: FastifyBaseLogger, actor: Actor, id: string) {
  const payment = await findRow(ctx, id);
  const open = payment.method === 'offline' ? payment.status === 'pending' : isOpenForSettlement(payment.status);
  if (!open) throw conflict(PAYMENT_MSG.verifyOnlyPending);
  // Counter money is completed as it is recorded: a pending one was never finished, and verifying it
  // would credit money the clerk has recorded again.
  if (payment.counterMethod !== null) throw conflict(COUNTER_MSG.notVerifiable);
  const cause = causeOf(actor);
  if (payment.method === 'offline') {
    if (payment.kind === 'fee' && payment.courseId) {
      const fee = await findCourseFee(ctx, payment.studentId, payment.courseId);
      if (fee && fee.duePaise <= 0) throw conflict(PAYMENT_MSG.feeAlreadyPaid(payment.courseName));
    }
    const { row, changed } = await transitionPayment(ctx, id, 'completed', cause, {
      patch: {
        transactionId: payment.transactionId ?? `OFFLINE-${payment.orderId}`,
        responseMessage: `Offline payment verified by ${cause.label}`,
      },
      note: `Offline payment verified by ${cause.label}`,
    });
    if (!changed) throw conflict(PAYMENT_MSG.verifyOnlyPending);
    return detailOf(ctx, row);
  }
  if (payment.gateway !== gatewayOf(ctx).name)
    throw conflict(`This payment was made through ${payment.gateway}, which is not the gateway in use.`);
  let result: Awaited<ReturnType<typeof settleWithGateway>>;
  try {
    result = await settleWithGateway(ctx, payment, cause);
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    log.error({ err, paymentId: id }, 'admin verify: gateway status unavailable');
    throw gatewayUnreachable();
  }
  if (result.row.status !== 'completed') throw conflict(PAYMENT_MSG.gatewayNotPaid);
  return detailOf(ctx, result.row);
}

/**
 * Refunds `amount` rupees of a completed payment (none: what is left), through the gateway's refund
 * call for gateway payments (idempotent per payment and refunded total, so a retry never pays twice).
 * The payment stays completed for what was not refunded; it is `refunded` once nothing is left.
 */
export async function refundPayment(ctx: Ctx, log: FastifyBaseLogger, actor: Actor, id: string, amount?: number) {
  const payment = await findRow(ctx, id);
  if (payment.status !== 'completed') throw conflict(PAYMENT_MSG.refundOnlyCompleted);
  const leftPaise = payment.amountPaise - payment.refundedPaise;
  const amountPaise = amount === undefined ? leftPaise : toPaise(amount);
  if (amountPaise <= 0) throw badRequest(PAYMENT_MSG.refundInvalidAmount, { amount: PAYMENT_MSG.refundInvalidAmount });
  if (amountPaise > leftPaise) {
    const message = PAYMENT_MSG.refundAboveLeft(formatINR(toRupees(leftPaise)));
    throw badRequest(message, { amount: message });
  }
  const cause = causeOf(actor);
  let refundId: string | null = null;
  const what = formatINR(toRupees(amountPaise));
  let note = `Refunded by ${cause.label} (offline: money returned outside the gateway): ${what}`;
  if (payment.method === 'gateway') {
    const gateway = gatewayOf(ctx);
    if (payment.gateway !== gateway.name || !payment.gatewayOrderId) {
      throw conflict(`This payment was made through ${payment.gateway}, which is not the gateway in use.`);
    }
    try {
      const result = await gateway.refund({
        orderId: payment.orderId,
        gatewayOrderId: payment.gatewayOrderId,
        gatewayPaymentId: payment.gatewayPaymentId,
        transactionId: payment.transactionId,
        amountPaise,
        // Stable per payment and refunded total: a retry of this refund is the same refund at the gateway.
        idempotencyKey: `refund_${payment.id.replace(/-/g, '')}${payment.refundedPaise ? `_${payment.refundedPaise}` : ''}`,
      });
      refundId = result.refundId;
      note = `Refunded by ${cause.label} through ${gateway.name} (refund ${result.refundId}, ${result.state}): ${what}`;
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      log.error({ err, paymentId: id }, 'admin refund: gateway refused or unreachable');
      throw new AppError('BAD_GATEWAY', PAYMENT_MSG.refundError);
    }
  }
  const { row, changed } = await recordRefund(ctx, id, { amountPaise, gatewayRefundId: refundId }, cause, note);
  // Not changed: a race with another refund of the same payment, or the gateway's webhook for this very
  // refund arrived first (then it is recorded and the answer is the same).
  if (!changed && !(refundId && (await ctx.db.query.paymentRefunds.findFirst({ where: (t, { eq }) => eq(t.gatewayRefundId, refundId) })))) {
    throw conflict(PAYMENT_MSG.refundOnlyCompleted);
  }
  return detailOf(ctx, row);
}

/**
 * The admin's tiles and Payment Summary: revenue = completed money less refunds, pending = money
 * reported but not yet confirmed, the offline payments awaiting Verify. An online checkout nobody
 * completed (`isCheckoutNotCompleted`: a gateway order open or closed unpaid) is no money and counts in
 * neither; a cancelled one is not in the success rate.
 */
export async function findPaymentTiles(ctx: Ctx, scope: Scope): Promise<PaymentTiles> {
  const awaited = sql`${payments.status} = 'pending' and ${payments.method} = 'offline'`;
  const [r] = await ctx.db
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${payments.status} = 'completed')::int`,
      failed: sql<number>`count(*) filter (where ${payments.status} = 'failed')::int`,
      refunded: sql<number>`count(*) filter (where ${payments.status} = 'refunded')::int`,
      cancelled: sql<number>`count(*) filter (where ${payments.status} = 'cancelled')::int`,
      pendingCount: sql<number>`count(*) filter (where ${awaited})::int`,
      revenue: sql<string>`coalesce(sum(${payments.amountPaise} - ${payments.refundedPaise}) filter (where ${payments.status} = 'completed'), 0)::text`,
      pending: sql<string>`coalesce(sum(${payments.amountPaise}) filter (where ${awaited}), 0)::text`,
    })
    .from(payments)
    .where(paymentFilter(scope));
  const counted = r.total - r.cancelled;
  return {
    totalRevenue: toRupees(Number(r.revenue)),
    pending: toRupees(Number(r.pending)),
    pendingCount: r.pendingCount,
    totalTransactions: r.total,
    successful: r.completed,
    failed: r.failed,
    refunded: r.refunded,
    cancelled: r.cancelled,
    successRate: counted === 0 ? 0 : Math.round((r.completed / counted) * 100),
  };
}

import type { FastifyBaseLogger } from 'fastify';
import { asc, desc, eq } from 'drizzle-orm';
import { PAYMENT_MSG, type PaymentStatus } from '@app/common/schemas/payments';
import type { Actor, Ctx } from '../../context.ts';
import { paymentEvents, payments, users } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { type PaymentRow, toAdminPayment } from './dto.ts';
import { GatewayError, gatewayOf } from './gateways/index.ts';
import { causeOf, transitionPayment } from './ledger.ts';
import { settleWithGateway } from './settle.ts';

// The admin ledger (/admin/payments): list, detail with history, Verify and Refund (SPEC.md section 4:
// Verify only on pending, Refund only on completed; DESIGN.md section 4 "Admin Verify").

const studentCols = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };

export async function findPayments(ctx: Ctx, status?: PaymentStatus) {
  const rows = await ctx.db
    .select({ p: payments, s: studentCols })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.studentId))
    .where(status ? eq(payments.status, status) : undefined)
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

async function detailOf(ctx: Ctx, p: PaymentRow, s?: { id: string; firstName: string; lastName: string; email: string } | null) {
  let student = s;
  if (student === undefined) {
    const [u] = await ctx.db.select(studentCols).from(users).where(eq(users.id, p.studentId)).limit(1);
    student = u ?? null;
  }
  const events = await ctx.db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, p.id))
    .orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.id));
  return {
    ...toAdminPayment(p, student),
    refundId: p.refundId,
    refundedAt: p.refundedAt ? p.refundedAt.toISOString() : null,
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

/** Offline → completed by this admin; gateway → only when the gateway confirms it received the money. */
export async function verifyPayment(ctx: Ctx, log: FastifyBaseLogger, actor: Actor, id: string) {
  const payment = await findRow(ctx, id);
  if (payment.status !== 'pending') throw conflict(PAYMENT_MSG.verifyOnlyPending);
  const cause = causeOf(actor);
  if (payment.method === 'offline') {
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

/** Completed → refunded, through the gateway's refund call (idempotent per payment) for gateway payments. */
export async function refundPayment(ctx: Ctx, log: FastifyBaseLogger, actor: Actor, id: string) {
  const payment = await findRow(ctx, id);
  if (payment.status !== 'completed') throw conflict(PAYMENT_MSG.refundOnlyCompleted);
  const cause = causeOf(actor);
  let refundId: string | null = null;
  let note = `Refunded by ${cause.label} (offline: money returned outside the gateway)`;
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
        amountPaise: payment.amountPaise,
        idempotencyKey: `refund_${payment.id.replace(/-/g, '')}`,
      });
      refundId = result.refundId;
      note = `Refunded by ${cause.label} through ${gateway.name} (refund ${result.refundId}, ${result.state})`;
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      log.error({ err, paymentId: id }, 'admin refund: gateway refused or unreachable');
      throw new AppError('BAD_GATEWAY', PAYMENT_MSG.refundError);
    }
  }
  const { row, changed } = await transitionPayment(ctx, id, 'refunded', cause, { patch: refundId ? { refundId } : {}, note });
  if (!changed && row.status !== 'refunded') throw conflict(PAYMENT_MSG.refundOnlyCompleted);
  return detailOf(ctx, row);
}

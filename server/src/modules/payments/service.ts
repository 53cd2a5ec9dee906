import { ownStudentId, paymentFilter, refusePayment, type Scope } from '../../lib/record-scope.ts';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { toRupees } from '@app/common';
import { formatINR } from '@app/common/rules/money';
import { type CreateOrderAnswer, PAYMENT_MSG } from '@app/common/schemas/payments';
import type { Actor, Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { toHistoryItem } from './dto.ts';
import { documentsOf } from './receipts.ts';
import { GatewayError, gatewayOf } from './gateways/index.ts';
import { SandboxCheckoutExpired, SandboxGateway } from './gateways/sandbox.ts';
import type { OrderRequest } from './gateways/types.ts';
import { type CouponPrice, priceCoupon } from './coupons.ts';
import { causeOf, createPayment, recordPaymentNote } from './ledger.ts';
import { findCourseFee } from './fees.ts';
import { recordExtraCaptures, settleWithGateway } from './settle.ts';
import { accountEmail } from '../../lib/account-email.ts';

// The student's side of fee payment (/student/payment): coupon preview, orders, the checkout's
// signed answer, history and status. Amounts and discounts are decided here, never by the browser.

/** ORD_<time>_<random>: unique per payment row; Paytm accepts [A-Za-z0-9_@-]. */
export const newOrderId = () => `ORD_${Date.now()}_${randomBytes(5).toString('hex').toUpperCase()}`;

/**
 * An active course and its fee for this student (the fee decision, fees.ts). A fee already covered is
 * refused with 409: paying it again would take the money twice.
 */
async function findPayableCourse(ctx: Ctx, studentId: string, courseId: string) {
  const fee = await findCourseFee(ctx, studentId, courseId);
  if (!fee) throw badRequest(PAYMENT_MSG.courseUnavailable, { courseId: PAYMENT_MSG.courseUnavailable });
  if (fee.duePaise <= 0) throw conflict(PAYMENT_MSG.feeAlreadyPaid(fee.course.name));
  // The coupon and the order are priced at the fee (the contract's coupon figures); a fee already
  // covered was refused above.
  return { ...fee.course, pricePaise: fee.feePaise };
}

export async function validateCoupon(ctx: Ctx, scope: Scope, input: { courseId: string; code: string }) {
  const studentId = ownStudentId(scope);
  const course = await findPayableCourse(ctx, studentId, input.courseId);
  const result = await priceCoupon(ctx.db, { code: input.code, courseId: course.id, studentId, pricePaise: course.pricePaise });
  return {
    valid: result.valid,
    code: result.code,
    percent: result.percent,
    price: toRupees(course.pricePaise),
    discount: toRupees(result.discountPaise),
    total: toRupees(result.totalPaise),
    message: !result.valid
      ? PAYMENT_MSG.couponInvalid
      : result.amount !== null
        ? PAYMENT_MSG.couponAppliedAmount(formatINR(result.amount))
        : PAYMENT_MSG.couponApplied(result.percent),
  };
}

const callbackUrlOf = (ctx: Ctx) => `${ctx.config.publicUrl}/api/payments/callback/${gatewayOf(ctx).name}`;

/** The gateway's order: the payer is the signed-in actor, the fee the student's (in the order's notes). */
export function orderRequestFor(
  ctx: Ctx,
  actor: Actor,
  studentId: string,
  p: { orderId: string; amountPaise: number; courseName: string },
  flow: OrderRequest['flow'],
  notes: Record<string, string>,
  /** A parent paying for the child: the parent's name, the student's e-mail (a parent may have none). */
  customer?: OrderRequest['customer'],
): OrderRequest {
  return {
    orderId: p.orderId,
    amountPaise: p.amountPaise,
    description: p.courseName,
    customer: customer ?? { id: actor.id, name: `${actor.firstName} ${actor.lastName}`, email: accountEmail(actor), phone: null },
    notes: { ...notes, studentId },
    callbackUrl: callbackUrlOf(ctx),
    flow,
  };
}

/** Asks the gateway for an order; its failure is a 502 with the spec's 'Payment initiation failed'. */
export async function createGatewayOrder(ctx: Ctx, req: OrderRequest) {
  try {
    return await gatewayOf(ctx).createOrder(req);
  } catch (err) {
    if (err instanceof GatewayError) throw new AppError('BAD_GATEWAY', PAYMENT_MSG.initiationFailed);
    throw err;
  }
}

export async function createOrder(
  ctx: Ctx,
  actor: Actor,
  scope: Scope,
  input: { courseId: string; couponCode?: string; method: 'gateway' | 'offline' },
): Promise<CreateOrderAnswer> {
  const studentId = ownStudentId(scope);
  const course = await findPayableCourse(ctx, studentId, input.courseId);
  const couponInput = { code: input.couponCode ?? '', courseId: course.id, studentId, pricePaise: course.pricePaise };
  const coupon: CouponPrice = input.couponCode
    ? await priceCoupon(ctx.db, couponInput)
    : { valid: false, code: '', percent: 0, amount: null, discountPaise: 0, totalPaise: course.pricePaise };
  const refused = () => badRequest(PAYMENT_MSG.couponInvalid, { couponCode: PAYMENT_MSG.couponInvalid });
  if (input.couponCode && !coupon.valid) throw refused();
  // Checked again under the coupon's row lock as the payment is written: two orders at once cannot both
  // take its last use.
  const guard = coupon.valid
    ? async (tx: Tx) => {
        const again = await priceCoupon(tx, { ...couponInput, lock: true });
        if (!again.valid || again.totalPaise !== coupon.totalPaise) throw refused();
      }
    : undefined;
  if (coupon.totalPaise <= 0) throw badRequest(PAYMENT_MSG.courseUnavailable, { courseId: PAYMENT_MSG.courseUnavailable });
  const orderId = newOrderId();
  const base = {
    studentId,
    courseId: course.id,
    courseName: course.name,
    kind: 'fee' as const,
    amountPaise: coupon.totalPaise,
    feePaise: course.pricePaise,
    discountPaise: coupon.discountPaise,
    couponCode: coupon.valid ? coupon.code : null,
    orderId,
  };
  if (input.method === 'offline') {
    const row = await createPayment(ctx, { ...base, method: 'offline', gateway: null }, causeOf(actor), guard);
    return { method: 'offline', paymentId: row.id, orderId, amount: toRupees(row.amountPaise), payment: toHistoryItem(row) };
  }
  const gateway = gatewayOf(ctx);
  const order = await createGatewayOrder(
    ctx,
    orderRequestFor(ctx, actor, studentId, { orderId, amountPaise: coupon.totalPaise, courseName: course.name }, 'checkout', {
      courseId: course.id,
    }),
  );
  const row = await createPayment(
    ctx,
    { ...base, method: 'gateway', gateway: gateway.name, gatewayOrderId: order.gatewayOrderId },
    causeOf(actor),
    guard,
  );
  return {
    method: 'gateway',
    paymentId: row.id,
    orderId,
    gateway: gateway.name,
    amount: toRupees(row.amountPaise),
    currency: 'INR',
    checkout: order.checkout,
    payment: toHistoryItem(row),
  };
}

/** The student's own gateway payment by our order id or the gateway's. */
async function findOwnGatewayPayment(ctx: Ctx, scope: Scope, orderId: string) {
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(
      and(paymentFilter(scope), eq(payments.method, 'gateway'), or(eq(payments.orderId, orderId), eq(payments.gatewayOrderId, orderId))),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The checkout's signed answer: the signature must hold for the order id WE stored, then the
 * gateway confirms the amount. Failure is a 400 and the payment stays pending (or failed when the
 * gateway says so).
 */
export async function verifyCheckoutAnswer(
  ctx: Ctx,
  log: FastifyBaseLogger,
  actor: Actor,
  scope: Scope,
  answer: { orderId: string; paymentId: string; signature: string },
) {
  const payment = await findOwnGatewayPayment(ctx, scope, answer.orderId);
  if (!payment?.gatewayOrderId) throw notFound(PAYMENT_MSG.notFound);
  const gateway = gatewayOf(ctx);
  if (payment.gateway !== gateway.name || !gateway.verifyCheckout(answer, payment.gatewayOrderId)) {
    log.warn({ orderId: payment.orderId }, 'payment verify: signature refused');
    await recordPaymentNote(ctx, payment, causeOf(actor), 'Refused: the checkout signature does not hold');
    throw badRequest(PAYMENT_MSG.verificationFailed);
  }
  let result: Awaited<ReturnType<typeof settleWithGateway>>;
  try {
    result = await settleWithGateway(ctx, payment, causeOf(actor));
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    log.warn({ err, orderId: payment.orderId }, 'payment verify: gateway status unavailable');
    throw badRequest(PAYMENT_MSG.verificationFailed);
  }
  if (result.row.status === 'completed' || result.row.status === 'refunded') {
    if (answer.paymentId !== result.row.gatewayPaymentId) {
      // A signed capture that is not the one the payment was completed with: the money was taken twice.
      await recordExtraCaptures(ctx, result.row, causeOf(actor)).catch((err) => log.warn({ err }, 'payment verify: captures unavailable'));
    }
    return { message: PAYMENT_MSG.paymentSuccess, payment: toHistoryItem(result.row) };
  }
  throw badRequest(result.row.status === 'failed' ? PAYMENT_MSG.paymentFailed : PAYMENT_MSG.verificationFailed);
}

/** The in-app sandbox checkout (PAYMENT_GATEWAY=sandbox): the student's own pending order only. */
export async function runSandboxCheckout(ctx: Ctx, scope: Scope, orderId: string, action: 'pay' | 'fail') {
  const gateway = gatewayOf(ctx);
  if (!(gateway instanceof SandboxGateway)) throw notFound('The sandbox gateway is not enabled');
  const payment = await findOwnGatewayPayment(ctx, scope, orderId);
  if (!payment?.gatewayOrderId || payment.gateway !== 'sandbox') throw notFound(PAYMENT_MSG.notFound);
  const answer = await gateway.checkoutAction(payment.gatewayOrderId, action).catch((err) => {
    if (err instanceof SandboxCheckoutExpired) throw conflict(PAYMENT_MSG.checkoutExpired);
    throw err;
  });
  // A declined payment reaches the merchant server to server (as a gateway's webhook would).
  if (answer.status === 'failed') await settleWithGateway(ctx, payment, { actor: null, label: 'Gateway (sandbox)' });
  return answer;
}

export async function findHistory(ctx: Ctx, scope: Scope) {
  const rows = await ctx.db.select().from(payments).where(paymentFilter(scope)).orderBy(desc(payments.createdAt));
  const docs = await documentsOf(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...toHistoryItem(r), ...docs.get(r.id) }));
}

/** A student reads only their own; an admin reads any. Not theirs → 404 (no hint that it exists). */
/** Whether a payment matching `where` exists, whoever owns it. */
export async function paymentExists(ctx: Ctx, where: SQL) {
  return (await ctx.db.select({ id: payments.id }).from(payments).where(where).limit(1)).length > 0;
}

export async function findPaymentByOrderId(ctx: Ctx, scope: Scope, orderId: string) {
  // Staff who see payments read those of their scope; a student only their own (lib/record-scope.ts).
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), paymentFilter(scope)))
    .limit(1);
  if (!row) return refusePayment(ctx.db, scope, eq(payments.orderId, orderId));
  return row;
}

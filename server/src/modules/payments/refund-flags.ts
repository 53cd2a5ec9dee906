import { and, eq, inArray } from 'drizzle-orm';
import { toRupees } from '@app/common';
import type { RefundFlagReason } from '@app/common/schemas/payments-admin';
import type { Db, Tx } from '../../db/client.ts';
import { courses, paymentExtraCaptures, payments } from '../../db/schema.ts';
import type { PaymentRow } from './dto.ts';
import { contributionOf, countsFor, findAdmissionById, findApprovedAdmission } from './fees.ts';

// Money flagged for refund (docs/product.md section 11, "Money taken twice"): the one home of both kinds,
// a second capture on an order already completed and a payment that took the fees past what was owed.
// The flags are written where the money is recorded (ledger.ts) and read by the payment's page and the
// collection report.

/**
 * How much of a payment that has just completed took the student's fees past what was owed (paise, 0
 * when none): the fee it counts towards (its admission's, or a course's for a fee payment of another
 * course) against every completed payment counting for it, this one included, up to what this payment
 * brought. Read in the completing transaction, under `lockStudentFees`.
 */
async function findOverpaidPaise(db: Db | Tx, payment: PaymentRow): Promise<number> {
  if (payment.status !== 'completed') return 0;
  // One after the other: in a transaction one connection runs one query at a time (docs/architecture.md).
  const admission =
    payment.kind === 'installment' && payment.admissionId
      ? await findAdmissionById(db, payment.admissionId)
      : await findApprovedAdmission({ db }, payment.studentId);
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.studentId, payment.studentId), eq(payments.status, 'completed')));
  let feePaise: number;
  let counted: PaymentRow[];
  if (admission && countsFor(admission, payment)) {
    feePaise = admission.course.pricePaise;
    counted = rows.filter((p) => countsFor(admission, p));
  } else if (payment.kind === 'fee' && payment.courseId) {
    const [course] = await db.select({ pricePaise: courses.pricePaise }).from(courses).where(eq(courses.id, payment.courseId)).limit(1);
    if (!course) return 0;
    feePaise = course.pricePaise;
    counted = rows.filter((p) => p.kind === 'fee' && p.courseId === payment.courseId);
  } else {
    return 0;
  }
  const excess = counted.reduce((sum, p) => sum + contributionOf(p).creditPaise, 0) - feePaise;
  return Math.max(0, Math.min(excess, contributionOf(payment).receivedPaise));
}

/**
 * In the transaction completing `payment`: what it brought beyond what is owed, flagged for refund once
 * per payment. Answers the paise flagged by this call (0 when nothing was over, or it was flagged already).
 */
export async function flagOverpaidIn(tx: Tx, payment: PaymentRow): Promise<number> {
  const overPaise = await findOverpaidPaise(tx, payment);
  if (overPaise <= 0) return 0;
  const inserted = await tx
    .insert(paymentExtraCaptures)
    .values({ paymentId: payment.id, reason: 'overpaid', gatewayPaymentId: payment.gatewayPaymentId, amountPaise: overPaise })
    .onConflictDoNothing()
    .returning({ id: paymentExtraCaptures.id });
  return inserted.length > 0 ? overPaise : 0;
}

export type RefundFlags = {
  flags: { reason: RefundFlagReason; gatewayPaymentId: string | null; amount: number; when: string }[];
  /** Paise still to refund: every second capture (refunded at the gateway, outside our books), and what of an overpayment Refund has not yet returned. */
  toRefundPaise: number;
};

/** The flags of these payments, oldest first, and what is left to refund of each (payments without flags are absent). */
export async function findRefundFlags(db: Db | Tx, rows: PaymentRow[]): Promise<Map<string, RefundFlags>> {
  const out = new Map<string, RefundFlags>();
  if (rows.length === 0) return out;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const flags = [];
  // In slices, so a long report never sends one statement thousands of parameters.
  for (let i = 0; i < rows.length; i += 500) {
    const ids = rows.slice(i, i + 500).map((r) => r.id);
    flags.push(...(await db.select().from(paymentExtraCaptures).where(inArray(paymentExtraCaptures.paymentId, ids))));
  }
  flags.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const f of flags) {
    const entry = out.get(f.paymentId) ?? { flags: [], toRefundPaise: 0 };
    entry.flags.push({
      reason: f.reason,
      gatewayPaymentId: f.gatewayPaymentId,
      amount: toRupees(f.amountPaise),
      when: f.createdAt.toISOString(),
    });
    const p = byId.get(f.paymentId);
    if (f.reason === 'second_capture') entry.toRefundPaise += f.amountPaise;
    else if (p) entry.toRefundPaise += Math.max(0, f.amountPaise - p.refundedPaise);
    out.set(f.paymentId, entry);
  }
  return out;
}

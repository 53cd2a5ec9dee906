import { z } from 'zod';
import { hasAtMostPaise } from '../rules/money.ts';
import { blankAsMissing } from './fields.ts';
import { creditNoteRef, PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_MSG, PAYMENT_STATUSES } from './payments.ts';

// Payments as the admin ledger reads and changes them (/admin/payments; docs/product.md sections 3 and 9).
// Amounts are rupees here.

/** Why money on a payment is flagged for refund (docs/product.md section 11, "Money taken twice"). */
export const REFUND_FLAG_REASONS = ['second_capture', 'overpaid'] as const;
export type RefundFlagReason = (typeof REFUND_FLAG_REASONS)[number];
export const REFUND_FLAG_LABELS: Record<RefundFlagReason, string> = {
  second_capture: 'Captured twice: refund at the gateway',
  overpaid: 'Paid beyond what was owed: refund it',
};

export const paymentListQuery = z.object({
  status: blankAsMissing(
    z.enum(PAYMENT_STATUSES, { error: 'Status must be pending, completed, failed, cancelled or refunded' }).optional(),
  ),
});

/** One row of GET /api/payments (docs/product.md section 3 "Payment"). */
export const adminPaymentSchema = z.object({
  _id: z.string(),
  /** null when the student account was deleted. */
  studentId: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  amount: z.number(),
  fee: z.number(),
  discount: z.number(),
  couponCode: z.string().nullable(),
  currency: z.string(),
  course: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  installmentNumber: z.number().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  gateway: z.string().nullable(),
  orderId: z.string(),
  transactionId: z.string().nullable(),
  /** The gateway's order id (our order id for sandbox/paytm/offline). */
  razorpayOrderId: z.string().nullable(),
  razorpayPaymentId: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  responseMessage: z.string().nullable(),
  /** Rupees refunded so far; the payment counts for amount - refunded. */
  refunded: z.number(),
  /** Money taken at a centre's counter: how (cash, upi, cheque, bank_transfer), its reference, where and when; null otherwise. */
  counterMethod: z.enum(['cash', 'upi', 'cheque', 'bank_transfer']).nullable(),
  reference: z.string().nullable(),
  centre: z.string().nullable(),
  receivedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const adminPaymentListResponse = z.array(adminPaymentSchema);

export const paymentEventSchema = z.object({
  from: z.enum(PAYMENT_STATUSES).nullable(),
  to: z.enum(PAYMENT_STATUSES),
  /** Who: an admin's name and e-mail, the student, 'gateway', 'reconciler' or 'system'. */
  who: z.string(),
  when: z.string(),
  note: z.string().nullable(),
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

/** GET /api/payments/{id} (admin): the full record and its history, oldest first. */
export const adminPaymentDetailSchema = adminPaymentSchema.extend({
  refundId: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** Each refund with its amount (rupees), oldest first. */
  refunds: z.array(z.object({ amount: z.number(), refundId: z.string().nullable(), who: z.string(), when: z.string() })),
  /**
   * Money flagged for refund, oldest first: `second_capture`, a capture on this order after it was completed
   * (money taken twice, refunded at the gateway); `overpaid`, the part of this payment that took the fees
   * past what was owed (refunded with Refund). `toRefund` is what is left of it to refund.
   */
  extraCaptures: z.array(
    z.object({
      reason: z.enum(REFUND_FLAG_REASONS),
      gatewayPaymentId: z.string().nullable(),
      amount: z.number(),
      when: z.string(),
    }),
  ),
  /** Rupees flagged for refund and not yet refunded (0 when nothing is flagged). */
  toRefund: z.number(),
  /** The tax invoice's number (null: no GSTIN when it completed, or not completed) and its credit notes. */
  invoiceNumber: z.string().nullable(),
  creditNotes: z.array(creditNoteRef),
  history: z.array(paymentEventSchema),
});
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetailSchema>;

/** GET /api/payments/summary (admin): the five tiles and the Payment Summary (docs/product.md section 9). */
export const paymentTilesSchema = z.object({
  /** Sum of completed amounts (rupees). */
  totalRevenue: z.number(),
  /** Sum of pending amounts (rupees). */
  pending: z.number(),
  pendingCount: z.number(),
  totalTransactions: z.number(),
  successful: z.number(),
  failed: z.number(),
  refunded: z.number(),
  /** Abandoned or expired orders: no money, not counted as pending nor in the success rate. */
  cancelled: z.number(),
  /** completed / all payments but the cancelled ones, as a rounded percent; 0 when there are none. */
  successRate: z.number(),
});
export type PaymentTiles = z.infer<typeof paymentTilesSchema>;

/**
 * POST /api/payments/{id}/refund (admin): `amount` in rupees (paise precision); none refunds what is
 * left of the payment; above what is left is a 400 naming `amount`.
 */
export const refundPaymentBody = z
  .object({
    amount: z
      .number({ error: PAYMENT_MSG.refundInvalidAmount })
      .refine((v) => Number.isFinite(v) && v > 0, PAYMENT_MSG.refundInvalidAmount)
      .refine(hasAtMostPaise, PAYMENT_MSG.refundInvalidAmount)
      .optional(),
  })
  .nullish();
export type RefundPaymentBody = z.input<typeof refundPaymentBody>;

/** PATCH /api/payments/{id}/verify and POST /api/payments/{id}/refund answer the updated payment. */
export const adminPaymentActionResponse = adminPaymentDetailSchema;

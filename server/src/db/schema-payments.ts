import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { admissionRequests, centres, courses, users } from './schema.ts';

// Payments, their history, and the sandbox gateway's books. Re-exported by schema.ts (drizzle-kit reads
// that file); the references to users, courses and admissions are functions, so the import cycle is safe.

export const payments = pgTable(
  'payments',
  {
    id: id(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    courseName: text('course_name').notNull(),
    admissionId: uuid('admission_id').references(() => admissionRequests.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['fee', 'installment'] }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    feePaise: bigint('fee_paise', { mode: 'number' }).notNull(),
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
    couponCode: text('coupon_code'),
    currency: text('currency').notNull().default('INR'),
    status: text('status', { enum: ['pending', 'completed', 'failed', 'cancelled', 'refunded'] })
      .notNull()
      .default('pending'),
    method: text('method', { enum: ['gateway', 'offline'] }).notNull(),
    /** Who paid: the student online, a parent online for the student (docs/product-parents.md), staff at the counter. */
    paidBy: text('paid_by', { enum: ['student', 'parent', 'staff'] })
      .notNull()
      .default('student'),
    /** The parent's account when a parent paid. */
    paidByParentId: uuid('paid_by_parent_id').references(() => users.id, { onDelete: 'set null' }),
    gateway: text('gateway'),
    orderId: text('order_id').notNull(),
    /** The gateway's own order id (Razorpay `order_…`); null for offline payments. */
    gatewayOrderId: text('gateway_order_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    transactionId: text('transaction_id'),
    installmentNumber: integer('installment_number'),
    receiptNumber: text('receipt_number'),
    responseMessage: text('response_message'),
    paidAt: ts('paid_at'),
    refundId: text('refund_id'),
    refundedAt: ts('refunded_at'),
    /** Money taken at a centre's counter (an admin records it): how, its reference, where and when. */
    counterMethod: text('counter_method', { enum: ['cash', 'upi', 'cheque', 'bank_transfer'] }),
    reference: text('reference'),
    centreId: text('centre_id').references(() => centres.id, { onDelete: 'set null' }),
    receivedAt: ts('received_at'),
    /** Sum of payment_refunds.amount_paise, kept in the same transaction as each refund row. */
    refundedPaise: bigint('refunded_paise', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_order_id_key').on(t.orderId),
    uniqueIndex('payments_gateway_order_key').on(t.gateway, t.gatewayOrderId),
    uniqueIndex('payments_receipt_key').on(t.receiptNumber),
    index('payments_student_idx').on(t.studentId, t.createdAt),
    index('payments_status_idx').on(t.status),
    index('payments_coupon_idx').on(t.couponCode),
    index('payments_paid_at_idx').on(t.paidAt),
    check('payments_amount_positive', sql`amount_paise > 0`),
    check('payments_refunded_within_amount', sql`refunded_paise >= 0 and refunded_paise <= amount_paise`),
  ],
);

/**
 * Each refund of a payment, with its amount (a refund is an amount, not a state): the payment counts
 * for what was not refunded, and is `refunded` once these reach its amount. A gateway's refund id is
 * recorded once, so the admin's refund call and the gateway's refund webhook never count it twice.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** The gateway's refund id; null for an offline payment's refund (money returned by the office). */
    gatewayRefundId: text('gateway_refund_id'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorLabel: text('actor_label').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.paymentId, t.createdAt),
    uniqueIndex('payment_refunds_gateway_key').on(t.gatewayRefundId),
    check('payment_refunds_amount_positive', sql`amount_paise > 0`),
  ],
);

/**
 * Money taken beyond what is owed, flagged for refund and shown on the payment's detail page and in the
 * collection report: `second_capture`, a capture the gateway reports on an order whose payment was already
 * completed by another capture (the money was taken twice; refunded at the gateway); `overpaid`, the part
 * of a payment that took the student's fees past what was owed when it completed (a capture after a
 * counter payment of the same fee; refunded with Refund). Once per capture, and once per payment.
 */
export const paymentExtraCaptures = pgTable(
  'payment_extra_captures',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['second_capture', 'overpaid'] })
      .notNull()
      .default('second_capture'),
    /** The capture's id at the gateway; null for money that came in otherwise (an offline payment verified). */
    gatewayPaymentId: text('gateway_payment_id'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_extra_captures_gateway_key').on(t.gatewayPaymentId),
    uniqueIndex('payment_extra_captures_overpaid_key').on(t.paymentId).where(sql`reason = 'overpaid'`),
  ],
);

/** Receipt numbers RCT-<year>-<n>: n comes from one sequence, so two instances never hand out the same. */
export const receiptNumberSeq = pgSequence('payment_receipt_seq', { startWith: 1 });

/**
 * The sandbox gateway's own books (PAYMENT_GATEWAY=sandbox): what it was asked to collect and what it
 * "received". It stands in for the real gateway's servers, so the app's adapters ask it, never the payments table.
 */
export const sandboxGatewayOrders = pgTable('sandbox_gateway_orders', {
  orderId: text('order_id').primaryKey(),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  status: text('status', { enum: ['created', 'paid', 'failed', 'refunded'] })
    .notNull()
    .default('created'),
  paymentId: text('payment_id'),
  refundId: text('refund_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorLabel: text('actor_label').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.createdAt)],
);

export const gatewayEvents = pgTable('gateway_events', {
  id: text('id').primaryKey(),
  gateway: text('gateway').notNull(),
  receivedAt: createdAt(),
});

/**
 * Coupons managed by admins: a percentage or a fixed amount (paise) off a course fee. `courseIds` empty
 * means every course; an id of a course deleted later keeps matching nothing (never "every course").
 * Uses are counted from the payments that carry the code (docs/product.md, "Coupons").
 */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    code: text('code').notNull(),
    percent: integer('percent'),
    amountPaise: bigint('amount_paise', { mode: 'number' }),
    courseIds: uuid('course_ids').array().notNull().default(sql`'{}'::uuid[]`),
    validFrom: ts('valid_from'),
    validTo: ts('valid_to'),
    maxUses: integer('max_uses'),
    maxUsesPerStudent: integer('max_uses_per_student'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    check('coupons_one_discount', sql`(percent is null) <> (amount_paise is null)`),
    check('coupons_percent_range', sql`percent is null or (percent between 1 and 100)`),
    check('coupons_amount_positive', sql`amount_paise is null or amount_paise > 0`),
  ],
);

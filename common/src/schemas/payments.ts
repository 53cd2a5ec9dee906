import { z } from 'zod';
import { FEE_TYPES } from '../constants.ts';
import { FEE_PLAN_LIMITS } from '../rules/fee-plans.ts';
import { hasAtMostPaise } from '../rules/money.ts';
import { blankAsMissing } from './fields.ts';

// Payments: fee payment, installment (course) payment, status pages, history and summary (the admin
// ledger is in payments-admin.ts) (docs/product.md sections 2, 3, 5, 7, 8, 9; docs/product.md sections 7 and 11). Amounts are rupees here.

/** `cancelled`: an order the customer abandoned or that expired at the gateway (no money, not pending). */
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_METHODS = ['gateway', 'offline'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_KINDS = ['fee', 'installment'] as const;
export const GATEWAYS = ['sandbox', 'razorpay', 'paytm'] as const;
export type GatewayName = (typeof GATEWAYS)[number];
export const INSTALLMENT_STATUSES = ['paid', 'pending', 'overdue'] as const;

/**
 * How long an online checkout may be completed after its order is created: past it the sandbox gateway
 * takes no money for the order and the reconciler closes it as `cancelled` (docs/product.md section 11,
 * "Checkout window"). A capture the gateway reports later still completes it.
 */
export const CHECKOUT_WINDOW_MINUTES = 30;
export const CHECKOUT_WINDOW_MS = CHECKOUT_WINDOW_MINUTES * 60_000;

/**
 * An online checkout nobody completed: a gateway order still open (no word of money yet) or closed
 * unpaid (abandoned, expired, or cancelled at the counter). It is no money: the student reads "Not
 * completed", and the Pending figures, which sum money reported but not yet confirmed (offline payments
 * awaiting an admin's Verify), leave it out.
 */
export const isCheckoutNotCompleted = (p: { method: PaymentMethod; status: PaymentStatus }) =>
  p.method === 'gateway' && (p.status === 'pending' || p.status === 'cancelled');

/** The spec's payment texts (docs/product.md section 8) and the server's own messages. */
export const PAYMENT_MSG = {
  selectCourse: 'Please select a course',
  couponApplied: (percent: number) => `Coupon applied! ${percent}% discount`,
  couponAppliedAmount: (amount: string) => `Coupon applied! ${amount} off`,
  couponInvalid: 'Invalid coupon code',
  paymentFailed: 'Payment failed. Please try again.',
  verificationFailed: 'Payment completed but verification failed. Please contact support.',
  paymentSuccess: 'Payment successful! Course access has been granted.',
  invalidAmount: 'Please enter a valid amount',
  amountAboveDue: (due: string) => `Please enter a valid amount: at most ${due} is still due`,
  nothingDue: 'Your fees are fully paid: nothing is due.',
  installmentOutOfPlan: (n: number) => `Please choose an installment: your fee plan has ${n} ${n === 1 ? 'installment' : 'installments'}`,
  initiationFailed: 'Payment initiation failed',
  admissionLoadFailed: 'Failed to load admission details',
  noAdmission: 'No approved admission found for your account.',
  callbackFailed: 'There was an error processing the payment callback. If money was deducted from your account, please contact support.',
  verifyError: 'Error verifying payment. Please try again.',
  refundError: 'Error processing refund. Please try again.',
  gatewayNotPaid: 'The gateway has not received this payment.',
  verifyOnlyPending: 'Only a pending payment can be verified.',
  refundOnlyCompleted: 'Only a completed payment can be refunded.',
  refundInvalidAmount: 'Please enter a valid refund amount',
  refundAboveLeft: (left: string) => `The refund can be at most ${left}, what is left of this payment`,
  feeAlreadyPaid: (course: string) => `The fee for ${course} is already paid: nothing is due for it.`,
  courseUnavailable: 'This course is not available for payment.',
  notFound: 'Payment not found',
  checkoutExpired: 'This checkout has expired. Please start the payment again.',
  notCompleted: 'Not completed',
  notCompletedNote:
    'This online payment was not completed: no money has reached us for it. If money did leave your account, it will show here as completed within a few minutes.',
  receiptOnlyCompleted: 'A receipt is available once the payment is completed.',
  signatureInvalid: 'The payment could not be verified.',
  noPayments: 'No payments yet',
  noPaymentsFound: 'No payments found',
  securePayment: 'Payments are processed securely. Your card details are never stored on our servers.',
  emailSent: 'A confirmation email has been sent to your registered email address.',
} as const;

/** Error codes the callback redirect puts in /payment/failed?error=… */
export const CALLBACK_ERRORS = { callbackFailed: 'callback_failed', cancelled: 'cancelled', failed: 'payment_failed' } as const;

const courseId = z
  .string({ error: PAYMENT_MSG.selectCourse })
  .trim()
  .min(1, PAYMENT_MSG.selectCourse)
  .pipe(z.uuid(PAYMENT_MSG.selectCourse));

// ---- Fee payment (/student/payment) ----

/**
 * POST /api/payments/coupons/validate (student). An unknown code answers 200 with valid:false,
 * percent 0, discount 0 and total = price, message 'Invalid coupon code' (the spec: discount resets to 0).
 */
export const couponValidateBody = z.object({
  courseId,
  code: z.string({ error: PAYMENT_MSG.couponInvalid }).max(50, PAYMENT_MSG.couponInvalid),
});
export type CouponValidateBody = z.input<typeof couponValidateBody>;
export const couponValidateResponse = z.object({
  valid: z.boolean(),
  /** The code upper-cased. */
  code: z.string(),
  percent: z.number(),
  price: z.number(),
  discount: z.number(),
  total: z.number(),
  message: z.string(),
});
export type CouponValidateAnswer = z.infer<typeof couponValidateResponse>;

/**
 * POST /api/payments/orders (student). The server decides the amount (course price - coupon).
 * An unknown couponCode is refused with 400 'Invalid coupon code' (fields.couponCode): it never
 * silently charges the full price. A blank couponCode means none.
 */
export const createOrderBody = z.object({
  courseId,
  couponCode: blankAsMissing(z.string().max(50, PAYMENT_MSG.couponInvalid).optional()),
  method: z.enum(PAYMENT_METHODS, { error: 'Please choose a payment method' }).default('gateway'),
});
export type CreateOrderBody = z.input<typeof createOrderBody>;

/** What the browser checkout needs, per gateway. */
export const checkoutSchema = z.discriminatedUnion('kind', [
  // The in-app sandbox checkout dialog: POST `url` with {action:'pay'|'fail'} answers a signed result.
  z.object({ kind: z.literal('sandbox'), url: z.string(), orderId: z.string(), amountPaise: z.number() }),
  // Razorpay Checkout (checkout.js) options.
  z.object({
    kind: z.literal('razorpay'),
    keyId: z.string(),
    orderId: z.string(),
    amountPaise: z.number(),
    currency: z.string(),
    name: z.string(),
    description: z.string(),
    prefill: z.object({ name: z.string(), email: z.string() }),
    notes: z.record(z.string(), z.string()),
  }),
  // A hosted page reached by posting `params` as a hidden form to `paymentUrl` (Paytm).
  z.object({ kind: z.literal('form'), paymentUrl: z.string(), params: z.record(z.string(), z.string()) }),
]);
export type Checkout = z.infer<typeof checkoutSchema>;

/** A payment as its owner (the student) sees it: one history entry. */
/** A credit note issued against a payment's tax invoice (a refund or a bounced cheque): docs/product-invoices.md. */
export const creditNoteRef = z.object({ _id: z.string(), number: z.string(), amount: z.number(), issuedAt: z.string() });
export type CreditNoteRef = z.infer<typeof creditNoteRef>;

export const paymentHistoryItem = z.object({
  _id: z.string(),
  orderId: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  course: z.string(),
  /** Rupees actually charged (after any discount). */
  amount: z.number(),
  /** Rupees refunded so far (a partial refund leaves the payment completed). */
  refunded: z.number(),
  fee: z.number(),
  discount: z.number(),
  couponCode: z.string().nullable(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** When it was paid (completed), else when it was created. */
  date: z.string(),
  transactionId: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS),
  gateway: z.string().nullable(),
  installmentNumber: z.number().nullable(),
  receiptNumber: z.string().nullable(),
  createdAt: z.string(),
  /** The tax invoice's number, when one was issued (the history list; absent elsewhere). */
  invoiceNumber: z.string().nullable().optional(),
  /** Its credit notes, oldest first (the history list; absent elsewhere). */
  creditNotes: z.array(creditNoteRef).optional(),
});
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItem>;
export const paymentHistoryResponse = z.array(paymentHistoryItem);

export const createOrderResponse = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('gateway'),
    paymentId: z.string(),
    orderId: z.string(),
    gateway: z.enum(GATEWAYS),
    amount: z.number(),
    currency: z.literal('INR'),
    checkout: checkoutSchema,
    payment: paymentHistoryItem,
  }),
  z.object({ method: z.literal('offline'), paymentId: z.string(), orderId: z.string(), amount: z.number(), payment: paymentHistoryItem }),
]);
export type CreateOrderAnswer = z.infer<typeof createOrderResponse>;

/** POST /api/payments/verify (student): the checkout's signed answer. orderId is the gateway's order id. */
export const verifyPaymentBody = z.object({
  orderId: z.string().trim().min(1, PAYMENT_MSG.signatureInvalid).max(100),
  paymentId: z.string().trim().min(1, PAYMENT_MSG.signatureInvalid).max(100),
  signature: z.string().trim().min(1, PAYMENT_MSG.signatureInvalid).max(200),
});
export type VerifyPaymentBody = z.input<typeof verifyPaymentBody>;
export const verifyPaymentResponse = z.object({ message: z.string(), payment: paymentHistoryItem });

/** POST /api/payments/sandbox/checkout/{orderId} (student, sandbox gateway only). */
export const sandboxCheckoutBody = z.object({ action: z.enum(['pay', 'fail']) });
export const sandboxCheckoutResponse = z.object({
  orderId: z.string(),
  paymentId: z.string(),
  /** Present when paid: pass the three fields to /api/payments/verify. */
  signature: z.string().nullable(),
  status: z.enum(['paid', 'failed']),
  error: z.object({ code: z.string(), description: z.string() }).nullable(),
});
export type SandboxCheckoutAnswer = z.infer<typeof sandboxCheckoutResponse>;

// ---- Installment (course) payment (/payment/admission) ----

export const installmentNumberSchema = z.coerce
  .number({ error: 'Please choose an installment' })
  .int('Please choose an installment')
  .min(1, 'Please choose an installment')
  .max(FEE_PLAN_LIMITS.maxInstallments, 'Please choose an installment');

/** POST /api/payments/paytm/initiate (student). Above the fees still due → 400 with PAYMENT_MSG.amountAboveDue. */
export const initiateInstallmentBody = z.object({
  amount: z.coerce
    .number({ error: PAYMENT_MSG.invalidAmount })
    .refine((v) => Number.isFinite(v) && v > 0, PAYMENT_MSG.invalidAmount)
    .refine(hasAtMostPaise, PAYMENT_MSG.invalidAmount),
  /** The admission's id as GET /api/admissions/student answers it (the id or the admission number). */
  admissionId: z.string({ error: PAYMENT_MSG.admissionLoadFailed }).trim().min(1, PAYMENT_MSG.admissionLoadFailed).max(100),
  installmentNumber: installmentNumberSchema,
});
export type InitiateInstallmentBody = z.input<typeof initiateInstallmentBody>;
export const initiateInstallmentResponse = z.object({
  success: z.literal(true),
  orderId: z.string(),
  /** Post `params` as a hidden form (method POST) to this URL. */
  paymentUrl: z.string(),
  params: z.record(z.string(), z.string()),
});
export type InitiateInstallmentAnswer = z.infer<typeof initiateInstallmentResponse>;

/** GET /api/payments/status/{orderId} (the owner, or an admin): docs/product.md section 3 "Payment status record". */
export const paymentStatusRecord = z.object({
  _id: z.string(),
  orderId: z.string(),
  transactionId: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  updatedAt: z.string(),
  paymentDate: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS),
  gateway: z.string().nullable(),
  kind: z.enum(PAYMENT_KINDS),
  course: z.string(),
  receiptNumber: z.string().nullable(),
  admission: z.object({ course: z.object({ name: z.string() }) }).nullable(),
  transactionDetails: z.object({ installmentNumber: z.number().nullable(), responseMessage: z.string().nullable() }),
});
export type PaymentStatusRecord = z.infer<typeof paymentStatusRecord>;
export const orderIdParams = z.object({ orderId: z.string().trim().min(1).max(100) });

// ---- Student payment summary (dashboard) ----

/** One installment of the admission's fee plan (docs/product.md section 11, "Fee plans"). */
export const installmentSchema = z.object({
  type: z.enum(['monthly', 'installment']),
  installmentNumber: z.number(),
  amount: z.number(),
  /** The IST calendar day it falls due: YYYY-MM-DD. */
  dueDate: z.string(),
  status: z.enum(INSTALLMENT_STATUSES),
  paidDate: z.string().nullable(),
  /** What the payments cover of it (rupees; money covers installments in due-date order). */
  paid: z.number(),
  /** amount - paid. */
  outstanding: z.number(),
});
export type Installment = z.infer<typeof installmentSchema>;

/** GET /api/payments/student. 404 with PAYMENT_MSG.noAdmission when the student has no approved admission. */
export const paymentSummarySchema = z.object({
  admissionId: z.string(),
  course: z.object({ _id: z.string().nullable(), name: z.string(), feeType: z.enum(FEE_TYPES) }),
  totalFees: z.number(),
  /** Money actually received for these fees (net of refunds). */
  paidAmount: z.number(),
  /** Coupon discounts granted on these fees (their own line: not money received). */
  discountAmount: z.number(),
  /** totalFees - paidAmount - discountAmount, never below 0. */
  pendingAmount: z.number(),
  /** The first installment not yet covered and what is left of it; null when nothing is due. */
  nextDue: z.object({ installmentNumber: z.number(), amount: z.number() }).nullable(),
  paymentStatus: z.enum(['completed', 'partial', 'unpaid']),
  installments: z.array(installmentSchema),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

/**
 * GET /api/payments/fees (student): every active course with what this student owes for it, as the
 * server decides it (the admission's fixed fee for the admitted course, its price for any other, less
 * what was paid and discounted). The Fee Payment page shows these figures and never prices a course.
 */
export const courseFeeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  feeType: z.enum(FEE_TYPES),
  duration: z.string(),
  features: z.array(z.string()),
  /** The fee for this student (rupees). */
  fee: z.number(),
  paid: z.number(),
  discount: z.number(),
  /** What is still due; 0 = the fee is covered and no order is accepted for it. */
  due: z.number(),
  status: z.enum(['completed', 'partial', 'unpaid']),
  /** The course of the student's approved admission. */
  admitted: z.boolean(),
});
export type CourseFee = z.infer<typeof courseFeeSchema>;
export const courseFeesResponse = z.array(courseFeeSchema);

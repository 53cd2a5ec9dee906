import { z } from 'zod';
import { CENTRE_IDS } from '../constants.ts';
import { instantInIndia, isStorableDate, todayInIndia } from '../rules/dates.ts';
import { isoDate } from './batches.ts';
import { blankAsMissing } from './fields.ts';
import { hasAtMostPaise } from '../rules/money.ts';

// Money taken at a centre's counter, and the daily collection report (docs/product.md, "Counter payments
// and collections").

export const COUNTER_METHODS = ['cash', 'upi', 'cheque', 'bank_transfer'] as const;
export type CounterMethod = (typeof COUNTER_METHODS)[number];
export const COUNTER_METHOD_LABELS: Record<CounterMethod, string> = {
  cash: 'Cash',
  upi: 'UPI',
  cheque: 'Cheque',
  bank_transfer: 'Bank transfer',
};
/** How a payment came in, as the collection report groups it: a counter method, online (the gateway) or offline (verified). */
export const COLLECTION_METHOD_LABELS: Record<string, string> = {
  ...COUNTER_METHOD_LABELS,
  online: 'Online',
  offline: 'Offline (verified)',
};

export const COUNTER_MSG = {
  studentNotFound: 'Student not found',
  noAdmission: 'This student has no approved admission to pay for',
  nothingOwed: 'This student owes nothing',
  overOwed: (owed: string) => `The amount is more than what the student owes (${owed})`,
  referenceRequired: 'A reference is required for UPI, cheque and bank transfer',
  future: 'The date received cannot be in the future',
  notCheque: 'Only a completed cheque payment taken at the counter can be marked bounced',
  bounced: 'Cheque marked bounced; the payment no longer counts',
  /** The student's own online payments still open for these fees, which with this one would pass what is owed. */
  pendingOnline: (orders: string) =>
    `This student has an online payment still pending: ${orders}. Recording this payment as well would take more than they owe. If the student did not pay online, confirm to cancel the online order and record this payment.`,
  confirmPendingOnline: 'The student did not pay online: cancel the pending online order and record this payment',
  notVerifiable:
    'A counter payment is completed when it is recorded: this one was never finished and holds no money. Record the payment again if it was received.',
} as const;

/** One pending online order as the counter names it: '₹25,000 for CLAT Preparation (order ORD_…, started 4 Dec 2026, 10:15 am)'. */
export const describePendingOrder = (o: { amount: string; course: string; orderId: string; started: string }) =>
  `${o.amount} for ${o.course} (order ${o.orderId}, started ${o.started})`;

export const counterPaymentBody = z
  .object({
    studentId: z.uuid({ error: COUNTER_MSG.studentNotFound }),
    amount: z
      .number({ error: 'Please enter a valid amount' })
      .positive('Please enter a valid amount')
      .max(10_000_000, 'Please enter a valid amount')
      .refine(hasAtMostPaise, 'Please enter a valid amount'),
    method: z.enum(COUNTER_METHODS, { error: 'Method must be cash, upi, cheque or bank_transfer' }),
    reference: z.string().trim().max(100, 'Reference is too long').optional(),
    receivedAt: z.string({ error: 'The date received is required' }).transform((v, ctx) => {
      // A date alone is noon of that day in India; today's date before noon is now (money taken this
      // morning is not "in the future").
      const isDay = /^\d{4}-\d{2}-\d{2}$/.test(v);
      const now = new Date();
      const d = isDay ? (v === todayInIndia(now) ? now : instantInIndia(v, '12:00')) : new Date(v);
      if (!isStorableDate(d) || d.getUTCFullYear() < 2000) {
        ctx.addIssue({ code: 'custom', message: 'The date received must be a valid date' });
        return z.NEVER;
      }
      return d;
    }),
    centre: z.enum(CENTRE_IDS, { error: 'Unknown centre' }),
    /** The clerk confirms the student did not pay online: their pending online orders for these fees are cancelled. */
    confirmPendingOnline: z.boolean({ error: 'Confirm with true or false' }).optional(),
  })
  .refine((b) => b.method === 'cash' || (b.reference ?? '').length > 0, { path: ['reference'], message: COUNTER_MSG.referenceRequired });
export type CounterPaymentBody = z.input<typeof counterPaymentBody>;

/**
 * GET /api/payments/counter/students/{id}: what the counter form shows once a student is chosen: the
 * centre to preselect (the student's, else their admission's), what they owe, the next installment and
 * their online payments still pending for these fees. 409 COUNTER_MSG.noAdmission without an approved admission.
 */
export const counterStudentResponse = z.object({
  studentId: z.string(),
  centre: z.string().nullable(),
  course: z.string(),
  totalFees: z.number(),
  paidAmount: z.number(),
  owed: z.number(),
  /** The first installment not yet covered: what is left of it, its IST due day (YYYY-MM-DD) and status. */
  nextDue: z
    .object({
      installmentNumber: z.number(),
      installmentCount: z.number(),
      amount: z.number(),
      dueDate: z.string(),
      status: z.enum(['pending', 'overdue']),
    })
    .nullable(),
  pendingOnline: z.array(z.object({ _id: z.string(), orderId: z.string(), amount: z.number(), course: z.string(), createdAt: z.string() })),
});
export type CounterStudent = z.infer<typeof counterStudentResponse>;

export const bounceBody = z.object({ reason: z.string().trim().max(300, 'Reason is too long').optional() }).optional();

export const collectionsQuery = z
  .object({
    from: blankAsMissing(isoDate('From').optional()),
    to: blankAsMissing(isoDate('To').optional()),
    centre: blankAsMissing(z.enum(CENTRE_IDS, { error: 'Unknown centre' }).optional()),
    format: blankAsMissing(z.enum(['json', 'csv', 'pdf'], { error: 'Format must be csv or pdf' }).optional()),
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { path: ['to'], message: 'To must be on or after From' });

const total = z.object({ amount: z.number(), count: z.number() });
export const collectionsResponse = z.object({
  from: z.string(),
  to: z.string(),
  centre: z.string().nullable(),
  total,
  /** Money flagged for refund among these payments (a second capture, or a capture beyond what was owed), not yet refunded. */
  toRefund: total,
  byDay: z.array(total.extend({ date: z.string() })),
  byCentre: z.array(total.extend({ centre: z.string().nullable(), name: z.string() })),
  byMethod: z.array(total.extend({ method: z.string(), label: z.string() })),
  /** One line per day, centre and method. */
  rows: z.array(total.extend({ date: z.string(), centre: z.string().nullable(), method: z.string() })),
  payments: z.array(
    z.object({
      _id: z.string(),
      date: z.string(),
      receiptNumber: z.string().nullable(),
      student: z.string(),
      course: z.string(),
      amount: z.number(),
      method: z.string(),
      reference: z.string().nullable(),
      centre: z.string().nullable(),
      centreName: z.string(),
      recordedAt: z.string(),
      /** Rupees of this payment flagged for refund and not yet refunded; 0 for most. */
      toRefund: z.number(),
    }),
  ),
});
export type Collections = z.infer<typeof collectionsResponse>;

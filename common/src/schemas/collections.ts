import { z } from 'zod';
import { CENTRE_IDS } from '../constants.ts';
import { todayInIndia } from '../rules/class-dates.ts';
import { isStorableDate } from '../rules/dates.ts';
import { isoDate } from './batches.ts';
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
} as const;

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
      const d = isDay ? (v === todayInIndia(now) ? now : new Date(`${v}T12:00:00+05:30`)) : new Date(v);
      if (!isStorableDate(d) || d.getUTCFullYear() < 2000) {
        ctx.addIssue({ code: 'custom', message: 'The date received must be a valid date' });
        return z.NEVER;
      }
      return d;
    }),
    centre: z.enum(CENTRE_IDS, { error: 'Unknown centre' }),
  })
  .refine((b) => b.method === 'cash' || (b.reference ?? '').length > 0, { path: ['reference'], message: COUNTER_MSG.referenceRequired });
export type CounterPaymentBody = z.input<typeof counterPaymentBody>;

export const bounceBody = z.object({ reason: z.string().trim().max(300, 'Reason is too long').optional() }).optional();

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const collectionsQuery = z
  .object({
    from: z.preprocess(blankToUndefined, isoDate('From').optional()),
    to: z.preprocess(blankToUndefined, isoDate('To').optional()),
    centre: z.preprocess(blankToUndefined, z.enum(CENTRE_IDS, { error: 'Unknown centre' }).optional()),
    format: z.preprocess(blankToUndefined, z.enum(['json', 'csv', 'pdf'], { error: 'Format must be csv or pdf' }).optional()),
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { path: ['to'], message: 'To must be on or after From' });

const total = z.object({ amount: z.number(), count: z.number() });
export const collectionsResponse = z.object({
  from: z.string(),
  to: z.string(),
  centre: z.string().nullable(),
  total,
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
    }),
  ),
});
export type Collections = z.infer<typeof collectionsResponse>;

import { z } from 'zod';
import { optionalDate } from './fields.ts';
import { hasAtMostPaise } from '../rules/money.ts';

// Coupons managed by admins (docs/product.md, "Coupons"): a percentage or a fixed amount off a course
// fee, for some courses or all, within dates, with limits on total uses and uses per student.

export const COUPON_MSG = {
  notFound: 'Coupon not found',
  codeTaken: 'A coupon with this code already exists',
  oneOfPercentOrAmount: 'Give either a percentage or an amount, not both',
  percentOrAmountRequired: 'Give a percentage or an amount',
  toBeforeFrom: 'Valid to must be after valid from',
  courseNotFound: 'Course not found',
  hasUses: (n: number) => `This coupon has been used ${n} time${n === 1 ? '' : 's'} and cannot be deleted; deactivate it instead.`,
  deleted: 'Coupon deleted',
} as const;

const CODE_RE = /^[A-Z0-9_-]{3,30}$/;

const couponDate = (label: string) => optionalDate(`${label} must be a valid date`);

const optionalLimit = (label: string) =>
  z
    .union([
      z
        .number({ error: `${label} must be a number` })
        .int(`${label} must be a whole number`)
        .min(1, `${label} must be at least 1`)
        .max(1_000_000, `${label} is too large`),
      z.null(),
    ])
    .optional();

const fields = {
  code: z
    .string({ error: 'Code is required' })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(CODE_RE, 'Code must be 3 to 30 letters, digits, - or _')),
  percent: z
    .union([
      z
        .number({ error: 'Percentage must be a number' })
        .int('Percentage must be a whole number')
        .min(1, 'Percentage must be at least 1')
        .max(100, 'Percentage must be at most 100'),
      z.null(),
    ])
    .optional(),
  amount: z
    .union([
      z
        .number({ error: 'Amount must be a number' })
        .positive('Amount must be more than 0')
        .max(10_000_000, 'Amount is too large')
        .refine(hasAtMostPaise, 'Amount can have at most 2 decimals'),
      z.null(),
    ])
    .optional(),
  courses: z
    .array(z.uuid({ error: COUPON_MSG.courseNotFound }), { error: 'Courses must be a list' })
    .max(100)
    .optional(),
  validFrom: couponDate('Valid from'),
  validTo: couponDate('Valid to'),
  maxUses: optionalLimit('Total uses'),
  maxUsesPerStudent: optionalLimit('Uses per student'),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
};

type Shape = { percent?: number | null; amount?: number | null; validFrom?: Date | null; validTo?: Date | null };
const datesInOrder = (c: Shape) => !c.validFrom || !c.validTo || c.validTo > c.validFrom;

export const couponBody = z
  .object(fields)
  .refine((c) => !(c.percent != null && c.amount != null), { path: ['amount'], message: COUPON_MSG.oneOfPercentOrAmount })
  .refine((c) => c.percent != null || c.amount != null, { path: ['percent'], message: COUPON_MSG.percentOrAmountRequired })
  .refine(datesInOrder, { path: ['validTo'], message: COUPON_MSG.toBeforeFrom });
export type CouponBody = z.input<typeof couponBody>;

/** PATCH: any of the fields; the stored ones fill in the rest before the same checks (server). */
export const couponPatchBody = z
  .object(fields)
  .partial()
  .refine((c) => !(c.percent != null && c.amount != null), { path: ['amount'], message: COUPON_MSG.oneOfPercentOrAmount })
  .refine(datesInOrder, { path: ['validTo'], message: COUPON_MSG.toBeforeFrom });
export type CouponPatchBody = z.input<typeof couponPatchBody>;

export const couponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  percent: z.number().nullable(),
  amount: z.number().nullable(),
  /** Course ids; empty means every course. */
  courses: z.array(z.string()),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  maxUses: z.number().nullable(),
  maxUsesPerStudent: z.number().nullable(),
  /** Completed payments that used it (a use counts when the payment completes). */
  uses: z.number(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

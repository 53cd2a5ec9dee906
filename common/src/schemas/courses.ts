import { z } from 'zod';
import { FEE_TYPES } from '../constants.ts';
import { FEE_PLAN_LIMITS, isIsoDate } from '../rules/fee-plans.ts';
import { hasAtMostPaise } from '../rules/money.ts';
import { blankAsMissing } from './fields.ts';

/** A course page's address, /courses/{slug} (docs/product-site.md). */
export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MSG = 'Slug: lower-case letters, digits and single hyphens, like clat-preparation';
export const SLUG_TAKEN = 'Slug: another course has this address already';
/** Addresses under /api/courses/ that name a list, not a course: no course page can have them. */
export const RESERVED_SLUGS: readonly string[] = ['admin'];
export const SLUG_RESERVED = 'Slug: this address is kept for the site itself; choose another';

/** A course name as a slug: "CLAT Preparation" → "clat-preparation"; "" when it has no letter or digit. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

export const FEE_PLAN_MSG = {
  installments: `The number of installments must be a whole number from ${FEE_PLAN_LIMITS.minInstallments} to ${FEE_PLAN_LIMITS.maxInstallments}`,
  dueDate: 'Each due date must be a real date written YYYY-MM-DD',
  dueDatesCount: (n: number) => `Due dates: give exactly ${n} ${n === 1 ? 'date' : 'dates'}, one per installment`,
  dueDatesOrder: 'Due dates must be strictly increasing: each one later than the one before',
} as const;

/**
 * A course's fee plan (docs/product.md section 11, "Fee plans"): 1 to 12 installments; without
 * `dueDates` they fall due monthly from the admission date, with them on the admin's dates (one per
 * installment, strictly increasing). `dueDates: null` reads as none.
 */
export const feePlanSchema = z
  .object(
    {
      installments: z.coerce
        .number({ error: FEE_PLAN_MSG.installments })
        .int(FEE_PLAN_MSG.installments)
        .min(FEE_PLAN_LIMITS.minInstallments, FEE_PLAN_MSG.installments)
        .max(FEE_PLAN_LIMITS.maxInstallments, FEE_PLAN_MSG.installments),
      dueDates: z
        .array(z.string({ error: FEE_PLAN_MSG.dueDate }).trim().refine(isIsoDate, FEE_PLAN_MSG.dueDate), {
          error: 'Due dates must be a list of dates',
        })
        .max(FEE_PLAN_LIMITS.maxInstallments, `Due dates: at most ${FEE_PLAN_LIMITS.maxInstallments} dates`)
        .nullish(),
    },
    { error: 'The fee plan must be an object: { installments, dueDates? }' },
  )
  .superRefine((plan, ctx) => {
    const dates = plan.dueDates;
    if (!dates) return;
    if (dates.length !== plan.installments) {
      ctx.addIssue({ code: 'custom', path: ['dueDates'], message: FEE_PLAN_MSG.dueDatesCount(plan.installments) });
      return;
    }
    // YYYY-MM-DD strings order as their dates do; a date that is not one has its own message already.
    if (!dates.every(isIsoDate)) return;
    if (dates.some((d, i) => i > 0 && d <= dates[i - 1])) {
      ctx.addIssue({ code: 'custom', path: ['dueDates'], message: FEE_PLAN_MSG.dueDatesOrder });
    }
  })
  .transform((plan) =>
    plan.dueDates ? { installments: plan.installments, dueDates: plan.dueDates } : { installments: plan.installments },
  );
export type FeePlanInput = z.input<typeof feePlanSchema>;

/** A plan as the API answers it: `dueDates` only when the admin listed them. */
export const feePlanResponse = z.object({ installments: z.number(), dueDates: z.array(z.string()).optional() });

// Course form rules, docs/product.md section 5.
export const courseBody = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  /** Absent on a new course: made from the name (a second of the name -2, ...); absent on an update: kept. */
  slug: blankAsMissing(
    z
      .string({ error: SLUG_MSG })
      .trim()
      .max(80, 'Slug is too long')
      .regex(SLUG_RE, SLUG_MSG)
      .refine((v) => !RESERVED_SLUGS.includes(v), SLUG_RESERVED)
      .optional(),
  ),
  description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(5000),
  price: z.coerce
    .number({ error: 'Price must be a number' })
    .min(0, 'Price must be at least 0')
    .max(10_000_000, 'Price is too large')
    .refine(hasAtMostPaise, 'Price can have at most 2 decimals'),
  feeType: z.enum(FEE_TYPES, { error: 'Fee type is required' }),
  category: z.string().trim().max(100).optional().default(''),
  duration: z.string({ error: 'Duration is required' }).trim().min(1, 'Duration is required').max(100),
  features: z
    .array(z.string().max(300))
    .max(50)
    .transform((list) => list.map((f) => f.trim()).filter((f) => f.length > 0))
    .refine((list) => list.length > 0, 'Please add at least one feature'),
  isActive: z.boolean().optional(),
  /** Absent on a new course: 4 installments, monthly; absent on an update: the plan stays as it is. */
  feePlan: feePlanSchema.optional(),
});
export type CourseBody = z.input<typeof courseBody>;

export const courseSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  price: z.number(),
  feeType: z.enum(FEE_TYPES),
  category: z.string(),
  duration: z.string(),
  features: z.array(z.string()),
  isActive: z.boolean(),
  feePlan: feePlanResponse,
  createdAt: z.string(),
});
export type Course = z.infer<typeof courseSchema>;

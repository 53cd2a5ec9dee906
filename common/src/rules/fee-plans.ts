// A course's fee plan: how many installments its fee is paid in and when each is due
// (docs/product.md section 11, "Fee plans"). Shared by the server (the schedule a student owes) and the
// course form (its preview), so both split the fee and date the installments the same way.

export const FEE_PLAN_LIMITS = { minInstallments: 1, maxInstallments: 12 } as const;

/** A course's plan as stored and answered: `dueDates` absent means monthly from the admission date. */
export type FeePlan = { installments: number; dueDates?: string[] };

/** The plan of a course that never had one set, and of every admission approved before plans existed. */
export const DEFAULT_FEE_PLAN: FeePlan = { installments: 4 };

/** Whether `s` is a real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export const isIsoDate = (s: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/**
 * The fee split into `n` installments, in paise, summing exactly to the fee: every installment but the
 * last is the same whole number of rupees (the fee / n, rounded down to a rupee) and the last takes the
 * remainder, so it is the largest (₹50,000 in 12: eleven of ₹4,166 and a last of ₹4,174).
 */
export function splitFeePaise(totalPaise: number, n: number): number[] {
  const count = Math.max(1, Math.floor(n));
  const part = Math.floor(totalPaise / count / 100) * 100;
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? totalPaise - part * (count - 1) : part));
}

/** A YYYY-MM-DD date plus `months` calendar months, the day clamped to the month's last (31 Jan + 1 → 28/29 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/**
 * The due dates (YYYY-MM-DD, IST calendar days) of a plan for an admission dated `admissionDate`
 * (YYYY-MM-DD in IST): the admin's listed dates, or monthly: the admission day, then the same day of
 * each following month.
 */
export function planDueDates(plan: FeePlan, admissionDate: string): string[] {
  if (plan.dueDates && plan.dueDates.length === plan.installments) return [...plan.dueDates];
  return Array.from({ length: plan.installments }, (_, i) => addMonths(admissionDate, i));
}

const ordinal = (n: number) => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
};

/**
 * How an installment is named: 1st, 2nd, 3rd, 4th … and 'Final' for the last of a plan of several when
 * the plan's length is known (a four-installment plan reads 1st, 2nd, 3rd, Final as it always did).
 */
export const installmentLabel = (n: number, count?: number): string =>
  count !== undefined && count > 1 && n === count ? 'Final' : ordinal(n);

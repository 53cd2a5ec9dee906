// Coupon rules (docs/product.md, "Coupons"): discount = price × percent / 100 rounded to the paise, or a
// fixed amount up to the price; total = price − discount. Amounts are integer paise (the server's unit).
// Which codes exist, for which courses, dates and uses is the server's (its coupons table), never the browser's.

/** The coupon box upper-cases as typed; surrounding spaces never matter. */
export const normalizeCouponCode = (code: string): string => code.trim().toUpperCase();

export type CouponTerms = { percent: number | null; amountPaise: number | null };

/** What a coupon takes off a fee, in paise. */
export function couponDiscountPaise(pricePaise: number, terms: CouponTerms): number {
  if (terms.percent !== null) return Math.round((pricePaise * terms.percent) / 100);
  return Math.min(terms.amountPaise ?? 0, pricePaise);
}

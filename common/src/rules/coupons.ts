import { COUPONS } from '../constants.ts';

// Coupon rules, docs/product.md section 9: discount = price x percent / 100; total = price - discount.
// Amounts here are integer paise (the server's unit); the web previews with the same function.

/** The coupon box upper-cases as typed (docs/product.md section 5); surrounding spaces never matter. */
export const normalizeCouponCode = (code: string): string => code.trim().toUpperCase();

/** The percent of a known coupon, or null for an unknown one. */
export function couponPercent(code: string): number | null {
  const key = normalizeCouponCode(code);
  return Object.hasOwn(COUPONS, key) ? COUPONS[key] : null;
}

export type CouponResult = { valid: boolean; code: string; percent: number; discountPaise: number; totalPaise: number };

/** An unknown code gives no discount (the spec: "discount resets to 0"). */
export function applyCoupon(pricePaise: number, code: string | null | undefined): CouponResult {
  const normalized = code ? normalizeCouponCode(code) : '';
  const percent = normalized ? couponPercent(normalized) : null;
  if (percent === null) return { valid: false, code: normalized, percent: 0, discountPaise: 0, totalPaise: pricePaise };
  const discountPaise = Math.round((pricePaise * percent) / 100);
  return { valid: true, code: normalized, percent, discountPaise, totalPaise: pricePaise - discountPaise };
}

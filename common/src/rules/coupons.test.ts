import { describe, expect, it } from 'vitest';
import { couponDiscountPaise, normalizeCouponCode } from './coupons.ts';

describe('coupons (docs/product.md, "Coupons")', () => {
  it('codes are upper-cased and trimmed', () => {
    expect(normalizeCouponCode(' early20 ')).toBe('EARLY20');
  });

  it('a percentage: price x percent / 100 rounded to the paise', () => {
    expect(couponDiscountPaise(2_500_000, { percent: 20, amountPaise: null })).toBe(500_000);
    expect(couponDiscountPaise(99_999, { percent: 15, amountPaise: null })).toBe(15_000);
  });

  it('a fixed amount: at most the price', () => {
    expect(couponDiscountPaise(2_500_000, { percent: null, amountPaise: 50_000 })).toBe(50_000);
    expect(couponDiscountPaise(40_000, { percent: null, amountPaise: 50_000 })).toBe(40_000);
  });
});

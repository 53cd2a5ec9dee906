import { describe, expect, it } from 'vitest';
import { couponDiscountPaise, normalizeCouponCode } from './coupons.ts';
import { hasAtMostPaise } from './money.ts';

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

describe('amounts in rupees with paise', () => {
  it('every amount of at most two decimals is accepted, whatever binary floating point makes of × 100', () => {
    // 20000.01 × 100 is 2000000.9999999998: a plain comparison refused one amount in eleven.
    for (let paise = 0; paise < 200_000; paise += 13) expect(hasAtMostPaise(paise / 100), String(paise / 100)).toBe(true);
    expect(hasAtMostPaise(20_000.01)).toBe(true);
  });

  it('three decimals, an amount too small to be a paisa, NaN and infinity are refused', () => {
    for (const v of [0.001, 10.005, 5e-324, 1e-9, Number.NaN, Number.POSITIVE_INFINITY]) expect(hasAtMostPaise(v), String(v)).toBe(false);
  });
});

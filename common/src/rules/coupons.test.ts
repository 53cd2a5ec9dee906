import { describe, expect, it } from 'vitest';
import { applyCoupon, couponPercent, normalizeCouponCode } from './coupons.ts';

describe('coupons (docs/product.md section 9)', () => {
  it('knows the four codes, whatever the case', () => {
    expect([couponPercent('STUDENT10'), couponPercent('early20'), couponPercent('Welcome15'), couponPercent('FIRST15')]).toEqual([
      10, 20, 15, 15,
    ]);
    expect(couponPercent('BOGUS')).toBeNull();
    expect(couponPercent('toString')).toBeNull();
    expect(normalizeCouponCode(' early20 ')).toBe('EARLY20');
  });

  it('discount = price x percent / 100 rounded to the paise; total = price - discount', () => {
    expect(applyCoupon(2_500_000, 'EARLY20')).toEqual({
      valid: true,
      code: 'EARLY20',
      percent: 20,
      discountPaise: 500_000,
      totalPaise: 2_000_000,
    });
    expect(applyCoupon(99_999, 'WELCOME15')).toMatchObject({ discountPaise: 15_000, totalPaise: 84_999 });
  });

  it('an unknown or empty code gives no discount', () => {
    expect(applyCoupon(2_500_000, 'NOPE')).toEqual({ valid: false, code: 'NOPE', percent: 0, discountPaise: 0, totalPaise: 2_500_000 });
    expect(applyCoupon(2_500_000, '')).toMatchObject({ valid: false, discountPaise: 0 });
    expect(applyCoupon(2_500_000, undefined)).toMatchObject({ valid: false, totalPaise: 2_500_000 });
  });
});

import { describe, expect, it } from 'vitest';
import { formatINR, toPaise, toRupees } from './money.ts';

describe('formatINR (docs/product.md section 9: rupees, Indian formatting)', () => {
  it('shows whole rupees without paise, grouped the Indian way', () => {
    expect(formatINR(25000)).toBe('₹25,000');
    expect(formatINR(1234567)).toBe('₹12,34,567');
    expect(formatINR(0)).toBe('₹0');
  });
  it('shows paise, as two digits, only when there are some', () => {
    expect(formatINR(1234.5)).toBe('₹1,234.50');
    expect(formatINR(0.1)).toBe('₹0.10');
    expect(formatINR(toRupees(2_250_001))).toBe('₹22,500.01');
  });
  it('converts between rupees and integer paise exactly', () => {
    expect(toPaise(19.99)).toBe(1999);
    expect(toRupees(1999)).toBe(19.99);
  });
});

describe('formatINR against Intl.NumberFormat en-IN', () => {
  const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
  const withPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
  const intl = (paise: number) => (paise % 100 === 0 ? whole : withPaise).format(paise / 100);

  it('answers what Intl answers for a hundred amounts from a paisa to a thousand crore, either sign', () => {
    const amounts = [1, 5, 10, 99, 100, 101, 999, 1_000, 99_999, 100_000, 123_456, 1_234_500, 99_999_999, 100_000_000];
    for (let p = 1; p < 10 ** 13; p = Math.ceil(p * 1.37) + 7) amounts.push(p);
    for (const paise of amounts) {
      expect(formatINR(paise / 100), String(paise)).toBe(intl(paise));
      expect(formatINR(-paise / 100), String(-paise)).toBe(intl(-paise));
    }
  });

  it('rounds to the paisa first, as the amounts are stored', () => {
    expect(formatINR(99.999)).toBe('₹100');
    expect(formatINR(100.004)).toBe('₹100');
    expect(formatINR(0.004)).toBe('₹0');
  });

  it('shows no sign on a zero, and a dash for what is not an amount', () => {
    expect(formatINR(-0)).toBe('₹0');
    expect(formatINR(-0.001)).toBe('₹0');
    expect(formatINR(Number.NaN)).toBe('₹—');
    expect(formatINR(Number.POSITIVE_INFINITY)).toBe('₹—');
  });
});

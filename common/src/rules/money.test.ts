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

import { describe, expect, it } from 'vitest';
import { addMonths, installmentLabel, isIsoDate, planDueDates, splitFeePaise } from './fee-plans.ts';

describe('splitFeePaise', () => {
  it('splits in whole rupees, the last installment taking the remainder, summing exactly to the fee', () => {
    expect(splitFeePaise(5_000_000, 12)).toEqual([...Array(11).fill(416_600), 417_400]);
    expect(splitFeePaise(2_500_050, 3)).toEqual([833_300, 833_300, 833_450]);
    expect(splitFeePaise(1_234_567, 1)).toEqual([1_234_567]);
    for (const [total, n] of [
      [99, 12],
      [1_000_001, 7],
      [0, 4],
    ]) {
      expect(splitFeePaise(total, n).reduce((a, b) => a + b, 0)).toBe(total);
      expect(splitFeePaise(total, n)).toHaveLength(n);
    }
  });
});

describe('due dates', () => {
  it('monthly: the same day of each following month, clamped to a shorter month', () => {
    expect(planDueDates({ installments: 3 }, '2026-01-31')).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(planDueDates({ installments: 12 }, '2026-11-15').at(-1)).toBe('2027-10-15');
    expect(addMonths('2028-01-30', 1)).toBe('2028-02-29');
  });
  it('listed: the admin’s dates', () => {
    expect(planDueDates({ installments: 2, dueDates: ['2027-01-05', '2027-03-01'] }, '2026-11-15')).toEqual(['2027-01-05', '2027-03-01']);
  });
  it('a real YYYY-MM-DD date only', () => {
    expect(isIsoDate('2027-02-28')).toBe(true);
    for (const bad of ['2027-02-29', '2027-13-01', '27-01-01', '2027-1-1', '01/01/2027', '']) expect(isIsoDate(bad)).toBe(false);
  });
});

describe('installmentLabel', () => {
  it('1st, 2nd, 3rd … and Final for the last of a known plan', () => {
    expect([1, 2, 3, 4].map((n) => installmentLabel(n, 4))).toEqual(['1st', '2nd', '3rd', 'Final']);
    expect([4, 11, 12, 21, 22].map((n) => installmentLabel(n))).toEqual(['4th', '11th', '12th', '21st', '22nd']);
    expect(installmentLabel(1, 1)).toBe('1st');
  });
});

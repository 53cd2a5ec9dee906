import { describe, expect, it } from 'vitest';
import { round2, roundHundredths } from './rounding.ts';

describe('round2: two decimals, halves away from zero', () => {
  it('takes away the floating-point noise of a sum of two-decimal figures', () => {
    expect(round2(0.1 + 0.2)).toBe(0.3);
    expect(round2(-0.25 - 0.25 - 0.25 + 1)).toBe(0.25);
    expect(round2(119.99999999999997)).toBe(120);
  });

  it('rounds an exact half away from zero on either side, as PostgreSQL does', () => {
    expect(round2(0.125)).toBe(0.13);
    expect(round2(-0.125)).toBe(-0.13);
    expect(round2(12.5 / 100)).toBe(0.13);
  });

  it('gives 0, never -0, for what rounds to nothing', () => {
    expect(Object.is(round2(-0.001), 0)).toBe(true);
    expect(Object.is(roundHundredths(-0.4), 0)).toBe(true);
  });

  it('leaves whole and two-decimal numbers as they are', () => {
    for (const n of [0, 1, -1, 2.5, -0.25, 33.33, 1234567.89]) expect(round2(n)).toBe(n);
  });
});

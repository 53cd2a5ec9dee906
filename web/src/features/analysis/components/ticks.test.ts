import { describe, expect, it } from 'vitest';
import { axisTicks } from './ticks.ts';

describe('axisTicks: round steps of 1, 2, 2.5 or 5 × 10^n, always with 0', () => {
  it('gives round ticks where the even split gave -0.25 / 5.38 / 11', () => {
    expect(axisTicks(-0.25, 11)).toEqual([-2.5, 0, 2.5, 5, 7.5, 10, 12.5]);
  });

  it('covers small, large and negative ranges with ticks at the ends', () => {
    expect(axisTicks(0, 3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(0, 1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(axisTicks(0, 100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(axisTicks(-25, 100)).toEqual([-25, 0, 25, 50, 75, 100]);
    expect(axisTicks(-30, -5)).toEqual([-30, -20, -10, 0]);
    expect(axisTicks(0, 0.9)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(axisTicks(0, 1200)).toEqual([0, 250, 500, 750, 1000, 1250]);
  });

  it('always holds 0 and every value, and steps evenly', () => {
    for (const [lo, hi] of [
      [-0.75, 3],
      [2, 7],
      [-13.5, 42.25],
      [0, 0],
      [-0.01, 0.02],
    ] as const) {
      const ticks = axisTicks(lo, hi);
      expect(ticks).toContain(0);
      expect(ticks[0]).toBeLessThanOrEqual(Math.min(0, lo));
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(Math.max(0, hi));
      const step = ticks[1] - ticks[0];
      expect(String(step / 10 ** Math.floor(Math.log10(step) + 1e-9))).toMatch(/^(1|2|2\.5|5)$/);
      for (let i = 1; i < ticks.length; i++) expect(ticks[i] - ticks[i - 1]).toBeCloseTo(step, 9);
      expect(ticks.length).toBeLessThanOrEqual(8);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { resultStats } from './result-stats.ts';

describe('resultStats', () => {
  it('is N/A (null) when nothing is published', () => {
    expect(resultStats([{ marksObtained: null, totalMarks: 50, percentage: null }])).toEqual({
      published: 0,
      averagePercent: null,
      bestPercent: null,
    });
  });

  it('averages summed marks over summed totals, over published results only', () => {
    const stats = resultStats([
      { marksObtained: 10, totalMarks: 10, percentage: 100 },
      { marksObtained: 30, totalMarks: 90, percentage: 33.33 },
      { marksObtained: null, totalMarks: 100, percentage: null },
    ]);
    // (10 + 30) / (10 + 90) = 40 %, not the mean of 100 and 33.33.
    expect(stats).toEqual({ published: 2, averagePercent: 40, bestPercent: 100 });
  });

  it('counts a missing total as 100', () => {
    expect(resultStats([{ marksObtained: 50, totalMarks: 0, percentage: 50 }]).averagePercent).toBe(50);
  });
});

import type { Topper } from '@app/common/schemas/site';
import { describe, expect, it } from 'vitest';
import { groupToppers } from './results-groups.ts';

const topper = (name: string, exam: string, year: number): Topper =>
  ({ _id: name, name, exam, year, rank: 1, centre: 'dumdum', centreName: 'Dumdum Centre', position: 0 }) as Topper;

describe('groupToppers', () => {
  it('groups by exam in the order they first come, then by year newest first, keeping the order within a year', () => {
    const groups = groupToppers([
      topper('A', 'CLAT', 2024),
      topper('B', 'WBJS', 2025),
      topper('C', 'CLAT', 2025),
      topper('D', 'CLAT', 2024),
    ]);
    expect(groups.map((g) => [g.exam, g.years.map((y) => [y.year, y.toppers.map((t) => t.name)])])).toEqual([
      [
        'CLAT',
        [
          [2025, ['C']],
          [2024, ['A', 'D']],
        ],
      ],
      ['WBJS', [[2025, ['B']]]],
    ]);
  });
});

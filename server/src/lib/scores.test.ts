import { percentageOf } from '@app/common/rules/grades';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { percentageOrNull, percentageSql } from './scores.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

// Marks in steps of 0.25 (negative marking makes them fractional and possibly negative), totals
// from tiny to a long paper, and the exact halves where rounding rules differ (0.125 %, -0.125 %).
const MARKS = [-30, -7.5, -0.25, 0, 0.25, 0.5, 1, 2, 2.5, 7, 33.25, 45, 66.5, 95, 99.75, 100, 119.5, 120, 1234.5];
const TOTALS = [0, 1, 3, 7, 8, 10, 50, 80, 100, 120, 150, 200, 300, 333, 400, 1000, 5000];

async function inSql(pairs: [number, number][]) {
  const marks = pairs.map(([m]) => m);
  const totals = pairs.map(([, total]) => total);
  const result = await t.ctx.db.execute<{ p: number | null }>(sql`
    select ${percentageSql(sql`v.m`, sql`v.t`)} as p
    from unnest(${sql.param(marks)}::numeric[], ${sql.param(totals)}::numeric[]) with ordinality as v(m, t, i)
    order by v.i`);
  return result.rows.map((r) => (r.p === null ? null : Number(r.p)));
}

describe('score formulas: SQL and TypeScript agree', () => {
  it('gives the same percentage for every pair of marks and total', async () => {
    const pairs = MARKS.flatMap((m) => TOTALS.map((total): [number, number] => [m, total]));
    const fromSql = await inSql(pairs);
    const disagreements = pairs.flatMap(([m, total], i) => {
      const ts = percentageOrNull(m, total);
      return ts === fromSql[i] ? [] : [`${m}/${total}: TypeScript ${ts}, SQL ${fromSql[i]}`];
    });
    expect(disagreements).toEqual([]);
  });

  it('rounds an exact half away from zero both ways', async () => {
    expect(
      await inSql([
        [0.25, 200],
        [-0.25, 200],
      ]),
    ).toEqual([0.13, -0.13]);
    expect([percentageOf(0.25, 200), percentageOf(-0.25, 200)]).toEqual([0.13, -0.13]);
  });

  it('has no percentage without a total: null in SQL and for an average, 0 for a single score', async () => {
    expect(await inSql([[5, 0]])).toEqual([null]);
    expect(percentageOrNull(5, 0)).toBeNull();
    expect(percentageOf(5, 0)).toBe(0);
  });
});

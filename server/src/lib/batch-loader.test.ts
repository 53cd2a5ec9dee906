import { describe, expect, it } from 'vitest';
import { BatchLoader } from './batch-loader.ts';

const loader = (calls: string[][], fail = false) =>
  new BatchLoader<string, string>(
    async (keys) => {
      calls.push(keys);
      if (fail) throw new Error('database gone');
      return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.toUpperCase()]));
    },
    (k) => k,
    async (k) => {
      calls.push([`one:${k}`]);
      return k === 'missing' ? undefined : k.toUpperCase();
    },
    3,
  );

describe('BatchLoader', () => {
  it('answers lookups made in one turn together, in batches of at most its size, each with its own value', async () => {
    const calls: string[][] = [];
    const l = loader(calls);
    const got = await Promise.all(['a', 'b', 'missing', 'c', 'd'].map((k) => l.load(k)));
    expect(got).toEqual(['A', 'B', undefined, 'C', 'D']);
    expect(calls).toEqual([
      ['a', 'b', 'missing'],
      ['c', 'd'],
    ]);
  });

  it('serves a lone lookup by the single path, and a later turn by a new batch', async () => {
    const calls: string[][] = [];
    const l = loader(calls);
    expect(await l.load('x')).toBe('X');
    expect(await l.load('missing')).toBeUndefined();
    expect(calls).toEqual([['one:x'], ['one:missing']]);
  });

  it('fails every lookup of a batch whose query fails, and recovers at the next turn', async () => {
    const calls: string[][] = [];
    const bad = loader(calls, true);
    const results = await Promise.allSettled(['a', 'b'].map((k) => bad.load(k)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const good = loader(calls);
    expect(await Promise.all(['a', 'b'].map((k) => good.load(k)))).toEqual(['A', 'B']);
  });
});

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
    { maxBatch: 3, maxInFlight: Number.POSITIVE_INFINITY },
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

  it('holds what arrives while its query runs and sends it as the next batch (at most maxInFlight at once)', async () => {
    const calls: string[][] = [];
    const gates: (() => void)[] = [];
    const gated = (maxInFlight: number) =>
      new BatchLoader<string, string>(
        async (keys) => {
          calls.push(keys);
          await new Promise<void>((open) => gates.push(open));
          return new Map(keys.map((k) => [k, k.toUpperCase()]));
        },
        (k) => k,
        async (k) => {
          calls.push([`one:${k}`]);
          await new Promise<void>((open) => gates.push(open));
          return k.toUpperCase();
        },
        { maxInFlight },
      );
    const turn = () => new Promise((r) => setImmediate(r));

    const one = gated(1);
    const first = one.load('a');
    await turn();
    expect(calls).toEqual([['one:a']]);
    const rest = ['b', 'c', 'd'].map((k) => one.load(k));
    await turn();
    await turn();
    expect(calls).toEqual([['one:a']]); // waiting for the first query
    gates.shift()?.();
    expect(await first).toBe('A');
    await turn();
    await turn();
    expect(calls).toEqual([['one:a'], ['b', 'c', 'd']]);
    gates.shift()?.();
    expect(await Promise.all(rest)).toEqual(['B', 'C', 'D']);

    calls.length = 0;
    const two = gated(2);
    const x = two.load('x');
    await turn();
    const yz = ['y', 'z'].map((k) => two.load(k));
    await turn();
    expect(calls).toEqual([['one:x'], ['y', 'z']]); // a second query may run beside the first
    for (const open of gates.splice(0)) open();
    expect(await Promise.all([x, ...yz])).toEqual(['X', 'Y', 'Z']);
  });

  it('does not hold a lookup longer than maxHoldMs behind a query that does not answer', async () => {
    const calls: string[] = [];
    const hung = new BatchLoader<string, string>(
      async (keys) => {
        calls.push(keys.join());
        return new Map(keys.map((k) => [k, k.toUpperCase()]));
      },
      (k) => k,
      async (k) => {
        calls.push(k);
        // The first lookup's query never answers (an unreachable database); the others do.
        return k === 'stuck' ? new Promise<string>(() => {}) : k.toUpperCase();
      },
      { maxInFlight: 1, maxHoldMs: 30 },
    );
    void hung.load('stuck');
    await new Promise((r) => setImmediate(r));
    const started = performance.now();
    expect(await hung.load('next')).toBe('NEXT');
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(calls).toEqual(['stuck', 'next']);
  });
});

describe('BatchLoader gathering (gatherMs, the embedded database)', () => {
  const gathering = (calls: string[][], gatherMs: number) =>
    new BatchLoader<string, string>(
      async (keys) => {
        calls.push(keys);
        return new Map(keys.map((k) => [k, k.toUpperCase()]));
      },
      (k) => k,
      async (k) => {
        calls.push([`one:${k}`]);
        return k.toUpperCase();
      },
      { gatherMs },
    );
  const turn = () => new Promise((r) => setImmediate(r));

  it('goes on gathering lookups that arrive turn after turn, and sends them as one batch', async () => {
    const calls: string[][] = [];
    const l = gathering(calls, 1_000);
    const got: Promise<string | undefined>[] = [];
    for (const k of ['a', 'b', 'c', 'd']) {
      got.push(l.load(k));
      await turn();
    }
    expect(calls).toEqual([]);
    expect(await Promise.all(got)).toEqual(['A', 'B', 'C', 'D']);
    expect(calls).toEqual([['a', 'b', 'c', 'd']]);
  });

  it('sends a lone lookup once no other has come for a moment', async () => {
    const calls: string[][] = [];
    expect(await gathering(calls, 1_000).load('x')).toBe('X');
    expect(calls).toEqual([['one:x']]);
  });

  it('stops gathering after gatherMs when lookups never stop coming', async () => {
    const calls: string[][] = [];
    const l = gathering(calls, 20);
    const got: Promise<string | undefined>[] = [];
    const until = performance.now() + 300;
    for (let i = 0; performance.now() < until; i++) {
      got.push(l.load(`k${i}`));
      await turn();
    }
    // A stream of 300 ms goes as several batches, the first long before the stream ends.
    const sentWhileStreaming = calls.length;
    await Promise.all(got);
    expect(sentWhileStreaming).toBeGreaterThanOrEqual(2);
    expect(calls.flat()).toHaveLength(got.length);
  });
});

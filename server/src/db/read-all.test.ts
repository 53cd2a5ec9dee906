import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { readAll } from './read-all.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A read that, like a Drizzle query, starts only when awaited; it logs when it starts and ends. */
function lazyRead<T>(name: string, value: T, log: string[]): PromiseLike<T> {
  return {
    // biome-ignore lint/suspicious/noThenProperty: a thenable is what is being modelled
    then(onFulfilled, onRejected) {
      log.push(`${name} starts`);
      return new Promise<T>((resolve) => setTimeout(() => resolve(value), 5))
        .then((v) => {
          log.push(`${name} ends`);
          return v;
        })
        .then(onFulfilled, onRejected);
    },
  };
}

describe('readAll', () => {
  it('runs the reads at once outside a transaction, and answers them in order', async () => {
    const log: string[] = [];
    const out = await readAll(t.ctx.db, [lazyRead('a', 1, log), lazyRead('b', 'two', log), [3]]);
    expect(out).toEqual([1, 'two', [3]]);
    expect(log.slice(0, 2)).toEqual(['a starts', 'b starts']);
  });

  it('runs them one after the other inside a transaction, which has one connection', async () => {
    const log: string[] = [];
    const out = await t.ctx.db.transaction((tx) => readAll(tx, [lazyRead('a', 1, log), lazyRead('b', 2, log)]));
    expect(out).toEqual([1, 2]);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
  });

  it('answers real queries in a transaction in order, on its one connection', async () => {
    const pid = sql<number>`pg_backend_pid()`;
    const [a, b] = await t.ctx.db.transaction((tx) =>
      readAll(tx, [
        tx.select({ pid, n: sql<number>`1` }).from(sql`(select 1) x`),
        tx.select({ pid, n: sql<number>`2` }).from(sql`(select 1) x`),
      ]),
    );
    expect([Number(a[0].n), Number(b[0].n)]).toEqual([1, 2]);
    expect(a[0].pid).toBe(b[0].pid);
  });

  it('stops at the first read that fails inside a transaction', async () => {
    const log: string[] = [];
    const failing: PromiseLike<never> = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable is what is being modelled
      then(_f, onRejected) {
        log.push('bad starts');
        return Promise.reject(new Error('read failed')).then(undefined, onRejected);
      },
    };
    await expect(t.ctx.db.transaction((tx) => readAll(tx, [failing, lazyRead('b', 2, log)]))).rejects.toThrow('read failed');
    expect(log).toEqual(['bad starts']);
  });
});

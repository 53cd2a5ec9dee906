import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { type LimitMessages, WorkerPool } from './worker-pool.ts';

// The pool's bounds (lib/worker-pool.ts) with tasks written for the test (server/test/workers): a task
// past its time is stopped and its thread replaced, one past its memory too, one waiting too long for a
// thread is told the server is busy; a task's refusal arrives as the AppError it was.

const filename = path.resolve(import.meta.dirname, '../../test/workers/pool-test-tasks.mjs');
type Tasks = {
  echo: (input: string) => Promise<string>;
  priority: (input: null) => Promise<number>;
  spin: (input: { ms: number }) => Promise<string>;
  hog: (input: null) => Promise<never>;
  refuse: (input: { message: string }) => Promise<never>;
  crash: (input: null) => Promise<never>;
};
const limits: LimitMessages = { time: 'too slow', memory: 'too big', busy: 'busy', field: 'file' };

let pool: WorkerPool<Tasks>;
afterEach(() => pool?.close());

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const e = err as AppError;
  return { status: e.status, message: e.message, fields: e.fields };
};

describe('worker pool', () => {
  it('answers a task from another thread, at a lower priority than the main thread', async () => {
    pool = new WorkerPool<Tasks>({ filename, maxThreads: 1 });
    expect(await pool.run('echo', 'hello', { timeoutMs: 30_000, limits })).toBe('hello');
    if (process.platform === 'linux')
      expect(await pool.run('priority', null, { timeoutMs: 30_000, limits })).toBeGreaterThan(os.getPriority());
  });

  it("carries a task's refusal back as its AppError; a bug stays an error", async () => {
    pool = new WorkerPool<Tasks>({ filename, maxThreads: 1 });
    expect(await refusal(pool.run('refuse', { message: 'no' }, { timeoutMs: 30_000, limits }))).toEqual({
      status: 400,
      message: 'no',
      fields: { file: 'no' },
    });
    await expect(pool.run('crash', null, { timeoutMs: 30_000, limits })).rejects.toThrow('a bug in task crash');
  });

  it('stops a task past its time with the time message, and the next task still runs', async () => {
    pool = new WorkerPool<Tasks>({ filename, maxThreads: 1 });
    await pool.run('echo', 'warm', { timeoutMs: 30_000, limits });
    const started = performance.now();
    expect(await refusal(pool.run('spin', { ms: 20_000 }, { timeoutMs: 300, limits }))).toEqual({
      status: 400,
      message: 'too slow',
      fields: { file: 'too slow' },
    });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await pool.run('echo', 'after', { timeoutMs: 30_000, limits })).toBe('after');
  });

  it('stops a task past its memory with the memory message', async () => {
    pool = new WorkerPool<Tasks>({ filename, maxThreads: 1, memoryMb: 64 });
    expect(await refusal(pool.run('hog', null, { timeoutMs: 60_000, limits }))).toMatchObject({ status: 400, message: 'too big' });
    expect(await pool.run('echo', 'after', { timeoutMs: 30_000, limits })).toBe('after');
  }, 60_000);

  it('counts a task’s time from when it runs, not while it waits for a thread', async () => {
    pool = new WorkerPool<Tasks>({ filename, maxThreads: 1 });
    await pool.run('echo', 'warm', { timeoutMs: 30_000, limits });
    // The third waits about 1.2 s for the thread and runs 0.6 s: past 1.5 s in all, within it once running.
    const started = performance.now();
    const all = await Promise.all([1, 2, 3].map(() => pool.run('spin', { ms: 600 }, { timeoutMs: 1_500, limits })));
    expect(all).toEqual(['done', 'done', 'done']);
    expect(performance.now() - started).toBeGreaterThan(1_500);
  });

  it('answers busy when too many wait, or one waits too long', async () => {
    pool = new WorkerPool<Tasks>({ filename, maxThreads: 1, maxWaiting: 1, waitMs: 500 });
    await pool.run('echo', 'warm', { timeoutMs: 30_000, limits });
    const long = pool.run('spin', { ms: 3_000 }, { timeoutMs: 30_000, limits });
    const waiting = pool.run('echo', 'second', { timeoutMs: 30_000, limits });
    expect(await refusal(pool.run('echo', 'third', { timeoutMs: 30_000, limits }))).toMatchObject({ status: 503, message: 'busy' });
    expect(await refusal(waiting)).toMatchObject({ status: 503, message: 'busy' });
    expect(await long).toBe('done');
    expect(await pool.run('echo', 'later', { timeoutMs: 30_000, limits })).toBe('later');
  });
});

import { availableParallelism } from 'node:os';
import type Piscina from 'piscina';
import { AppError } from './errors.ts';
import { loadPiscina } from './lazy-libs.ts';

// Heavy work off the event loop (docs/operations.md, section 4.2): reading an
// imported spreadsheet or Word file, checking and stamping a PDF. A request hands its task to a worker
// thread of a piscina pool and waits for the answer, so the exam hall's saves and every other request go
// on being answered meanwhile (docs/architecture.md, "Heavy work in worker threads").
//
// Each task is bounded: in memory by the worker's V8 heap (`resourceLimits`: a task that needs more is
// stopped), in time by its caller's `timeoutMs` counted from when it starts running (the worker is then
// terminated and replaced), and in number: at most `maxThreads` run at once, the rest wait their turn, at
// most `maxWaiting` of them and for `waitMs` at most. Each limit is answered with the caller's message,
// never a 500. The workers run at a lower priority (`niceIncrement`), so on a busy machine the main
// thread and the database get the processor first.

/** A task: one input that can be copied to a thread, a promise of an answer that can be copied back. */
// biome-ignore lint/suspicious/noExplicitAny: the tasks' own types are checked where the map is declared.
export type TaskMap = Record<string, (input: any) => Promise<unknown>>;

/** What the worker entry answers: the task's answer, or the AppError it refused with. */
export type TaskReply<R> = { ok: R } | { refused: { code: AppError['code']; message: string; fields?: Record<string, string> } };

/**
 * How a task past a limit is answered: `code` (400 by default: the file is what asks too much) with the
 * message, named as `field`'s fault when given; `busy` is a 503.
 */
export type LimitMessages = { time: string; memory: string; busy: string; field?: string; code?: AppError['code'] };

export type WorkerPoolOptions = {
  /** The worker's module: its default export takes `{ task, input }` and answers a TaskReply. */
  filename: string;
  maxThreads?: number;
  /** The V8 heap a worker may grow to, in MB. */
  memoryMb?: number;
  /** Tasks that may wait for a thread (50), and for how long each (2 minutes: the browser waits 10 for a download). */
  maxWaiting?: number;
  waitMs?: number;
  /** A worker idle this long exits (its memory goes back to the system). */
  idleMs?: number;
  log?: { warn: (details: object, message: string) => void };
};

/**
 * Threads for heavy work: one a core, at most 4. They run at a lower priority (below), so they take only
 * the processor time the main thread and the database leave; each may hold up to `memoryMb` of heap.
 */
const defaultWorkerThreads = () => Math.max(1, Math.min(4, availableParallelism()));

export class WorkerPool<T extends TaskMap> {
  private pool: Promise<Piscina> | null = null;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly maxThreads: number;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    this.maxThreads = options.maxThreads ?? defaultWorkerThreads();
  }

  private piscina(): Promise<Piscina> {
    this.pool ??= loadPiscina().then((PiscinaClass) => {
      const pool = new PiscinaClass({
        filename: this.options.filename,
        minThreads: 0,
        maxThreads: this.maxThreads,
        idleTimeout: this.options.idleMs ?? 60_000,
        resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb ?? 512 },
        niceIncrement: 10,
      });
      // A worker that fails between tasks (no task of ours waits on it) is replaced; it must not end the process.
      pool.on('error', (err: Error) => this.options.log?.warn({ err }, 'a worker thread failed between tasks'));
      return pool;
    });
    return this.pool;
  }

  /** Waits for a free thread: `maxWaiting` requests at most, each `waitMs` at most. */
  private async acquire(busy: () => AppError): Promise<void> {
    if (this.running < this.maxThreads) {
      this.running++;
      return;
    }
    if (this.waiting.length >= (this.options.maxWaiting ?? 50)) throw busy();
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(turn);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(busy());
      }, this.options.waitMs ?? 120_000);
      this.waiting.push(turn);
    });
    // The thread released by the task before this one is handed over: `running` stays as it was.
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  /** Runs `task` on a worker thread; its refusal (an AppError) is thrown here as it was thrown there. */
  async run<K extends keyof T & string>(
    task: K,
    input: Parameters<T[K]>[0],
    opts: { timeoutMs: number; limits: LimitMessages },
  ): Promise<Awaited<ReturnType<T[K]>>> {
    if (this.closed) throw new AppError('UNAVAILABLE', opts.limits.busy);
    const refuse = (code: AppError['code'], message: string) =>
      new AppError(code, message, opts.limits.field ? { [opts.limits.field]: message } : undefined);
    await this.acquire(() => refuse('UNAVAILABLE', opts.limits.busy));
    if (this.closed) {
      this.release();
      throw refuse('UNAVAILABLE', opts.limits.busy);
    }
    let reply: TaskReply<Awaited<ReturnType<T[K]>>>;
    try {
      const pool = await this.piscina();
      // The clock starts once a thread is free: waiting for one is bounded above, not counted here.
      reply = await pool.run({ task, input }, { signal: AbortSignal.timeout(opts.timeoutMs) });
    } catch (err) {
      const e = err as { name?: string; code?: string };
      if (e.name === 'AbortError') throw refuse(opts.limits.code ?? 'BAD_REQUEST', opts.limits.time);
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') throw refuse(opts.limits.code ?? 'BAD_REQUEST', opts.limits.memory);
      throw err;
    } finally {
      this.release();
    }
    if ('refused' in reply) throw new AppError(reply.refused.code, reply.refused.message, reply.refused.fields);
    return reply.ok;
  }

  /** Stops every thread (the app's close). Tasks still running are ended. */
  async close() {
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    await (await pool)?.destroy();
  }
}

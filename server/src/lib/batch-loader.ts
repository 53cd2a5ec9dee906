export type BatchOptions = {
  /** At most this many keys per query (default 500). */
  maxBatch?: number;
  /**
   * At most this many of the loader's queries at the database at once (default 1). The keys that arrive
   * meanwhile wait and go together as the next batch, so under load the number of queries falls as the load
   * rises. A write whose batch answers only at its end may allow more, to spread a hall over the pool.
   */
  maxInFlight?: number;
  /**
   * How long a lookup waits for the loader's running query before going anyway (default 50 ms): a slow or
   * unreachable database must not make every later request wait for another's timeout before its own.
   */
  maxHoldMs?: number;
  /**
   * 0 (the default): a batch goes at the next turn of the event loop. More: for a database that answers
   * inside the turn that asks it (the embedded one, db/client.ts `loaderOptions`), the loader goes on
   * gathering while lookups keep coming, each within `GATHER_QUIET_MS` of the last, for at most this long.
   * There a query holds the turn it runs in, and the server takes in one new connection per turn (libuv
   * accepts one at a time), so a burst on new connections (everyone opening their results) was served one
   * request per turn, one query each, instead of together (bench/PERFORMANCE.md, "The exam hall").
   */
  gatherMs?: number;
};

/** While gathering (`gatherMs`), a batch goes once this long has passed without a new lookup. */
const GATHER_QUIET_MS = 1;

/**
 * Gathers lookups made together and answers them with one query (docs/architecture.md, "The exam hall").
 * When a hall presses Start together, the requests share one round trip to the database instead of taking
 * one each. A lookup waits for the next turn of the event loop (setImmediate; or, with `gatherMs`, while
 * lookups keep coming), and, while `maxInFlight` batches are at the database, until one of them answers or
 * `maxHoldMs` have passed; a lone request goes at the next turn (with `gatherMs`, `GATHER_QUIET_MS` later).
 * Each caller reads the database as it is when its batch runs: nothing is kept afterwards.
 */
export class BatchLoader<K, V> {
  private pending: { key: K; resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[] = [];
  private scheduled = false;
  private inFlight = 0;
  private hold: NodeJS.Timeout | null = null;

  /**
   * `loadMany` answers a map from `idOf(key)` to the value for every key it found (a missing key answers
   * undefined); `loadOne` serves a batch of one (a quiet moment), which may be cheaper as a prepared statement.
   */
  constructor(
    private readonly loadMany: (keys: K[]) => Promise<Map<string, V>>,
    private readonly idOf: (key: K) => string,
    private readonly loadOne: (key: K) => Promise<V | undefined>,
    { maxBatch = 500, maxInFlight = 1, maxHoldMs = 50, gatherMs = 0 }: BatchOptions = {},
  ) {
    this.maxBatch = maxBatch;
    this.gatherMs = gatherMs;
    this.maxInFlight = maxInFlight;
    this.maxHoldMs = maxHoldMs;
  }

  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  private readonly maxHoldMs: number;
  private readonly gatherMs: number;

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      this.pending.push({ key, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.pending.length === 0) return;
    if (this.inFlight < this.maxInFlight) {
      this.scheduled = true;
      if (this.gatherMs > 0) this.gather(performance.now(), this.pending.length);
      else setImmediate(() => this.flush(false));
    } else if (!this.hold) {
      this.hold = setTimeout(() => this.flush(true), this.maxHoldMs);
      this.hold.unref();
    }
  }

  /** Waits while lookups keep coming (`gatherMs`), then sends what waits. */
  private gather(since: number, seen: number) {
    setTimeout(() => {
      if (this.pending.length > seen && performance.now() - since < this.gatherMs) this.gather(since, this.pending.length);
      else this.flush(false);
    }, GATHER_QUIET_MS);
  }

  /** Sends what waits: as many batches as `maxInFlight` allows, or all of them once held too long. */
  private flush(overdue: boolean) {
    this.scheduled = false;
    if (this.hold) {
      clearTimeout(this.hold);
      this.hold = null;
    }
    while (this.pending.length > 0 && (overdue || this.inFlight < this.maxInFlight)) {
      const batch = this.pending.splice(0, this.maxBatch);
      this.inFlight++;
      this.run(batch).finally(() => {
        this.inFlight--;
        this.schedule();
      });
    }
  }

  /** One batch's query; never rejects (each caller gets its value or the batch's error). */
  private async run(batch: typeof this.pending) {
    try {
      if (batch.length === 1) {
        const [one] = batch;
        one.resolve(await this.loadOne(one.key));
        return;
      }
      const found = await this.loadMany(batch.map((b) => b.key));
      for (const b of batch) b.resolve(found.get(this.idOf(b.key)));
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
  }
}

/**
 * Gathers the lookups made in one turn of the event loop and answers them with one query (docs/architecture.md,
 * "The exam hall"). When a hall presses Start together, the requests read in one poll of the sockets share
 * one round trip to the database instead of taking one each; a lone request waits only for the next turn
 * (setImmediate). Each caller still reads the database as it is at that moment: nothing is kept afterwards.
 */
export class BatchLoader<K, V> {
  private pending: { key: K; resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[] = [];
  private scheduled = false;

  /**
   * `loadMany` answers a map from `idOf(key)` to the value for every key it found (a missing key answers
   * undefined); `loadOne` serves a batch of one (a quiet moment), which may be cheaper as a prepared statement.
   */
  constructor(
    private readonly loadMany: (keys: K[]) => Promise<Map<string, V>>,
    private readonly idOf: (key: K) => string,
    private readonly loadOne: (key: K) => Promise<V | undefined>,
    private readonly maxBatch = 500,
  ) {}

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      this.pending.push({ key, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush() {
    this.scheduled = false;
    const all = this.pending;
    this.pending = [];
    for (let i = 0; i < all.length; i += this.maxBatch) {
      const batch = all.slice(i, i + this.maxBatch);
      if (batch.length === 1) {
        const [one] = batch;
        this.loadOne(one.key).then(one.resolve, one.reject);
        continue;
      }
      this.loadMany(batch.map((b) => b.key)).then(
        (found) => {
          for (const b of batch) b.resolve(found.get(this.idOf(b.key)));
        },
        (err) => {
          for (const b of batch) b.reject(err);
        },
      );
    }
  }
}

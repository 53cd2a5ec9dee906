import type { Db } from './client.ts';

/**
 * A query on the hot path of the exam hall, built once per database handle and run as a named prepared
 * statement (docs/architecture.md, "The exam hall"): PostgreSQL parses and plans it once per connection
 * instead of once per request, and drizzle builds its SQL once instead of on every call. `build` gets
 * the root handle (never a transaction) and returns `query.prepare(name)`; names must be unique.
 */
export function preparedQuery<T>(build: (db: Db) => T): (db: Db) => T {
  return perDb(build);
}

/** One `T` per database handle, built on first use (prepared statements, batch loaders). */
export function perDb<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let query = byDb.get(db);
    if (!query) {
      query = build(db);
      byDb.set(db, query);
    }
    return query;
  };
}

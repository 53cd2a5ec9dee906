import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

/** What `Promise.all` answers for `reads`. */
type Answers<T extends readonly unknown[]> = { -readonly [K in keyof T]: Awaited<T[K]> };

/**
 * Independent reads, as `Promise.all` answers them: at once on the pool (each takes a connection of its
 * own), one after the other inside a transaction, whose one connection runs one query at a time
 * (node-postgres queues a second query sent while one is running, warns that it is deprecated, and
 * pg 9 refuses it). Each read is a Drizzle query, which runs only when it is awaited, or a plain value.
 */
export async function readAll<T extends readonly unknown[] | []>(db: Db | Tx, reads: T): Promise<Answers<T>> {
  if (!(db instanceof PgTransaction)) return Promise.all(reads) as Promise<Answers<T>>;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read);
  return out as Answers<T>;
}

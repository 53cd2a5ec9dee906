import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { BatchOptions } from '../lib/batch-loader.ts';
import { MIGRATIONS_DIR } from '../paths.ts';
import * as schema from './schema.ts';

// Each database's driver is loaded only when that database is used: the server runs on one of them, and
// loading the other cost start-up time for nothing (docs/architecture.md, "Start-up").

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  migrate: () => Promise<void>;
  /** Opens every pooled connection now (the server at start), so a burst of requests finds them ready. */
  warm: () => Promise<void>;
};

/**
 * Connections to PostgreSQL per app instance. The server opens them all at start and keeps them open,
 * idle or not: a new connection costs PostgreSQL a process and its first queries' catalogue reads, and
 * the server a handshake, which a burst (every candidate opening their results when they come out, a hall
 * at the bell) would otherwise pay at its worst moment (docs/operations.md section 9.1).
 */
const POOL_SIZE = 20;

/** The embedded database's handles: its queries run inside the turn of the event loop that sends them. */
const embedded = new WeakSet<Db>();

/**
 * How long a batch loader on the embedded database goes on gathering lookups that keep coming
 * (lib/batch-loader.ts `gatherMs`). Measured with 200 candidates opening their analysis at once on new
 * connections (bench/HISTORY.md, "Earlier run … 13:13"): first-burst p95 0.40-0.58 s sent at the next turn, 0.36 s
 * with 5 ms, 0.21-0.24 s with 10 ms, 0.18-0.25 s with 20 ms (once 0.34 s).
 */
const EMBEDDED_GATHER_MS = 20;

/**
 * How long, on PostgreSQL, a loader whose readers arrive as a crowd on new connections (every request's
 * sign-in check, the analysis reads: everyone opening their results at once) goes on gathering lookups that
 * keep coming. There the burst's requests also came one or two a turn, and most went alone, each as a
 * prepared statement that each of the pool's connections parsed and planned for the first time. Measured
 * with the results benchmark's 200 readers, alternated (bench/HISTORY.md, "Gathering on PostgreSQL"): first
 * burst p95 332–745 ms (median 522) sent at the next turn, 221–465 ms (median 310) with 10 ms; 5 ms
 * gathered too little (390–458 ms). The hall's own loaders (attempts, starts, closes) are unchanged; its
 * requests' sign-in checks gather too, and the storm at 2,000 moved no more than its spread.
 */
const SERVER_READERS_GATHER_MS = 10;

/** The batch loaders' options for a database handle (a root handle, never a transaction). */
export function loaderOptions(db: Db): BatchOptions {
  return embedded.has(db) ? { gatherMs: EMBEDDED_GATHER_MS } : {};
}

/**
 * The options of a loader that serves a crowd of readers arriving on new connections: it gathers on both
 * databases (`SERVER_READERS_GATHER_MS`).
 */
export function readerLoaderOptions(db: Db): BatchOptions {
  return { gatherMs: embedded.has(db) ? EMBEDDED_GATHER_MS : SERVER_READERS_GATHER_MS };
}

/**
 * What the embedded database starts with beyond PGlite's own settings. PGlite allocates and zeroes
 * PostgreSQL's buffer cache (shared_buffers, 128 MB by default) at every start, which took about half a
 * second of a start-up of 3 s on this machine, and the memory itself. 64 MB holds the embedded database's
 * working set (a demo, the tests, a 500-student hall) and halves that; 32 MB made the 500-student
 * storm's submit slower in both of its runs (bench/HISTORY.md, "The embedded database's buffer cache").
 * The WAL buffers stay at the 4 MB they were (PostgreSQL sizes them from shared_buffers otherwise).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=64MB', '-c', 'wal_buffers=4MB'];

/** PGlite's options with our settings added to its start parameters. */
function pgliteOptions(PGliteClass: typeof PGlite) {
  return { startParams: [...PGliteClass.defaultStartParams, ...PGLITE_SETTINGS] };
}

const migrationsFolder = MIGRATIONS_DIR;
// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK_KEY = 748_213_901;

/**
 * A connection lost while a client is checked out (inside a transaction) is emitted as an 'error'
 * event that nobody listens to then, which would end the process; the query in flight already
 * fails with it, so the event itself is dropped. A query that timed out leaves its connection
 * waiting for an answer that may never come: the connection is closed, so the transaction's
 * rollback fails at once and the pool does not hand that connection out again.
 */
function guardClient(client: pg.PoolClient) {
  client.on('error', () => {});
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: typeof query }).query = (...args) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((err: Error) => {
        if (err?.message === 'Query read timeout')
          (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      });
    }
    return result;
  };
}

/** PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory when dataDir is null). */
export async function openDb(opts: { url?: string; dataDir?: string | null }): Promise<DbHandle> {
  if (opts.url) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: POOL_SIZE,
      min: POOL_SIZE,
      connectionTimeoutMillis: 5_000,
      // A slow query is stopped by the server; an answer that never comes (network lost, no reset)
      // by the client, a little later. Both keep a request inside the 10 s budget (503, not a hang).
      statement_timeout: 8_000,
      query_timeout: 8_500,
    });
    pool.on('error', () => {
      // An idle client lost its connection (database restarted); the pool replaces it.
    });
    pool.on('connect', guardClient);
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      warm: async () => {
        const clients = await Promise.all(Array.from({ length: POOL_SIZE }, () => pool.connect()));
        for (const c of clients) c.release();
      },
      // Two servers starting at once must not both migrate (docs/operations.md).
      migrate: async () => {
        const lock = await pool.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(db, { migrationsFolder });
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          lock.release();
        }
      },
    };
  }
  const [{ PGlite }, { createPgConfig }, { default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/node-postgres'),
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = opts.dataDir ? await openPgliteDir(path.join(opts.dataDir, 'pglite')) : new PGlite(pgliteOptions(PGlite));
  await client.waitReady;
  // The embedded database through the same driver as PostgreSQL (node-postgres over PGlite's own
  // connection): its one connection keeps each named prepared statement parsed and planned, which PGlite's
  // own query() does not (it plans every query again: three times the cost of the analysis reads).
  const config = createPgConfig(client);
  // Drizzle hands node-postgres its type parsers as the query's `types`; node-postgres's own serializer
  // takes a `types` that is not an array as "no parameter types", PGlite's calls forEach on it and fails.
  const parse = config.connection.parse.bind(config.connection);
  config.connection.parse = (query: { types?: unknown }) =>
    parse({ ...query, types: Array.isArray(query.types) ? query.types : undefined });
  // The one connection stays open (never closed for being idle): it holds the prepared statements.
  const pool = new pg.Pool({ ...config, max: 1, idleTimeoutMillis: 0 });
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  embedded.add(db);
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await pool.end();
      await client.close();
    },
    migrate: () => migratePg(db, { migrationsFolder }),
    // One in-process connection, always open.
    warm: async () => {},
  };
}

const INIT_PREFIX = 'pglite.init-';

/**
 * The embedded database in `dir`. A first start creates it in a temporary directory beside it and moves it
 * into place only once PGlite has finished creating it, so a start that is killed half-way leaves either
 * no database (the next start begins again) or a complete one, never a directory that cannot start.
 */
async function openPgliteDir(dir: string): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const parent = path.dirname(dir);
  fs.mkdirSync(parent, { recursive: true });
  // What an interrupted first start left behind is never used.
  for (const name of fs.readdirSync(parent)) {
    if (name.startsWith(INIT_PREFIX)) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  // An empty directory (created by hand, or by an older version killed before it wrote) is no database yet.
  if (fs.existsSync(dir) && fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
  if (!fs.existsSync(dir)) {
    const temp = fs.mkdtempSync(path.join(parent, INIT_PREFIX));
    const fresh = new PGlite(temp, pgliteOptions(PGlite));
    await fresh.waitReady;
    await fresh.close();
    fs.renameSync(temp, dir);
  }
  try {
    const client = new PGlite(dir, pgliteOptions(PGlite));
    await client.waitReady;
    return client;
  } catch (err) {
    throw new Error(
      `The embedded database in ${dir} could not be opened (${(err as Error)?.message ?? err}). ` +
        'Restore DATA_DIR from a backup (docs/operations.md), or, if it holds nothing to keep, delete that directory to start afresh.',
      { cause: err },
    );
  }
}

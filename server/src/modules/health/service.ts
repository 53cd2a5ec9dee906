import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from '../../db/client.ts';
import { MIGRATIONS_DIR } from '../../paths.ts';

const migrationsFolder = MIGRATIONS_DIR;

// The newest migration this build ships; drizzle applies a migration when its time is after the
// newest one recorded in drizzle.__drizzle_migrations, so the database is current when that row is at least this.
let newestShipped: number | undefined;
function newestShippedMigration(): number {
  newestShipped ??= Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  return newestShipped;
}

export type Readiness = { isReady: true } | { isReady: false; message: string; err?: unknown };

const READY_TIMEOUT_MS = 2_000;

/** Ready = the database answers a query within a short time and has every migration of this build. */
export async function checkReadiness(db: Db): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Readiness>((resolve) => {
    timer = setTimeout(() => resolve({ isReady: false, message: 'Not ready: the database did not answer in time' }), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function check(db: Db): Promise<Readiness> {
  try {
    await db.execute(sql`select 1`);
  } catch (err) {
    return { isReady: false, message: 'Not ready: the database cannot be reached', err };
  }
  let newestApplied = 0;
  try {
    const result = await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
    newestApplied = Number((result.rows[0] as { newest: unknown } | undefined)?.newest ?? 0);
  } catch (err) {
    // No migrations table yet: nothing applied.
    return { isReady: false, message: 'Not ready: database migrations have not been applied', err };
  }
  if (newestApplied < newestShippedMigration()) {
    return { isReady: false, message: 'Not ready: database migrations have not been applied' };
  }
  return { isReady: true };
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';

// A fingerprint of every table, to prove that a refused request changed nothing.

/**
 * What a refused request may still write, on purpose:
 * - a failed sign-in counts towards the lockout of its e-mail and address (login_failures);
 * - per-account rate counters (rate_counters);
 * - a refused payment signature is noted in the payment's history and the audit log
 *   ("Refused: …" notes that leave the status as it was, audit action payment.refused).
 */
const VOLATILE_COLUMNS: Record<string, string[]> = {};
const SKIPPED_TABLES = new Set(['rate_counters', 'login_failures']);
const ROW_FILTERS: Record<string, string> = {
  payment_events: `not (from_status is not distinct from to_status and note like 'Refused:%')`,
  audit_log: `action <> 'payment.refused'`,
};

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = async (db: Db, query: string) => ((await db.execute(sql.raw(query))) as unknown as Rows).rows;

const fingerprintSql = new WeakMap<Db, string>();

async function buildFingerprintSql(db: Db) {
  const columns = await rowsOf(
    db,
    `select table_name as t, column_name as c from information_schema.columns
     where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { t, c } of columns as { t: string; c: string }[]) {
    if (SKIPPED_TABLES.has(t) || VOLATILE_COLUMNS[t]?.includes(c)) continue;
    byTable.set(t, [...(byTable.get(t) ?? []), `"${c}"`]);
  }
  return [...byTable]
    .map(([t, cols]) => {
      const row = `md5(row(${cols.join(', ')})::text)`;
      const where = ROW_FILTERS[t] ? ` where ${ROW_FILTERS[t]}` : '';
      return `select '${t}' as t, count(*)::int as n, md5(coalesce(string_agg(${row}, '' order by ${row}), '')) as h from "${t}"${where}`;
    })
    .join(' union all ');
}

/** Table → `rows:hash` over every column (but the volatile ones above). */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  let query = fingerprintSql.get(db);
  if (!query) {
    query = await buildFingerprintSql(db);
    fingerprintSql.set(db, query);
  }
  const out: Record<string, string> = {};
  for (const r of (await rowsOf(db, query)) as { t: string; n: number; h: string }[]) out[r.t] = `${r.n}:${r.h}`;
  return out;
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((t) => before[t] !== after[t]).sort();
}

/**
 * The next transaction id: it moves only when something wrote (anywhere in the cluster), so the
 * fuzzer fingerprints the tables only when it has to.
 */
export async function writeMark(db: Db): Promise<string> {
  const [r] = await rowsOf(db, 'select pg_snapshot_xmax(pg_current_snapshot())::text as x');
  return String(r.x);
}

/** The tables with a row whose text holds `needle` anywhere (every column, jsonb included). */
export async function tablesContaining(db: Db, needle: string): Promise<string[]> {
  const tables = await rowsOf(db, `select table_name as t from information_schema.tables where table_schema = 'public'`);
  const found: string[] = [];
  for (const { t } of tables as { t: string }[]) {
    const hits = await rowsOf(db, `select 1 from "${t}" x where x::text like '%${needle.replace(/'/g, "''")}%' limit 1`);
    if (hits.length > 0) found.push(t);
  }
  return found.sort();
}

/** Follows the database across requests, fingerprinting only when something wrote. */
export function watchChanges(db: Db) {
  let mark = '';
  let print: Record<string, string> = {};
  return {
    /** Catch up with writes made outside the requests watched (signing in again, say). */
    async sync() {
      const now = await writeMark(db);
      if (now !== mark) [mark, print] = [now, await fingerprint(db)];
    },
    /** After a request: the tables changed since the last call. */
    async changed(): Promise<string[]> {
      const now = await writeMark(db);
      if (now === mark) return [];
      const after = await fingerprint(db);
      const tables = changedTables(print, after);
      [mark, print] = [now, after];
      return tables;
    },
  };
}

import { type AnyColumn, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

// Any constant works; every instance must use the same one.
const NUMBER_LOCK_KEY = 748_213_977;

/**
 * Serialises number allocation across concurrent approvals (and instances) until the transaction ends,
 * so "largest + 1" cannot hand out the same number twice; the unique indexes stay as a last guard.
 */
export async function lockNumbering(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${NUMBER_LOCK_KEY})`);
}

/**
 * The last number handed out per table and prefix, in a transaction that holds the numbering lock. The lock
 * lasts until the transaction ends, so after one scan the next numbers follow from memory: an import of a
 * thousand students scans each table once, not twice per row.
 */
const allotted = new WeakMap<Tx, Map<string, number>>();

const numberOf = (value: string, prefix: string) => {
  if (!value.startsWith(prefix)) return null;
  const digits = value.slice(prefix.length);
  return /^[0-9]{1,9}$/.test(digits) ? Number(digits) : null;
};

/** The next `PREFIX-YEAR-00042` style number of a column (call inside the transaction, after lockNumbering). */
export async function nextNumber(tx: Tx, table: string, column: AnyColumn, prefix: string): Promise<string> {
  let known = allotted.get(tx);
  if (!known) {
    known = new Map();
    allotted.set(tx, known);
  }
  const key = `${table}\n${prefix}`;
  let last = known.get(key);
  if (last === undefined) {
    const pattern = `^${prefix}[0-9]{1,9}$`;
    const result = await tx.execute<{ n: number | string | null }>(
      sql`select max(substr(${column}, ${prefix.length + 1}::int)::int) as n from ${sql.identifier(table)} where ${column} ~ ${pattern}`,
    );
    last = Number(result.rows[0]?.n ?? 0);
  }
  known.set(key, last + 1);
  return `${prefix}${String(last + 1).padStart(5, '0')}`;
}

/**
 * Records a number written as given (an imported student's own registration number) in the transaction's
 * allocation, so a number handed out after it in the same transaction is larger.
 */
export function noteNumber(tx: Tx, table: string, prefix: string, value: string) {
  const known = allotted.get(tx);
  const key = `${table}\n${prefix}`;
  const n = numberOf(value, prefix);
  // Nothing known yet: the next scan reads the number from the table.
  if (known?.has(key) && n !== null && n > (known.get(key) ?? 0)) known.set(key, n);
}

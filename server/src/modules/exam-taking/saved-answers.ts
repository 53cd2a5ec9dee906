import { getTableName, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { perDb } from '../../db/prepared.ts';
import { type AttemptAnswers, examAttempts } from '../../db/schema.ts';

/**
 * The version of an attempt row as written, as text: its `xmin` (the id of the transaction that wrote that
 * version of the row) with its `saved_at` to the microsecond. Every write of the row in its own transaction
 * (a save, a close, a practice restart, a save by another instance) gives it a new `xmin`, and every save a
 * new `saved_at` (the saving server's clock); the pair is there because transaction ids can be handed out
 * again after commits are lost (a failover to a replica that had not received them), when a reused id alone
 * could name a different row version. A statement guarded by the version changes the row only as it was read.
 */
const versionOf = (table: string) =>
  `(${table}.xmin::text || '/' || coalesce((extract(epoch from ${table}.saved_at) * 1000000)::bigint::text, '-'))`;

/** The attempt row's version (`versionOf`) as a column of a query on exam_attempts. */
export const attemptVersion = sql<string>`${sql.raw(versionOf(`"${getTableName(examAttempts)}"`))}`;

/** The version of the attempt row named `alias` in a statement written by hand (finalize.ts `closeBatch`). */
export const attemptVersionAs = (alias: string) => versionOf(alias);

/** The guard "the attempt row is still at this version" (`attemptVersion`), the version given as text. */
export const isAttemptVersion = (version: unknown) => sql`${attemptVersion} = ${version}::text`;

/** What one entry is reckoned to hold: the map's own overhead, each key's entry and each text answer's characters. */
const ENTRY_BYTES = 64;
const KEY_BYTES = 48;

/**
 * The saved answers of the open attempts this server has saved, by attempt row version (docs/architecture.md,
 * "The exam hall"). At the bell a hall's submits each need their attempt's saved answers to merge the sent
 * ones over; read from PostgreSQL that is 2,000 maps of 120 answers that PostgreSQL turns into text and the
 * server parses again (bench/HISTORY.md, "The saved answers held by version": 64–160 ms of the server's CPU and 50–70 ms of PostgreSQL's). Here
 * each save leaves the map it made, so the submit's read asks for the answers only where this holds no
 * map at the version the read finds.
 *
 * Correct whatever it holds: an entry is used only for the row version it was made at, and the statements
 * that rely on it are guarded by that version, so a write this server did not see (another instance, a
 * restart, a lost entry) only makes the read fetch the answers. Bounded by an estimate of its bytes; the
 * oldest written entries go first. The maps it hands out are shared and must not be changed.
 */
export class SavedAnswersCache {
  private readonly entries = new Map<string, { version: string; answers: AttemptAnswers; bytes: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes = 48 * 1024 * 1024) {}

  /** The attempt's answers at row version `version`, when this holds them. */
  get(key: string, version: string): AttemptAnswers | undefined {
    const e = this.entries.get(key);
    return e && e.version === version ? e.answers : undefined;
  }

  /** The version this holds the attempt's answers at, if any. */
  versionOf(key: string): string | undefined {
    return this.entries.get(key)?.version;
  }

  /** The attempt's answers at row version `version`, read or written whole (the map is kept as it is). */
  set(key: string, version: string, answers: AttemptAnswers) {
    let bytes = ENTRY_BYTES;
    for (const id in answers) {
      const v = answers[id];
      bytes += KEY_BYTES + (typeof v === 'string' ? 2 * v.length : 0);
    }
    this.forget(key);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { version, answers, bytes });
    this.bytes += bytes;
    for (const [oldest, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= e.bytes;
    }
  }

  /**
   * After a save merged `sent` over the row at `readVersion` (jsonb `||`: a sent answer replaces a saved one,
   * the others stay), leaving it at `version`: the merged map, when this held the one it was merged over.
   * Answers whether it did.
   */
  merged(key: string, readVersion: string, version: string, sent: AttemptAnswers): boolean {
    const saved = this.get(key, readVersion);
    if (!saved) {
      this.forget(key);
      return false;
    }
    // A map without a prototype is kept by V8 as a hash table: no hidden class per student's key order.
    this.set(key, version, Object.assign(Object.create(null) as AttemptAnswers, saved, sent));
    return true;
  }

  forget(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }

  get size() {
    return this.entries.size;
  }
}

/** The cache key of the attempt of one student in one exam (there is one attempt row for each). */
export const attemptKey = (examId: string, studentId: string) => `${examId}:${studentId}`;

/** One cache per database handle, beside the hall's loaders (which are per handle too). */
export const savedAnswers = perDb((_db: Db) => new SavedAnswersCache());

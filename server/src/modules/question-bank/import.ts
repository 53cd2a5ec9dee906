import { setImmediate as nextTurn } from 'node:timers/promises';
import { inArray, sql } from 'drizzle-orm';
import { BANK_MESSAGES, type BankDryRun, type BankImportResult, type BankImportRow } from '@app/common/schemas/question-bank';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bankPassages, bankQuestions, bankQuestionVersions } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { ImportItem, PreparedRow } from './validate.ts';
import { bankSections, importSpellings } from './sections.ts';
import { snapshotOf } from './versions.ts';

// Import of a parsed file (docs/product-question-bank.md): a dry run, then the same judgement saved.

type Judged = { row: number; status: BankImportRow['status']; message: string; item: ImportItem | null; key: string | null };

/** Keys asked for in one query; the event loop takes its turn between queries (the embedded database runs on it). */
const LOOKUP_CHUNK = 100;

/** Every row's status: error (its faults), duplicate (in the bank or an earlier ok row), else ok. */
async function judge(db: Db | Tx, checked: PreparedRow[]): Promise<Judged[]> {
  const wanted = [...new Set(checked.map((c) => c.key).filter((k): k is string => k !== null))];
  const inBank = new Set<string>();
  for (let i = 0; i < wanted.length; i += LOOKUP_CHUNK) {
    if (i > 0) await nextTurn();
    const found = await db
      .select({ k: bankQuestions.normalized })
      .from(bankQuestions)
      .where(inArray(bankQuestions.normalized, wanted.slice(i, i + LOOKUP_CHUNK)));
    for (const f of found) inBank.add(f.k);
  }
  const firstRow = new Map<string, number>();
  return checked.map((c) => {
    const { key } = c;
    if (key === null) return { row: c.row, status: 'error', message: c.errors.join('; '), item: null, key };
    if (inBank.has(key)) return { row: c.row, status: 'duplicate', message: BANK_MESSAGES.duplicateInBank, item: null, key };
    const earlier = firstRow.get(key);
    if (earlier !== undefined) return { row: c.row, status: 'duplicate', message: BANK_MESSAGES.duplicateInFile(earlier), item: null, key };
    firstRow.set(key, c.row);
    return { row: c.row, status: 'ok', message: BANK_MESSAGES.ready, item: c.item ?? null, key };
  });
}

export async function dryRunImport(ctx: Ctx, rows: PreparedRow[]): Promise<BankDryRun> {
  const judged = await judge(ctx.db, rows);
  return {
    rows: judged.map(({ row, status, message }) => ({ row, status, message })),
    ok: judged.filter((j) => j.status === 'ok').length,
    errors: judged.filter((j) => j.status === 'error').length,
    duplicates: judged.filter((j) => j.status === 'duplicate').length,
  };
}

/** Saves exactly the rows a dry run marks ok; one transaction. */
export async function importRows(ctx: Ctx, actor: Actor, rows: PreparedRow[], filename: string): Promise<BankImportResult> {
  return ctx.db.transaction(async (tx) => {
    // Two imports of one file at once must not both pass the duplicate check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('question-bank-import'))`);
    const judged = await judge(tx, rows);
    const spell = importSpellings(await bankSections(tx));
    const okRows = judged.filter((j) => j.status === 'ok');
    const ok = okRows.map((j) => ({ ...(j.item as ImportItem), section: spell((j.item as ImportItem).section) }));
    // Each item's duplicate key, as the worker computed it with the row's checks (validate.ts `prepareRows`).
    const keyOf = new Map(ok.map((item, i) => [item, okRows[i].key]));
    // Each passage once, in one insert per 100; PostgreSQL returns the rows in the order of the values.
    const passages = new Map<string, string>();
    for (const item of ok)
      if (item.passageKey && item.passageText && !passages.has(item.passageKey)) passages.set(item.passageKey, item.passageText);
    const passageIds = new Map<string, string>();
    const keys = [...passages.keys()];
    for (let i = 0; i < keys.length; i += 100) {
      const chunk = keys.slice(i, i + 100);
      const inserted = await tx
        .insert(bankPassages)
        .values(chunk.map((key) => ({ body: passages.get(key) as string })))
        .returning({ id: bankPassages.id });
      for (const [j, key] of chunk.entries()) passageIds.set(key, inserted[j].id);
    }
    for (let i = 0; i < ok.length; i += 100) {
      const chunk = ok.slice(i, i + 100);
      const inserted = await tx
        .insert(bankQuestions)
        .values(
          chunk.map((item) => ({
            exam: item.exam,
            section: item.section,
            topic: item.topic,
            difficulty: item.difficulty,
            source: item.source,
            tags: item.tags,
            passageId: item.passageKey ? (passageIds.get(item.passageKey) ?? null) : null,
            question: item.question,
            normalized: keyOf.get(item) as string,
            options: item.options,
            correctAnswer: item.correctAnswer,
            marks: item.marks,
            negativeMarks: item.negativeMarks,
            explanation: item.explanation,
            createdBy: actor.id,
          })),
        )
        .returning();
      const byId = new Map(chunk.map((item, j) => [inserted[j]?.id, item]));
      await tx
        .insert(bankQuestionVersions)
        .values(inserted.map((r) => ({ bankQuestionId: r.id, version: 1, snapshot: snapshotOf(r, byId.get(r.id)?.passageText ?? null) })));
    }
    const result = { imported: ok.length, skipped: judged.length - ok.length };
    await recordAudit(tx, actor, 'question-bank.import', 'bank_question', null, null, { file: filename.slice(0, 200), ...result });
    return result;
  });
}

import { and, eq, or, sql } from 'drizzle-orm';
import {
  NLU_FIRST_YEAR,
  NLU_IMPORT_COLUMNS,
  NLU_IMPORT_MAX_ROWS,
  NLU_MSG,
  type NluCutoff,
  type NluImportResult,
  type NluImportRow,
  nluCategoryOf,
  nluQuotaOf,
} from '@app/common/schemas/nlu';
import type { Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { nluCutoffs } from '../../db/schema.ts';
import { readCsvUpload } from '../../lib/csv-read.ts';
import { badRequest } from '../../lib/errors.ts';

// The cut-off import (docs/product-admissions-desk.md, "NLU counselling helper"): a CSV of
// `year, round, nlu, category, quota, closingRank`, checked row by row (spreadsheet row numbers, the header
// is row 1). A dry run answers every row's verdict and the rounds it would replace; the import itself
// replaces, in one transaction, every row of each (year, round) the file holds, and takes the file whole
// or not at all: one bad row and nothing changes (a half-replaced round would show wrong NLUs).

const refuse = (message: string) => badRequest(message, { file: message });

const normalise = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');
const spaced = (s: string) => s.trim().replace(/\s+/g, ' ');

type Checked = { row: number; error: string | null; cutoff?: NluCutoff };

/** The rows of the uploaded CSV, each checked on its own and against the rows above it. */
export function checkCutoffFile(data: Buffer, filename: string, now = new Date()): Checked[] {
  const lower = filename.toLowerCase();
  if (lower && !lower.endsWith('.csv') && !lower.endsWith('.txt') && lower.includes('.')) throw refuse(NLU_MSG.badType);
  const table = readCsvUpload(data, (fault) => refuse(NLU_MSG[fault]), { maxRows: NLU_IMPORT_MAX_ROWS, trim: true });
  const header = (table[0] ?? []).map(normalise);
  const index = Object.fromEntries(NLU_IMPORT_COLUMNS.map((c) => [c, header.indexOf(c.toLowerCase())])) as Record<
    (typeof NLU_IMPORT_COLUMNS)[number],
    number
  >;
  const missing = NLU_IMPORT_COLUMNS.filter((c) => index[c] < 0);
  if (missing.length) throw refuse(NLU_MSG.missingColumns(missing));

  const lastYear = now.getUTCFullYear() + 1;
  const seen = new Map<string, number>();
  const checked: Checked[] = [];
  for (let i = 1; i < table.length; i++) {
    const line = table[i] ?? [];
    if (line.every((c) => !c || !String(c).trim())) continue;
    const cell = (c: (typeof NLU_IMPORT_COLUMNS)[number]) => spaced(String(line[index[c]] ?? ''));
    const row = i + 1;
    const errors: string[] = [];
    const yearText = cell('year');
    const year = /^\d{4}$/.test(yearText) ? Number(yearText) : Number.NaN;
    if (!(year >= NLU_FIRST_YEAR && year <= lastYear)) errors.push(`year: ${NLU_MSG.year}`);
    const round = cell('round');
    if (!round || round.length > 60) errors.push(`round: ${NLU_MSG.round}`);
    const nlu = cell('nlu');
    if (!nlu || nlu.length > 120) errors.push(`nlu: ${NLU_MSG.nlu}`);
    const category = nluCategoryOf(cell('category'));
    if (!category) errors.push(`category: ${NLU_MSG.category}`);
    const quota = nluQuotaOf(cell('quota'));
    if (!quota) errors.push(`quota: ${NLU_MSG.quota}`);
    const rankText = cell('closingRank').replace(/,/g, '');
    const closingRank = /^\d{1,7}$/.test(rankText) ? Number(rankText) : 0;
    if (closingRank < 1) errors.push(`closingRank: ${NLU_MSG.closingRank}`);
    if (errors.length || !category || !quota) {
      checked.push({ row, error: errors.join('; ') });
      continue;
    }
    const key = [year, round.toLowerCase(), nlu.toLowerCase(), category, quota].join('\u0000');
    const first = seen.get(key);
    if (first !== undefined) {
      checked.push({ row, error: NLU_MSG.duplicate(first) });
      continue;
    }
    seen.set(key, row);
    checked.push({ row, error: null, cutoff: { year, round, nlu, category, quota, closingRank } });
  }
  if (checked.length === 0) throw refuse(NLU_MSG.empty);
  if (checked.length > NLU_IMPORT_MAX_ROWS) throw refuse(NLU_MSG.tooMany);
  return checked;
}

/** The (year, round) pairs of the good rows, with their counts, in the file's order. */
function roundsOf(checked: Checked[]) {
  const rounds = new Map<string, { year: number; round: string; rows: number }>();
  for (const c of checked) {
    if (!c.cutoff) continue;
    const key = `${c.cutoff.year}\u0000${c.cutoff.round}`;
    const r = rounds.get(key) ?? { year: c.cutoff.year, round: c.cutoff.round, rows: 0 };
    r.rows++;
    rounds.set(key, r);
  }
  return [...rounds.values()];
}

const roundsWhere = (rounds: { year: number; round: string }[]) =>
  or(...rounds.map((r) => and(eq(nluCutoffs.year, r.year), eq(nluCutoffs.round, r.round))));

/** How many stored rows each round of the file replaces. */
async function withReplaces(db: Db | Tx, rounds: { year: number; round: string; rows: number }[]) {
  if (rounds.length === 0) return [];
  const counts = await db
    .select({ year: nluCutoffs.year, round: nluCutoffs.round, n: sql<number>`count(*)::int` })
    .from(nluCutoffs)
    .where(roundsWhere(rounds))
    .groupBy(nluCutoffs.year, nluCutoffs.round);
  return rounds.map((r) => ({ ...r, replaces: counts.find((c) => c.year === r.year && c.round === r.round)?.n ?? 0 }));
}

const verdicts = (checked: Checked[], okMessage: string): NluImportRow[] =>
  checked.map((c) => ({ row: c.row, status: c.error ? 'error' : 'ok', message: c.error ?? okMessage }));

/** POST /api/nlu/cutoffs/import?dryRun=true: every row's verdict, nothing changed. */
export async function dryRunCutoffs(ctx: Ctx, checked: Checked[]): Promise<NluImportResult> {
  const errors = checked.filter((c) => c.error).length;
  return {
    dryRun: true,
    imported: 0,
    ok: checked.length - errors,
    errors,
    rows: verdicts(checked, NLU_MSG.ready),
    rounds: await withReplaces(ctx.db, roundsOf(checked)),
  };
}

/** POST /api/nlu/cutoffs/import: the file's rounds replaced whole in one transaction, or a 400 naming each bad row. */
export async function importCutoffs(ctx: Ctx, checked: Checked[]): Promise<NluImportResult> {
  const bad = checked.filter((c) => c.error);
  if (bad.length) {
    const fields: Record<string, string> = { file: NLU_MSG.rowsHaveErrors(bad.length) };
    for (const c of bad.slice(0, 100)) fields[`row ${c.row}`] = c.error as string;
    throw badRequest(NLU_MSG.rowsHaveErrors(bad.length), fields);
  }
  const cutoffs = checked.map((c) => c.cutoff as NluCutoff);
  const rounds = roundsOf(checked);
  const replaced = await ctx.db.transaction(async (tx) => {
    const counted = await withReplaces(tx, rounds);
    await tx.delete(nluCutoffs).where(roundsWhere(rounds));
    // In slices: one statement's parameters stay well under PostgreSQL's limit.
    for (let i = 0; i < cutoffs.length; i += 500) await tx.insert(nluCutoffs).values(cutoffs.slice(i, i + 500));
    return counted;
  });
  return {
    dryRun: false,
    imported: cutoffs.length,
    ok: cutoffs.length,
    errors: 0,
    rows: verdicts(checked, NLU_MSG.imported),
    rounds: replaced,
  };
}

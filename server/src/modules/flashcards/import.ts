import { eq } from 'drizzle-orm';
import { FLASHCARD_MSG, FLASHCARD_TEXT_MAX, type FlashcardImportResult } from '@app/common/schemas/flashcards';
import { OFFICE_FILE_LIMITS, OFFICE_FILE_MSG } from '@app/common/schemas/import-files';
import type { Ctx } from '../../context.ts';
import { flashcards } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { checkOfficeArchive, isZip } from '../../lib/spreadsheet.ts';
import { isUnstorableText } from '../../lib/validation.ts';
import type { FlashcardSheetRow } from './import-parse.ts';
import { staffDeck } from './service.ts';

// The card import (docs/product-flashcards.md, "Importing cards"): every row checked on its own and
// against the deck's cards and the rows above it (the same front twice is refused). A dry run answers each
// row's verdict and changes nothing; the import adds the good rows and answers the bad ones' verdicts.

type Checked = {
  row: number;
  front: string;
  error: string | null;
  card?: { front: string; back: string; example: string; tags: string[] };
};

/** The file's rows, read off the main thread within the import's limits. */
export async function readFlashcardUpload(ctx: Ctx, data: Buffer, filename: string): Promise<FlashcardSheetRow[]> {
  if (isZip(data)) await checkOfficeArchive(data, () => badRequest(FLASHCARD_MSG.unreadable, { file: FLASHCARD_MSG.unreadable }));
  return ctx.workers.run(
    'readFlashcardSheet',
    { data, filename },
    {
      timeoutMs: OFFICE_FILE_LIMITS.readSeconds * 1000,
      limits: { time: OFFICE_FILE_MSG.tooSlow, memory: OFFICE_FILE_MSG.tooMuchMemory, busy: OFFICE_FILE_MSG.busy, field: 'file' },
    },
  );
}

const key = (front: string) => front.toLowerCase().replace(/\s+/g, ' ');

function check(rows: FlashcardSheetRow[], existing: Set<string>): Checked[] {
  const seen = new Map<string, number>();
  return rows.map(({ row, cells }) => {
    const errors: string[] = [];
    const { front, back, example } = cells;
    if (!front || front.length > FLASHCARD_TEXT_MAX || isUnstorableText(front)) errors.push(`front: ${FLASHCARD_MSG.front}`);
    if (!back || back.length > FLASHCARD_TEXT_MAX || isUnstorableText(back)) errors.push(`back: ${FLASHCARD_MSG.back}`);
    if (example.length > FLASHCARD_TEXT_MAX || isUnstorableText(example)) errors.push(`example: ${FLASHCARD_MSG.example}`);
    const tags = [
      ...new Set(
        cells.tags
          .split(/[,;]/)
          .map((t) => t.trim())
          .filter((t) => t && t.length <= 60 && !isUnstorableText(t)),
      ),
    ].slice(0, 20);
    if (errors.length) return { row, front: front.slice(0, 200), error: errors.join('; ') };
    const k = key(front);
    const first = seen.get(k);
    if (first !== undefined) return { row, front, error: FLASHCARD_MSG.duplicate(first) };
    if (existing.has(k)) return { row, front, error: 'The deck already has a card with this front' };
    seen.set(k, row);
    return { row, front, error: null, card: { front, back, example, tags } };
  });
}

/** POST /api/flashcards/decks/:id/import[?dryRun=true]. */
export async function importCards(ctx: Ctx, deckId: string, rows: FlashcardSheetRow[], dryRun: boolean): Promise<FlashcardImportResult> {
  await staffDeck(ctx.db, deckId);
  const existing = await ctx.db.select({ front: flashcards.front }).from(flashcards).where(eq(flashcards.deckId, deckId));
  const checked = check(rows, new Set(existing.map((e) => key(e.front))));
  const good = checked.filter((c) => c.card);
  if (!dryRun && good.length)
    await ctx.db
      .insert(flashcards)
      .values(good.map((c, i) => ({ deckId, position: existing.length + i, ...(c.card as NonNullable<Checked['card']>) })));
  return {
    dryRun,
    ok: good.length,
    errors: checked.length - good.length,
    imported: dryRun ? 0 : good.length,
    rows: checked.map((c) => ({
      row: c.row,
      status: c.error ? 'error' : 'ok',
      message: c.error ?? (dryRun ? 'Will be added' : 'Added'),
      front: c.front,
    })),
  };
}

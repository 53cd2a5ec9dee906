import type ExcelJS from 'exceljs';
import { FLASHCARD_IMPORT_COLUMNS, FLASHCARD_IMPORT_MAX_ROWS, FLASHCARD_MSG } from '@app/common/schemas/flashcards';
import { readCsvUpload } from '../../lib/csv-read.ts';
import { badRequest } from '../../lib/errors.ts';
import { isZip, readFirstSheet } from '../../lib/spreadsheet.ts';

// Reading a flashcard import file (docs/product-flashcards.md, "Importing cards"): the same path as the
// question bank's and the student import's (lib/csv-read.ts, lib/spreadsheet.ts), run in a worker thread
// (`readFlashcardSheet`, server/src/worker.ts) after the workbook's archive passed its size checks.

type Column = (typeof FLASHCARD_IMPORT_COLUMNS)[number];
export type FlashcardSheetRow = { row: number; cells: Record<Column, string> };

/** A cell as the text a person sees typed in it; a formula is its formula text, never its computed result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('formula' in value && value.formula) return `=${value.formula}`;
    if ('sharedFormula' in value && value.sharedFormula) return `=${value.sharedFormula}`;
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

const refuse = (message: string) => badRequest(message, { file: message });
const FAULTS = { unreadable: FLASHCARD_MSG.unreadable, empty: FLASHCARD_MSG.empty, tooMany: FLASHCARD_MSG.tooMany } as const;

/** The card rows of an .xlsx or .csv file by column name, numbered as the spreadsheet does (header row 1). */
export async function readFlashcardSheet(data: Buffer, filename: string): Promise<FlashcardSheetRow[]> {
  const lower = filename.toLowerCase();
  let table: string[][];
  if (isZip(data)) {
    if (!lower.endsWith('.xlsx')) throw refuse(FLASHCARD_MSG.badType);
    table = await readFirstSheet(data, cellText, (fault) => refuse(FAULTS[fault]), {
      maxRows: FLASHCARD_IMPORT_MAX_ROWS,
      rowsAre: 'cards',
    });
  } else if (lower.endsWith('.xlsx') || lower.endsWith('.xls')) throw refuse(FLASHCARD_MSG.unreadable);
  else if (lower.endsWith('.csv') || lower.endsWith('.txt') || !lower.includes('.'))
    table = readCsvUpload(data, (fault) => refuse(FAULTS[fault]), { maxRows: FLASHCARD_IMPORT_MAX_ROWS, trim: true });
  else throw refuse(FLASHCARD_MSG.badType);

  const header = (table[0] ?? []).map((h) =>
    String(h ?? '')
      .trim()
      .toLowerCase(),
  );
  const index = Object.fromEntries(FLASHCARD_IMPORT_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<Column, number>;
  const missing = (['front', 'back'] as const).filter((c) => index[c] < 0);
  if (missing.length) throw refuse(FLASHCARD_MSG.missingColumns(missing));
  const rows: FlashcardSheetRow[] = [];
  for (let i = 1; i < table.length; i++) {
    const line = table[i] ?? [];
    if (line.every((c) => !c || !String(c).trim())) continue;
    const cell = (c: Column) => (index[c] < 0 ? '' : String(line[index[c]] ?? '').trim());
    rows.push({ row: i + 1, cells: { front: cell('front'), back: cell('back'), example: cell('example'), tags: cell('tags') } });
  }
  if (rows.length === 0) throw refuse(FLASHCARD_MSG.empty);
  if (rows.length > FLASHCARD_IMPORT_MAX_ROWS) throw refuse(FLASHCARD_MSG.tooMany);
  return rows;
}

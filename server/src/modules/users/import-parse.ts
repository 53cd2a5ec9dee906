import type ExcelJS from 'exceljs';
import { OFFICE_FILE_LIMITS, OFFICE_FILE_MSG } from '@app/common/schemas/import-files';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, IMPORT_MSG, IMPORT_REQUIRED_COLUMNS } from '@app/common/schemas/users';
import type { Ctx } from '../../context.ts';
import { readCsvUpload } from '../../lib/csv-read.ts';
import { badRequest } from '../../lib/errors.ts';
import { checkOfficeArchive, isZip, readFirstSheet } from '../../lib/spreadsheet.ts';

// Reading a student import file (docs/product-batches.md, "Importing enrolled students"). The file is read
// in a worker thread (`readStudentFile`, lib/worker-pool.ts), after a workbook's archive passed its size
// checks on the main thread (lib/spreadsheet.ts); `readStudentSheet` is what runs there.

export type SheetRow = { row: number; cells: Record<(typeof IMPORT_COLUMNS)[number], string> };

/** A cell as the text a person sees typed in it; a formula is its formula text, never its computed result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('formula' in value && value.formula) return `=${value.formula}`;
    if ('sharedFormula' in value && value.sharedFormula) return `=${value.sharedFormula}`;
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return String(value.error);
    return '';
  }
  return String(value);
}

const refuse = (message: string) => badRequest(message, { file: message });
const readXlsx = (data: Buffer) =>
  readFirstSheet(data, cellText, (fault) => refuse(IMPORT_MSG[fault]), { maxRows: IMPORT_MAX_ROWS, rowsAre: 'students' });

const readCsv = (data: Buffer) => readCsvUpload(data, (fault) => refuse(IMPORT_MSG[fault]), { maxRows: IMPORT_MAX_ROWS, trim: true });

const normalise = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');

/**
 * The student rows of an .xlsx or .csv file, by column name; spreadsheet row numbers (the header is row 1).
 * Runs in a worker thread: the request calls `readStudentFile`.
 */
export async function readStudentSheet(data: Buffer, filename: string): Promise<SheetRow[]> {
  const lower = filename.toLowerCase();
  let table: string[][];
  if (isZip(data)) table = await readXlsx(data);
  else if (lower.endsWith('.xlsx') || lower.endsWith('.xls')) throw badRequest(IMPORT_MSG.unreadable, { file: IMPORT_MSG.unreadable });
  else if (lower.endsWith('.csv') || lower.endsWith('.txt') || !lower.includes('.')) table = readCsv(data);
  else throw badRequest(IMPORT_MSG.badType, { file: IMPORT_MSG.badType });

  const header = (table[0] ?? []).map(normalise);
  const index = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, header.indexOf(c.toLowerCase())]));
  const missing = IMPORT_REQUIRED_COLUMNS.filter((c) => index[c] < 0);
  if (missing.length) throw badRequest(IMPORT_MSG.missingColumns(missing), { file: IMPORT_MSG.missingColumns(missing) });

  const rows: SheetRow[] = [];
  for (let i = 1; i < table.length; i++) {
    const line = table[i] ?? [];
    if (line.every((c) => !c || !String(c).trim())) continue;
    const cells = Object.fromEntries(
      IMPORT_COLUMNS.map((c) => [c, index[c] >= 0 ? String(line[index[c]] ?? '').trim() : '']),
    ) as SheetRow['cells'];
    rows.push({ row: i + 1, cells });
  }
  if (rows.length === 0) throw badRequest(IMPORT_MSG.empty, { file: IMPORT_MSG.empty });
  if (rows.length > IMPORT_MAX_ROWS) throw badRequest(IMPORT_MSG.tooMany, { file: IMPORT_MSG.tooMany });
  return rows;
}

/** The student rows of an uploaded file, read off the main thread within the import's limits (a 400 naming the one passed). */
export async function readStudentFile(ctx: Ctx, data: Buffer, filename: string): Promise<SheetRow[]> {
  if (isZip(data)) await checkOfficeArchive(data, () => refuse(IMPORT_MSG.unreadable));
  return ctx.workers.run(
    'readStudentSheet',
    { data, filename },
    {
      timeoutMs: OFFICE_FILE_LIMITS.readSeconds * 1000,
      limits: { time: OFFICE_FILE_MSG.tooSlow, memory: OFFICE_FILE_MSG.tooMuchMemory, busy: OFFICE_FILE_MSG.busy, field: 'file' },
    },
  );
}

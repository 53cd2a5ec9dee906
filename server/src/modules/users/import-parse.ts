import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, IMPORT_MSG, IMPORT_REQUIRED_COLUMNS } from '@app/common/schemas/users';
import { badRequest } from '../../lib/errors.ts';
import { isZip, readFirstSheet } from '../../lib/spreadsheet.ts';

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

const readXlsx = (data: Buffer) => readFirstSheet(data, cellText, (fault) => badRequest(IMPORT_MSG[fault], { file: IMPORT_MSG[fault] }));

function readCsvText(data: Buffer): string[][] {
  try {
    return parse(data, { bom: true, relax_column_count: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch {
    throw badRequest(IMPORT_MSG.unreadable, { file: IMPORT_MSG.unreadable });
  }
}

const normalise = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');

/** The student rows of an .xlsx or .csv file, by column name; spreadsheet row numbers (the header is row 1). */
export async function readStudentSheet(data: Buffer, filename: string): Promise<SheetRow[]> {
  const lower = filename.toLowerCase();
  let table: string[][];
  if (isZip(data)) table = await readXlsx(data);
  else if (lower.endsWith('.xlsx') || lower.endsWith('.xls')) throw badRequest(IMPORT_MSG.unreadable, { file: IMPORT_MSG.unreadable });
  else if (lower.endsWith('.csv') || lower.endsWith('.txt') || !lower.includes('.')) table = readCsvText(data);
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

import type ExcelJS from 'exceljs';
import { loadExcelJs } from './lazy-libs.ts';

// The first sheet of an .xlsx file as rows of cell texts, for the student import and the question-bank
// import. Each says how a cell reads (their formula rules differ) and what its refusal of a file says.

/** An .xlsx file is a zip archive: its first bytes are "PK\x03\x04". */
export const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

export async function readFirstSheet(
  data: Buffer,
  cellText: (value: ExcelJS.CellValue) => string,
  refuse: (fault: 'unreadable' | 'empty') => Error,
): Promise<string[][]> {
  const book = new (await loadExcelJs()).Workbook();
  try {
    await book.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw refuse('unreadable');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw refuse('empty');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const values = row.values as ExcelJS.CellValue[];
    rows[n - 1] = Array.isArray(values) ? values.slice(1).map(cellText) : [];
  });
  return Array.from(rows, (r) => r ?? []);
}

import type ExcelJS from 'exceljs';
import type { Entry, ZipFile } from 'yauzl';
import { OFFICE_FILE_LIMITS, OFFICE_FILE_MSG } from '@app/common/schemas/import-files';
import { badRequest } from './errors.ts';
import { loadExcelJs, loadYauzl } from './lazy-libs.ts';

// The student import and the question-bank import read .xlsx workbooks and .docx documents: zip
// archives of XML parts. A small archive can unpack to gigabytes, and a small sheet can name row
// 1,048,576 or column XFD, which ExcelJS then walks cell by cell. So (docs/product-question-bank.md,
// "Errors"):
// - `checkOfficeArchive`, on the main thread, reads only the archive's directory: how many parts, what
//   each declares it unpacks to, in all and against its packed size;
// - `readFirstSheet` and `unpackOfficeFile`, in a worker thread (lib/worker-pool.ts), unpack every part
//   with its declared size enforced (a part that unpacks to more is refused as it passes it), then read
//   each sheet's `<dimension>`, its largest row number and its last column, and only then let ExcelJS
//   (or mammoth) parse the file.

/** An .xlsx file is a zip archive: its first bytes are "PK\x03\x04". */
export const isZip = (b: Uint8Array) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

const refuse = (message: string) => badRequest(message, { file: message });

async function openZip(data: Buffer, unreadable: () => Error): Promise<ZipFile> {
  const yauzl = await loadYauzl();
  try {
    return await yauzl.fromBufferPromise(data, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
  } catch {
    throw unreadable();
  }
}

/**
 * The archive's own word on its size, before a byte is unpacked: at most `maxEntries` parts, all of them
 * together at most `maxUnpackedBytes`, each at most `maxEntryBytes` and (past `ratioFromBytes`) at most
 * `maxRatio` times its packed size. A 400 naming the limit otherwise.
 */
export async function checkOfficeArchive(data: Buffer, unreadable: () => Error): Promise<void> {
  const zip = await openZip(data, unreadable);
  const limits = OFFICE_FILE_LIMITS;
  if (zip.entryCount > limits.maxEntries) throw refuse(OFFICE_FILE_MSG.tooManyEntries(zip.entryCount));
  const entries: Entry[] = [];
  try {
    for await (const entry of zip.eachEntry()) entries.push(entry);
  } catch {
    throw unreadable();
  }
  const total = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (total > limits.maxUnpackedBytes) throw refuse(OFFICE_FILE_MSG.tooLargeUnpacked(total));
  for (const e of entries) {
    if (e.uncompressedSize > limits.maxEntryBytes) throw refuse(OFFICE_FILE_MSG.tooLargeEntry(e.fileName, e.uncompressedSize));
    if (e.uncompressedSize > limits.ratioFromBytes && e.uncompressedSize > limits.maxRatio * Math.max(1, e.compressedSize)) {
      throw refuse(OFFICE_FILE_MSG.packedTooTightly(e.fileName, limits.maxRatio));
    }
  }
}

/**
 * Every part unpacked, none past the size it declares (yauzl stops a part's stream there): the parts
 * `keep` names as text, the others only counted. Run in a worker thread, after `checkOfficeArchive`.
 */
export async function unpackOfficeFile(
  data: Buffer,
  keep: (name: string) => boolean,
  unreadable: () => Error,
): Promise<Map<string, string>> {
  const zip = await openZip(data, unreadable);
  const kept = new Map<string, string>();
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      const stream = await zip.openReadStreamPromise(entry);
      const chunks: Buffer[] = [];
      const wanted = keep(entry.fileName);
      for await (const chunk of stream) if (wanted) chunks.push(chunk as Buffer);
      if (wanted) kept.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
    }
  } catch (err) {
    if (/too many bytes/.test((err as Error).message)) throw refuse(OFFICE_FILE_MSG.sizesDoNotMatch);
    throw unreadable();
  }
  return kept;
}

/** 1-based column number of a cell reference's letters: "XFD12" → 16,384. */
function columnOf(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n;
}
const rowOf = (ref: string) => Number(/\d+$/.exec(ref)?.[0] ?? 0);
const ATTR_R = /\br\s*=\s*["']([^"']*)["']/;
/** A row, a cell or the dimension, with or without a namespace prefix (`<x:row>`): not `<col>` nor `<c:chart>`. */
const ELEMENT = /<(?:[\w.-]+:)?(row|c|dimension)(?=[\s/>])([^>]*)>/g;

/**
 * How far a worksheet's XML reaches: its `<dimension>`, the largest row number and the last column of
 * any row or cell, counting rows and cells without a reference where a spreadsheet places them (after
 * the one before). One pass of a regular expression, no XML tree.
 */
function sheetReach(xml: string): { lastRow: number; lastColumn: number } {
  let lastRow = 0;
  let lastColumn = 0;
  let row = 0;
  let column = 0;
  for (const m of xml.matchAll(ELEMENT)) {
    const ref = ATTR_R.exec(m[2])?.[1];
    if (m[1] === 'dimension') {
      const end = /ref\s*=\s*["']([^"']*)["']/.exec(m[2])?.[1]?.split(':').pop()?.toUpperCase() ?? '';
      lastRow = Math.max(lastRow, rowOf(end));
      lastColumn = Math.max(lastColumn, columnOf(end));
    } else if (m[1] === 'row') {
      row = ref ? Number(ref) || row + 1 : row + 1;
      column = 0;
      lastRow = Math.max(lastRow, row);
    } else {
      const upper = ref?.toUpperCase();
      column = upper ? columnOf(upper) || column + 1 : column + 1;
      lastColumn = Math.max(lastColumn, column);
      if (upper) lastRow = Math.max(lastRow, rowOf(upper));
    }
  }
  return { lastRow, lastColumn };
}

/** Column letters of a column number: 16,384 → "XFD". */
export function columnName(n: number): string {
  let s = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(65 + ((k - 1) % 26)) + s;
  return s;
}

const isWorksheet = (name: string) => /^xl\/worksheets\/[^/]+\.xml$/i.test(name);

export type SheetLimits = {
  /** Rows of data below the header an import takes (its own limit). */
  maxRows: number;
  /** What the rows are, for the message: "questions", "students". */
  rowsAre: string;
};

/**
 * The first sheet of an .xlsx file as rows of cell texts, for the student import and the question-bank
 * import: each says how a cell reads (their formula rules differ) and what its refusal of a file says.
 * Run in a worker thread (the archive's sizes were checked by `checkOfficeArchive`). Every sheet of the
 * workbook is held to the limits, as ExcelJS reads them all.
 */
export async function readFirstSheet(
  data: Buffer,
  cellText: (value: ExcelJS.CellValue) => string,
  refuseFile: (fault: 'unreadable' | 'empty') => Error,
  limits: SheetLimits,
): Promise<string[][]> {
  const sheets = await unpackOfficeFile(data, isWorksheet, () => refuseFile('unreadable'));
  for (const xml of sheets.values()) {
    const { lastRow, lastColumn } = sheetReach(xml);
    if (lastColumn > OFFICE_FILE_LIMITS.maxColumns) throw refuse(OFFICE_FILE_MSG.tooManyColumns(columnName(lastColumn), lastColumn));
    if (lastRow > limits.maxRows + 1) throw refuse(OFFICE_FILE_MSG.tooManyRows(lastRow, limits.maxRows, limits.rowsAre));
  }
  sheets.clear();
  const book = new (await loadExcelJs()).Workbook();
  try {
    await book.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw refuseFile('unreadable');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw refuseFile('empty');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const values = row.values as ExcelJS.CellValue[];
    rows[n - 1] = Array.isArray(values) ? values.slice(1).map(cellText) : [];
  });
  return Array.from(rows, (r) => r ?? []);
}

import type ExcelJS from 'exceljs';
import {
  BANK_COLUMNS,
  BANK_EXTRA_COLUMNS,
  BANK_IMPORT_MAX_ROWS,
  BANK_MESSAGES,
  BANK_REQUIRED_COLUMNS,
} from '@app/common/schemas/question-bank';
import { OFFICE_FILE_LIMITS, OFFICE_FILE_MSG } from '@app/common/schemas/import-files';
import type { Ctx } from '../../context.ts';
import { readCsvUpload } from '../../lib/csv-read.ts';
import { badRequest } from '../../lib/errors.ts';
import { loadMammoth } from '../../lib/lazy-libs.ts';
import { checkOfficeArchive, isZip, readFirstSheet, unpackOfficeFile } from '../../lib/spreadsheet.ts';
import type { PreparedRow } from './validate.ts';

// Reading an import file into rows of cells by column (docs/product-question-bank.md, "Import"). The file
// is read in a worker thread (`readBankUpload`, lib/worker-pool.ts), after a workbook's or document's
// archive passed its size checks on the main thread (lib/spreadsheet.ts); `readBankFile` and the rows'
// checks (validate.ts `prepareRows`) run there.

const READ_COLUMNS = [...BANK_COLUMNS, ...BANK_EXTRA_COLUMNS] as const;
type ReadColumn = (typeof READ_COLUMNS)[number];
/** One question of the file: its row (sheet row number, or the question's place in a Word file) and its cells. */
export type FileRow = { row: number; cells: Record<ReadColumn, string>; faults?: string[] };

const fail = (message: string) => badRequest(message, { file: message });

/**
 * A cell as text. A formula is never evaluated: its cached result as text when the workbook holds one,
 * else the formula as written.
 */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) {
      const v = value as { formula?: string; sharedFormula?: string; result?: unknown };
      const result = v.result;
      if (result !== undefined && result !== null && typeof result !== 'object') return String(result);
      return `=${v.formula ?? v.sharedFormula ?? ''}`;
    }
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return String(value.error);
    return '';
  }
  return String(value);
}

const readXlsx = (data: Buffer) =>
  readFirstSheet(data, cellText, (fault) => fail(BANK_MESSAGES[fault]), { maxRows: BANK_IMPORT_MAX_ROWS, rowsAre: 'questions' });

// A file with a NUL byte is not text (a Word or Excel file under another name): unreadable as CSV.
function readCsv(data: Buffer): string[][] {
  if (data.includes(0)) throw fail(BANK_MESSAGES.unreadable);
  return readCsvUpload(data, (fault) => fail(BANK_MESSAGES[fault]), { maxRows: BANK_IMPORT_MAX_ROWS, relaxQuotes: true });
}

const headerName = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

function rowsOfTable(table: string[][]): FileRow[] {
  const header = (table[0] ?? []).map((h) => headerName(String(h ?? '')));
  const index = Object.fromEntries(READ_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<ReadColumn, number>;
  const missing = BANK_REQUIRED_COLUMNS.filter((c) => index[c] < 0);
  if (missing.length) throw fail(BANK_MESSAGES.missingColumns(missing));
  const rows: FileRow[] = [];
  for (let i = 1; i < table.length; i++) {
    const line = table[i] ?? [];
    if (line.every((c) => !c || !String(c).trim())) continue;
    const cells = Object.fromEntries(
      READ_COLUMNS.map((c) => [c, index[c] >= 0 ? String(line[index[c]] ?? '').trim() : '']),
    ) as FileRow['cells'];
    rows.push({ row: i + 1, cells });
  }
  return rows;
}

const emptyCells = (): FileRow['cells'] => Object.fromEntries(READ_COLUMNS.map((c) => [c, ''])) as FileRow['cells'];

const LABEL = /^(section|topic|difficulty|source|exam|tags|marks|negative|answer|explanation|passage)\s*:\s*(.*)$/i;
const QUESTION = /^(?:q(?:uestion)?\.?\s*)?(\d{1,4})\s*[.)]\s*(.*)$/i;
const OPTION = /^\(([a-z])\)\s*(.*)$/i;
const END_PASSAGE = /^end of passage\.?$/i;

/**
 * The Word pattern (docs/product-question-bank.md): "Section:", "Topic:", "Difficulty:", "Source:",
 * "Exam:" and "Tags:" lines set the value for the questions after them; "Passage:" starts a passage that
 * the following questions stand on (until the next "Passage:", a "Section:" or "End of passage");
 * "1." starts a question, "(a)" to "(d)" its options, "Answer:", "Explanation:", "Marks:" and
 * "Negative:" belong to the question above them.
 */
function rowsOfWordText(text: string): FileRow[] {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.replace(/\u00a0/g, ' ').trim())
    .filter((l) => l.length > 0);
  const defaults = { section: '', topic: '', difficulty: '', source: '', exam: '', tags: '' };
  let passage: { ref: string; text: string[]; used: boolean } | null = null;
  let passages = 0;
  let inPassage = false;
  let current: FileRow | null = null;
  /** Where a continuation line goes. */
  let last: 'question' | 'option' | 'explanation' | null = null;
  let lastOption = '';
  const rows: FileRow[] = [];

  const closeQuestion = () => {
    current = null;
    last = null;
  };
  for (const line of lines) {
    const label = LABEL.exec(line);
    const q = QUESTION.exec(line);
    const opt = OPTION.exec(line);
    if (label) {
      const key = label[1].toLowerCase();
      const value = label[2].trim();
      if (key === 'passage') {
        closeQuestion();
        passages++;
        passage = { ref: `P${passages}`, text: value ? [value] : [], used: false };
        inPassage = true;
        continue;
      }
      if (key === 'section' || key === 'topic' || key === 'difficulty' || key === 'source' || key === 'exam' || key === 'tags') {
        defaults[key] = value;
        closeQuestion();
        if (key === 'section') passage = null;
        inPassage = false;
        continue;
      }
      const cur = current as FileRow | null;
      if (!cur) continue;
      if (key === 'answer') cur.cells.answer = value;
      else if (key === 'marks') cur.cells.marks = value;
      else if (key === 'negative') cur.cells.negative = value;
      else if (key === 'explanation') {
        cur.cells.explanation = value;
        last = 'explanation';
        continue;
      }
      last = null;
      continue;
    }
    if (END_PASSAGE.test(line)) {
      closeQuestion();
      passage = null;
      inPassage = false;
      continue;
    }
    if (q) {
      inPassage = false;
      const cells = emptyCells();
      cells.section = defaults.section;
      cells.topic = defaults.topic;
      cells.difficulty = defaults.difficulty;
      cells.source = defaults.source;
      cells.exam = defaults.exam;
      cells.tags = defaults.tags;
      cells.question = q[2].trim();
      if (passage) {
        cells.passage_ref = passage.ref;
        if (!passage.used) cells.passage_text = passage.text.join('\n\n');
        passage.used = true;
      }
      current = { row: rows.length + 1, cells };
      rows.push(current);
      last = 'question';
      continue;
    }
    if (opt && current) {
      const letter = opt[1].toLowerCase();
      const column = `option_${letter}` as ReadColumn;
      if ((READ_COLUMNS as readonly string[]).includes(column)) {
        (current as FileRow).cells[column] = opt[2].trim();
        lastOption = column;
      } else {
        // A fifth option has no column: the row is marked so the admin sees why.
        (current as FileRow).faults = [`option_${letter}: at most four options, (a) to (d)`];
        lastOption = '';
      }
      last = 'option';
      continue;
    }
    if (inPassage && passage) {
      passage.text.push(line);
      continue;
    }
    const cur = current as FileRow | null;
    if (cur && last === 'question') cur.cells.question = `${cur.cells.question}\n${line}`.trim();
    else if (cur && last === 'explanation') cur.cells.explanation = `${cur.cells.explanation}\n${line}`.trim();
    else if (cur && last === 'option' && lastOption) {
      const col = lastOption as ReadColumn;
      cur.cells[col] = `${cur.cells[col]} ${line}`.trim();
    }
  }
  return rows;
}

async function readDocx(data: Buffer): Promise<FileRow[]> {
  // Every part unpacked once within the size it declares before mammoth unpacks them again.
  await unpackOfficeFile(
    data,
    () => false,
    () => fail(BANK_MESSAGES.unreadable),
  );
  const mammoth = await loadMammoth();
  let text: string;
  try {
    text = (await mammoth.extractRawText({ buffer: data })).value;
  } catch {
    throw fail(BANK_MESSAGES.unreadable);
  }
  const rows = rowsOfWordText(text);
  if (rows.length === 0) throw fail(BANK_MESSAGES.noWordQuestions);
  return rows;
}

const extensionOf = (filename: string) => {
  const lower = filename.toLowerCase();
  return lower.includes('.') ? lower.slice(lower.lastIndexOf('.')) : '';
};

/** The questions of an .xlsx, .csv or .docx file; a file fault is a 400 naming `file`. Runs in a worker thread. */
export async function readBankFile(data: Buffer, filename: string): Promise<FileRow[]> {
  const ext = extensionOf(filename);
  let rows: FileRow[];
  if (ext === '.docx') {
    if (!isZip(data)) throw fail(BANK_MESSAGES.unreadable);
    rows = await readDocx(data);
  } else if (ext === '.xlsx') {
    if (!isZip(data)) throw fail(BANK_MESSAGES.unreadable);
    rows = rowsOfTable(await readXlsx(data));
  } else if (ext === '.csv' || ext === '.txt') {
    if (isZip(data)) throw fail(BANK_MESSAGES.unreadable);
    rows = rowsOfTable(readCsv(data));
  } else throw fail(BANK_MESSAGES.badType);
  if (rows.length === 0) throw fail(BANK_MESSAGES.empty);
  if (rows.length > BANK_IMPORT_MAX_ROWS) throw fail(BANK_MESSAGES.tooMany);
  return rows;
}

/**
 * The questions of an uploaded file, read and checked off the main thread within the import's limits (a
 * 400 naming the one passed); the duplicates in the bank are left to the import (import.ts).
 */
export async function readBankUpload(ctx: Ctx, data: Buffer, filename: string, opts: { withItems: boolean }): Promise<PreparedRow[]> {
  const ext = extensionOf(filename);
  if ((ext === '.xlsx' || ext === '.docx') && isZip(data)) await checkOfficeArchive(data, () => fail(BANK_MESSAGES.unreadable));
  return ctx.workers.run(
    'prepareBankFile',
    { data, filename, withItems: opts.withItems },
    {
      timeoutMs: OFFICE_FILE_LIMITS.readSeconds * 1000,
      limits: { time: OFFICE_FILE_MSG.tooSlow, memory: OFFICE_FILE_MSG.tooMuchMemory, busy: OFFICE_FILE_MSG.busy, field: 'file' },
    },
  );
}

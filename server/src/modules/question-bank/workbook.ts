import { INSTITUTE_NAME } from '@app/common/constants';
import { loadExcelJs } from '../../lib/lazy-libs.ts';
import { BANK_COLUMNS, type BankColumn } from '@app/common/schemas/question-bank';
import { toCsv } from '../../lib/csv.ts';

// The question template as a workbook or CSV (docs/product-question-bank.md, "The template").

export type TemplateRow = Record<BankColumn, string | number | null>;

const WIDTHS: Partial<Record<BankColumn, number>> = { section: 22, passage_text: 50, question: 50, explanation: 40, topic: 24, source: 18 };

const TEMPLATE_HELP = [
  'One question per row; the first row names the columns (keep them).',
  'question, option_a, option_b and answer are required; option_c and option_d may be blank.',
  'answer is the letter of the correct option: A, B, C or D.',
  "marks: blank means 1. negative: marks lost for a wrong answer; blank means the exam's penalty.",
  'Rows with the same passage_ref share one passage; give its text in passage_text (once is enough).',
  'difficulty: a whole number from 1 (easy) to 5 (hard), or blank. topic and source are free text.',
  'Optional extra columns: exam (CLAT, AILET, judiciary or LLB) and tags (separated by commas).',
  'Formulas are never evaluated: a cell is imported as the text it shows.',
];

/** A workbook with the template's columns, the rows given, and a second sheet that explains them. */
export async function bankWorkbook(rows: TemplateRow[], sheetName = 'Questions'): Promise<Buffer> {
  const book = new (await loadExcelJs()).Workbook();
  book.creator = INSTITUTE_NAME;
  const sheet = book.addWorksheet(sheetName);
  sheet.columns = BANK_COLUMNS.map((c) => ({ header: c, key: c, width: WIDTHS[c] ?? 12 }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    // Text is stored as text: a cell starting with "=" stays what it says, never a formula.
    sheet.addRow(BANK_COLUMNS.map((c) => r[c] ?? null));
  }
  for (const c of ['passage_text', 'question', 'explanation'] as const) {
    sheet.getColumn(c).alignment = { wrapText: true, vertical: 'top' };
  }
  const help = book.addWorksheet('How to fill');
  help.getColumn(1).width = 110;
  help.addRow(['How to fill the question template']).font = { bold: true };
  for (const line of TEMPLATE_HELP) help.addRow([line]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const bankCsv = (rows: TemplateRow[]) =>
  toCsv(
    BANK_COLUMNS,
    rows.map((r) => BANK_COLUMNS.map((c) => r[c] ?? null)),
  );

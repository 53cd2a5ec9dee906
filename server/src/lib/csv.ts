import { stringify } from 'csv-stringify/sync';

// A spreadsheet runs a text cell that starts with one of these as a formula (CSV injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;

/** A number written as its format gives it ("12.50", "-5%"), which a spreadsheet reads as that number. */
export class CsvNumber {
  constructor(readonly text: string) {}
}

/** `value` with `decimals` places and, for a percentage, a "%" sign; a value that is not finite is text. */
export function csvNumber(value: number, opts: { decimals?: number; percent?: boolean } = {}): CsvNumber | string {
  if (!Number.isFinite(value)) return String(value);
  const text = opts.decimals === undefined ? String(value) : value.toFixed(opts.decimals);
  return new CsvNumber(opts.percent ? `${text}%` : text);
}

export type CsvCell = string | number | CsvNumber | null | undefined;

/**
 * A cell safe to open in a spreadsheet: a number is written as the number it is (minus a quarter is
 * -0.25, not a text), and a text that looks like a formula is prefixed with a single quote.
 */
export function guardCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof CsvNumber) return value.text;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A CSV document: header row then rows, quoted by csv-stringify, every cell guarded. It starts with the
 * UTF-8 byte-order mark, without which Excel on Windows reads the file in the local code page and a
 * name in Bengali or Devanagari comes out garbled (docs/product.md section 9).
 */
export function toCsv(header: readonly string[], rows: CsvCell[][]): string {
  return stringify([header.map(guardCell), ...rows.map((r) => r.map(guardCell))], {
    bom: true,
    eof: true,
    record_delimiter: 'windows',
    // A bare line break inside a cell must be quoted too, whatever the record delimiter.
    quoted_match: /[\r\n]/,
  });
}

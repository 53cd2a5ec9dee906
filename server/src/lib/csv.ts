import { stringify } from 'csv-stringify/sync';

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;

/** Makes a cell safe to open in a spreadsheet: a formula-looking text is prefixed with a single quote. */
export function guardCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A CSV document: header row then rows, quoted by csv-stringify, every cell guarded. */
export function toCsv(header: readonly string[], rows: (string | number | null | undefined)[][]): string {
  return stringify([header.map(guardCell), ...rows.map((r) => r.map(guardCell))], {
    eof: true,
    record_delimiter: 'windows',
    // A bare line break inside a cell must be quoted too, whatever the record delimiter.
    quoted_match: /[\r\n]/,
  });
}

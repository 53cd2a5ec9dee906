import { parse } from 'csv-parse/sync';

// Every CSV the server reads goes through csv-parse (RFC 4180 quoting), as every CSV it writes goes
// through csv-stringify (lib/csv.ts). A leading byte-order mark is not part of the first cell, as a
// spreadsheet reads it.

/** A CSV document as rows of cells: what toCsv wrote, read back (the tests of every export). */
export function readCsv(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: true }) as string[][];
}

export type CsvUploadOptions = {
  /** Rows of data below the header the import takes (its own limit). */
  maxRows: number;
  /** Cells without their surrounding white space. */
  trim?: boolean;
  /** A quote inside an unquoted cell is kept as a character rather than refused. */
  relaxQuotes?: boolean;
};

/**
 * An uploaded CSV file as rows of cells, for the student import and the question-bank import: each says
 * what its refusal of a file says. A file csv-parse cannot read is 'unreadable'. Reading stops at twice
 * the rows the import takes (blank lines are skipped later), never the whole of a huge file: a file that
 * reaches it is 'tooMany'. Rows may have fewer or more cells than the header; blank lines are kept, so a
 * row's place is its line in the spreadsheet.
 */
export function readCsvUpload(
  data: Buffer,
  refuseFile: (fault: 'unreadable' | 'tooMany') => Error,
  { maxRows, trim = false, relaxQuotes = false }: CsvUploadOptions,
): string[][] {
  const maxRecords = 2 * (maxRows + 1);
  let table: string[][];
  try {
    table = parse(data, {
      bom: true,
      relax_column_count: true,
      relax_quotes: relaxQuotes,
      skip_empty_lines: false,
      trim,
      to: maxRecords,
    }) as string[][];
  } catch {
    throw refuseFile('unreadable');
  }
  if (table.length >= maxRecords) throw refuseFile('tooMany');
  return table;
}

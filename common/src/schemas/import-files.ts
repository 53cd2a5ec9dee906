// What an imported spreadsheet (.xlsx) or Word file (.docx) may be before the server reads it: the
// student import and the question-bank import (docs/product-question-bank.md, "Errors";
// docs/product-batches.md, "Importing enrolled students"). Both are zip archives of XML parts; the
// limits are checked on the archive's directory and the sheet's references before anything is parsed,
// so a small file cannot make the server unpack or walk far more than it holds.

export const OFFICE_FILE_LIMITS = {
  /** Parts in the archive: a workbook or document has a few dozen, with images a few hundred. */
  maxEntries: 1_000,
  /** All parts together, unpacked. */
  maxUnpackedBytes: 100 * 1024 * 1024,
  /** One part, unpacked. */
  maxEntryBytes: 50 * 1024 * 1024,
  /** How many times its packed size a part may unpack to (XML packs 5 to 30 times; a bomb about 1,000). */
  maxRatio: 100,
  /** Parts this small are not held to the ratio: a few kilobytes of repeated markup pack tightly. */
  ratioFromBytes: 1024 * 1024,
  /** Columns of a sheet an import reads: A to AX. Both templates use fewer than 20. */
  maxColumns: 50,
  /** Reading a file in the background may take this long before it is stopped. */
  readSeconds: 30,
} as const;

const megabytes = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024)).toLocaleString('en-IN')} MB`;
const count = (n: number) => n.toLocaleString('en-IN');

export const OFFICE_FILE_MSG = {
  tooManyEntries: (n: number) =>
    `The file holds ${count(n)} parts: a spreadsheet or Word file an import reads holds at most ${count(OFFICE_FILE_LIMITS.maxEntries)}`,
  tooLargeUnpacked: (bytes: number) =>
    `The file unpacks to ${megabytes(bytes)}: an import reads files that unpack to at most ${megabytes(OFFICE_FILE_LIMITS.maxUnpackedBytes)}`,
  tooLargeEntry: (part: string, bytes: number) =>
    `A part of the file (${part}) unpacks to ${megabytes(bytes)}: each part may unpack to at most ${megabytes(OFFICE_FILE_LIMITS.maxEntryBytes)}`,
  packedTooTightly: (part: string, ratio: number) =>
    `A part of the file (${part}) unpacks to more than ${count(ratio)} times its packed size: it is not read (a file built to exhaust the server looks like this)`,
  sizesDoNotMatch: 'The file unpacks to more than it declares: it is damaged or was built to exhaust the server, and is not read',
  tooManyRows: (lastRow: number, maxRows: number, what: string) =>
    `The sheet reaches row ${count(lastRow)}: an import reads at most ${count(maxRows + 1)} rows (a header and ${count(maxRows)} ${what}). Delete the rows below your data or split the file`,
  tooManyColumns: (column: string, n: number) =>
    `The sheet reaches column ${column} (column ${count(n)}): an import reads at most ${count(OFFICE_FILE_LIMITS.maxColumns)} columns (A to AX). Delete the columns right of your data`,
  tooSlow: `The file took longer than ${OFFICE_FILE_LIMITS.readSeconds} seconds to read and was stopped: split it into smaller files`,
  tooMuchMemory: 'The file needs more memory to read than an import may use and was stopped: split it into smaller files',
  busy: 'The server is busy reading other files: please try again in a minute',
} as const;

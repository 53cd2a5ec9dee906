import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_COLUMNS, BANK_IMPORT_MAX_ROWS } from '@app/common/schemas/question-bank';
import { OFFICE_FILE_LIMITS, OFFICE_FILE_MSG } from '@app/common/schemas/import-files';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { cell, docxOf, row, sheetXml, withDeclaredSizes, xlsxOf, zipBomb } from '../../../test/office-files.ts';
import { upload } from './test-fixtures.ts';

// A workbook or Word file that would take the server's time or memory is refused before it is read
// (docs/product-question-bank.md, "Errors"): the archive's declared sizes, the sheet's dimension, its
// last row and its last column. The reproductions of the attack: a 6,000-row sheet with a cell at column
// XFD in each row (7.8 s of a stalled server), a 1.6 KB file with one cell at row 1,048,576 (1.7 s),
// and a zip bomb of about 300 KB (600 MB of the server's memory).

const headerRow = row(1, [...BANK_COLUMNS]);
const question = (n: number) => row(n, ['Legal Reasoning', '', '', `Question ${n}?`, 'Yes', 'No', '', '', 'A']);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The worker thread starts (and, from the sources, compiles) at the first import: not timed below.
  expect((await upload(t, xlsxOf(sheetXml([headerRow, question(2)])), 'warm-up.xlsx', true)).statusCode).toBe(200);
}, 60_000);
afterAll(() => t?.close());

/** The answer to a dry run of this file, and how long it took. */
async function tryImport(file: Buffer, name = 'questions.xlsx') {
  const started = performance.now();
  const res = await upload(t, file, name, true);
  return { res, ms: performance.now() - started };
}

function expectRefused(res: Awaited<ReturnType<typeof upload>>, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ message, code: 'BAD_REQUEST', fields: { file: message } });
}

describe('heavy workbooks are refused before they are read', () => {
  it('6,000 rows each with a cell at column XFD: the column limit, at once', async () => {
    const rows = [headerRow];
    for (let n = 2; n <= 6_001; n++) rows.push(`<row r="${n}">${cell(`A${n}`, 'Legal Reasoning')}${cell(`XFD${n}`, n)}</row>`);
    const file = xlsxOf(sheetXml(rows, 'A1:XFD6001'));
    const { res, ms } = await tryImport(file);
    expectRefused(res, OFFICE_FILE_MSG.tooManyColumns('XFD', 16_384));
    expect(ms).toBeLessThan(3_000);
  });

  it('one cell at row 1,048,576 (a file of about 1.6 KB): the row limit, at once', async () => {
    const file = xlsxOf(sheetXml([headerRow, question(2), `<row r="1048576">${cell('A1048576', 'x')}</row>`]));
    expect(file.length).toBeLessThan(2_000);
    const { res, ms } = await tryImport(file);
    expectRefused(res, OFFICE_FILE_MSG.tooManyRows(1_048_576, BANK_IMPORT_MAX_ROWS, 'questions'));
    expect(ms).toBeLessThan(3_000);
  });

  it('a dimension that reaches past the limits is refused even when the rows do not', async () => {
    const file = xlsxOf(sheetXml([headerRow, question(2)], 'A1:Q1048576'));
    expectRefused((await tryImport(file)).res, OFFICE_FILE_MSG.tooManyRows(1_048_576, BANK_IMPORT_MAX_ROWS, 'questions'));
  });

  it('rows and cells without a reference are counted where a spreadsheet places them', async () => {
    const wide = `<row>${'<c t="inlineStr"><is><t>x</t></is></c>'.repeat(OFFICE_FILE_LIMITS.maxColumns + 1)}</row>`;
    expectRefused((await tryImport(xlsxOf(sheetXml([headerRow, wide])))).res, OFFICE_FILE_MSG.tooManyColumns('AY', 51));
    const tall = [
      headerRow,
      ...Array.from({ length: BANK_IMPORT_MAX_ROWS + 1 }, () => '<row><c t="inlineStr"><is><t>x</t></is></c></row>'),
    ];
    expectRefused(
      (await tryImport(xlsxOf(sheetXml(tall)))).res,
      OFFICE_FILE_MSG.tooManyRows(BANK_IMPORT_MAX_ROWS + 2, BANK_IMPORT_MAX_ROWS, 'questions'),
    );
  });

  it('the largest file within the limits is still read', async () => {
    const rows = [headerRow];
    for (let n = 2; n <= BANK_IMPORT_MAX_ROWS + 1; n++) rows.push(question(n));
    const res = (await tryImport(xlsxOf(sheetXml(rows, `A1:I${BANK_IMPORT_MAX_ROWS + 1}`)))).res;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows).toHaveLength(BANK_IMPORT_MAX_ROWS);
  });

  it('a zip bomb (about 600 KB that unpack to 600 MB) is refused by its declared sizes; the memory stays', async () => {
    const bomb = await zipBomb(['xl/worksheets/sheet1.xml', 'xl/sharedStrings.xml'], 300);
    expect(bomb.length).toBeLessThan(700_000);
    // Each part alone: a file of about 300 KB.
    expect((await zipBomb(['xl/worksheets/sheet1.xml'], 300)).length).toBeLessThan(350_000);
    const before = process.memoryUsage();
    const { res, ms } = await tryImport(bomb);
    const after = process.memoryUsage();
    expectRefused(res, OFFICE_FILE_MSG.tooLargeUnpacked(600 * 1024 * 1024));
    expect(ms).toBeLessThan(3_000);
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(50 * 1024 * 1024);
    expect(after.rss - before.rss).toBeLessThan(100 * 1024 * 1024);
  });

  it('one part larger than a part may be is refused by its size', async () => {
    const bomb = await zipBomb(['xl/sharedStrings.xml'], 60, { 'xl/worksheets/sheet1.xml': sheetXml([headerRow, question(2)]) });
    expectRefused((await tryImport(bomb)).res, OFFICE_FILE_MSG.tooLargeEntry('xl/sharedStrings.xml', 60 * 1024 * 1024));
  });

  it('one part packed too tightly is refused by its ratio', async () => {
    const bomb = await zipBomb(['xl/sharedStrings.xml'], 20, { 'xl/worksheets/sheet1.xml': sheetXml([headerRow, question(2)]) });
    const message = OFFICE_FILE_MSG.packedTooTightly('xl/sharedStrings.xml', OFFICE_FILE_LIMITS.maxRatio);
    expectRefused((await tryImport(bomb)).res, message);
  });

  it('a bomb that declares small sizes is refused when a part unpacks past what it declares', async () => {
    const liar = withDeclaredSizes(await zipBomb(['xl/worksheets/sheet1.xml'], 200), 1_000);
    const before = process.memoryUsage();
    const { res, ms } = await tryImport(liar);
    expectRefused(res, OFFICE_FILE_MSG.sizesDoNotMatch);
    expect(ms).toBeLessThan(5_000);
    expect(process.memoryUsage().rss - before.rss).toBeLessThan(150 * 1024 * 1024);
  });

  it('a Word bomb is refused the same way, and a Word file within the limits is still read', async () => {
    const bomb = await zipBomb(['word/document.xml'], 300);
    expectRefused((await tryImport(bomb, 'questions.docx')).res, OFFICE_FILE_MSG.tooLargeUnpacked(300 * 1024 * 1024));
    const liar = withDeclaredSizes(await zipBomb(['word/document.xml'], 100), 5_000);
    expectRefused((await tryImport(liar, 'questions.docx')).res, OFFICE_FILE_MSG.sizesDoNotMatch);
    const fine = docxOf(['Section: Legal Reasoning', '1. Is a promise an offer?', '(a) Yes', '(b) No', 'Answer: (b)']);
    const res = (await tryImport(fine, 'questions.docx')).res;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: 1, errors: 0 });
  });

  it('a CSV with more rows than the limit is refused', async () => {
    const lines = [BANK_COLUMNS.join(',')];
    for (let n = 0; n <= BANK_IMPORT_MAX_ROWS; n++) lines.push(`Legal Reasoning,,,Question ${n}?,Yes,No,,,A`);
    expectRefused((await tryImport(Buffer.from(lines.join('\n')), 'questions.csv')).res, `A file can have at most 2,000 questions`);
  });
});

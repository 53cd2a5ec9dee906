import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_FILE_MSG } from '@app/common/schemas/import-files';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, IMPORT_MSG } from '@app/common/schemas/users';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { cell, row, sheetXml, withDeclaredSizes, xlsxOf, zipBomb } from '../../../test/office-files.ts';

// The student import holds a workbook to the same limits as the question bank (lib/spreadsheet.ts),
// with its own row limit: the reproductions of the attack are refused before the workbook is parsed.

const headerRow = row(1, [...IMPORT_COLUMNS]);
const student = (n: number) => row(n, [`Student ${n}`, `s${n}@example.com`, '9830011111', 'CLAT Preparation', 'dumdum', '']);

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor('admin@test.local', 'Admin-Password-1');
  // The worker thread starts (and, from the sources, compiles) at the first import: not timed below.
  expect((await upload(xlsxOf(sheetXml([headerRow, student(2)])), 'warm-up.xlsx')).statusCode).toBe(200);
}, 60_000);
afterAll(() => t?.close());

function upload(file: Buffer, filename: string) {
  const boundary = '----import-limits-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return t.inject({
    method: 'POST',
    url: '/api/users/import?dryRun=true',
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function expectRefused(file: Buffer, message: string, name = 'students.xlsx') {
  const started = performance.now();
  const res = await upload(file, name);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ message, code: 'BAD_REQUEST', fields: { file: message } });
  expect(performance.now() - started).toBeLessThan(3_000);
}

describe('heavy student workbooks are refused before they are read', () => {
  it('6,000 rows each with a cell at column XFD', async () => {
    const rows = [headerRow];
    for (let n = 2; n <= 6_001; n++) rows.push(`<row r="${n}">${cell(`A${n}`, `Student ${n}`)}${cell(`XFD${n}`, n)}</row>`);
    await expectRefused(xlsxOf(sheetXml(rows)), OFFICE_FILE_MSG.tooManyColumns('XFD', 16_384));
  });

  it('one cell at row 1,048,576, and rows past the import limit', async () => {
    await expectRefused(
      xlsxOf(sheetXml([headerRow, student(2), `<row r="1048576">${cell('A1048576', 'x')}</row>`])),
      OFFICE_FILE_MSG.tooManyRows(1_048_576, IMPORT_MAX_ROWS, 'students'),
    );
    await expectRefused(
      xlsxOf(sheetXml([headerRow, student(IMPORT_MAX_ROWS + 2)])),
      OFFICE_FILE_MSG.tooManyRows(IMPORT_MAX_ROWS + 2, IMPORT_MAX_ROWS, 'students'),
    );
  });

  it('a zip bomb, and one that declares small sizes', async () => {
    await expectRefused(await zipBomb(['xl/worksheets/sheet1.xml'], 300), OFFICE_FILE_MSG.tooLargeUnpacked(300 * 1024 * 1024));
    await expectRefused(withDeclaredSizes(await zipBomb(['xl/worksheets/sheet1.xml'], 100), 2_000), OFFICE_FILE_MSG.sizesDoNotMatch);
  });

  it('a CSV of more rows than the import takes is refused without reading it all', async () => {
    const lines = [IMPORT_COLUMNS.join(',')];
    for (let n = 0; n < 3 * IMPORT_MAX_ROWS; n++) lines.push(`Student ${n},s${n}@example.com,9830011111,CLAT Preparation,dumdum,,`);
    await expectRefused(Buffer.from(lines.join('\n')), IMPORT_MSG.tooMany, 'students.csv');
  });
});

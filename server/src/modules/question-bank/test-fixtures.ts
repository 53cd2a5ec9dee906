import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { BANK_COLUMNS } from '@app/common/schemas/question-bank';
import { ADMIN, type TestApp } from '../../../test/helpers.ts';

// Shared set-up for the question bank tests (not a test file itself).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** A sample file the web app offers for download (web/public/samples). */
export const sample = (name: string) => fs.readFileSync(path.join(root, 'web/public/samples', name));

/** POST /api/question-bank/import as the admin, the file in the multipart field `field`. */
export async function upload(t: TestApp, file: Buffer, filename: string, dryRun: boolean, field = 'file') {
  const token = await t.tokenFor(ADMIN.email, ADMIN.password);
  const boundary = '----bank-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return t.inject({
    method: 'POST',
    url: `/api/question-bank/import${dryRun ? '?dryRun=true' : ''}`,
    payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

export type Row = Partial<Record<(typeof BANK_COLUMNS)[number] | 'exam' | 'tags', string | number>>;
export const header = BANK_COLUMNS.join(',');
const csvCell = (v: string | number | undefined) => {
  const s = v === undefined ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
export const csv = (rows: Row[], head = header) =>
  Buffer.from(
    [
      head,
      ...rows.map((r) =>
        head
          .split(',')
          .map((c) => csvCell(r[c as keyof Row]))
          .join(','),
      ),
    ].join('\r\n'),
  );

let seq = 0;
/** A valid MCQ row whose question no other row of the test file repeats. */
export const mcqRow = (extra: Row = {}): Row => {
  seq++;
  return {
    section: 'Legal Reasoning',
    question: `Unique question number ${seq} about torts?`,
    option_a: 'Yes',
    option_b: 'No',
    option_c: 'Maybe',
    option_d: 'Never',
    answer: 'B',
    topic: 'Torts',
    difficulty: 2,
    source: 'Mock 1',
    ...extra,
  };
};

export async function xlsx(rows: (string | number | ExcelJS.CellFormulaValue | null)[][], head: string[] = [...BANK_COLUMNS]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Questions');
  sheet.addRow(head);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** GET /api/question-bank/questions as the admin. */
export const list = async (t: TestApp, query = '') => {
  const res = await t.admin.get(`/api/question-bank/questions${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_COLUMNS, BANK_MESSAGES } from '@app/common/schemas/question-bank';
import { ADMIN, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { csv, header, list, mcqRow, upload, xlsx } from './test-fixtures.ts';

// Import from CSV: the templates, the row judgement of a dry run, and files refused whole.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor(ADMIN.email, ADMIN.password);
});
afterAll(() => t?.close());

describe('templates', () => {
  it('downloads the CSV and the workbook with the template columns', async () => {
    const c = await t.admin.get('/api/question-bank/template.csv');
    expect(c.statusCode).toBe(200);
    expect(c.headers['content-type']).toContain('text/csv');
    expect(c.body.trim()).toBe(header);
    const x = await t.inject({ method: 'GET', url: '/api/question-bank/template.xlsx', headers: { authorization: `Bearer ${token}` } });
    expect(x.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect((book.worksheets[0].getRow(1).values as string[]).slice(1)).toEqual([...BANK_COLUMNS]);
  });

  it('are for admins only', async () => {
    expect((await t.visitor.get('/api/question-bank/template.csv')).statusCode).toBe(401);
    const s = await t.createStudent();
    expect((await s.client.get('/api/question-bank/template.xlsx')).statusCode).toBe(403);
    expect((await s.client.get('/api/question-bank/questions')).statusCode).toBe(403);
  });
});

describe('import from CSV', () => {
  it('a dry run marks each row ok, error (naming the column) or duplicate, and saves nothing', async () => {
    const dupe = mcqRow();
    const rows = [
      mcqRow(),
      mcqRow({ answer: 'E' }),
      mcqRow({ option_b: '', option_c: '', option_d: '' }),
      mcqRow({ question: '' }),
      dupe,
      { ...dupe, question: `  ${String(dupe.question).toUpperCase()}!! ` },
      mcqRow({ difficulty: 7 }),
      mcqRow({ marks: 'many' }),
      mcqRow({ negative: -1 }),
      mcqRow({ answer: 'd', option_d: '' }),
      mcqRow({ passage_ref: 'X9' }),
    ];
    const before = (await list(t)).total;
    const res = await upload(t, csv(rows), 'questions.csv', true);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.rows.map((r: { status: string }) => r.status)).toEqual([
      'ok',
      'error',
      'error',
      'error',
      'ok',
      'duplicate',
      'error',
      'error',
      'error',
      'error',
      'error',
    ]);
    expect(body).toMatchObject({ ok: 2, errors: 8, duplicates: 1 });
    expect(body.rows[0]).toEqual({ row: 2, status: 'ok', message: BANK_MESSAGES.ready });
    expect(body.rows[1].message).toMatch(/^answer: /);
    expect(body.rows[2].message).toMatch(/option_a-option_d: at least two options/);
    expect(body.rows[3].message).toMatch(/^question: /);
    expect(body.rows[5].message).toBe(BANK_MESSAGES.duplicateInFile(6));
    expect(body.rows[6].message).toMatch(/^difficulty: /);
    expect(body.rows[7].message).toMatch(/^marks: /);
    expect(body.rows[8].message).toMatch(/^negative: /);
    expect(body.rows[9].message).toBe('answer: option_d is blank');
    expect(body.rows[10].message).toMatch(/^passage_text: /);
    expect((await list(t)).total).toBe(before);

    // The real import saves exactly the rows the dry run marked ok.
    const real = await upload(t, csv(rows), 'questions.csv', false);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toEqual({ imported: 2, skipped: 9 });
    expect((await list(t)).total).toBe(before + 2);
    // Now the same file's ok rows are duplicates of the bank.
    const again = (await upload(t, csv(rows), 'questions.csv', true)).json();
    expect(again.rows[0]).toMatchObject({ status: 'duplicate', message: BANK_MESSAGES.duplicateInBank });
    expect(again.ok).toBe(0);
  });

  it('keeps the fields: options, answer as an index, marks, penalty, passage shared by passage_ref', async () => {
    const text = 'The Indian Contract Act, 1872 defines a contract as an agreement enforceable by law.';
    const other = 'An offer must be communicated to the offeree before it can be accepted.';
    const rows = [
      mcqRow({
        section: 'Contracts',
        passage_ref: 'C1',
        passage_text: text,
        answer: 'c',
        marks: 2,
        negative: 0.5,
        explanation: 'Section 2(h)',
      }),
      mcqRow({ section: 'Contracts', passage_ref: 'C1', answer: '(A)' }),
      mcqRow({ section: 'Contracts', option_b: '', answer: 'C', exam: 'LL.B.', tags: 'contract, basics' }),
      mcqRow({ section: 'Contracts', passage_ref: 'C2', passage_text: other }),
    ];
    const res = await upload(t, csv(rows, `${header},exam,tags`), 'contracts.csv', false);
    expect(res.json()).toEqual({ imported: 4, skipped: 0 });
    const { items } = await list(t, '?section=contracts&limit=10');
    expect(items).toHaveLength(4);
    const byQ = new Map(items.map((i: { question: string }) => [i.question, i]));
    const first = byQ.get(rows[0].question as string) as Record<string, unknown> & { passage: { _id: string; body: string } };
    const second = byQ.get(rows[1].question as string) as typeof first;
    const third = byQ.get(rows[2].question as string) as typeof first;
    expect(first).toMatchObject({
      options: ['Yes', 'No', 'Maybe', 'Never'],
      correctAnswer: 2,
      marks: 2,
      negativeMarks: 0.5,
      explanation: 'Section 2(h)',
    });
    expect(first.passage.body).toBe(text);
    expect(second.passage._id).toBe(first.passage._id);
    const fourth = byQ.get(rows[3].question as string) as typeof first;
    expect(fourth.passage.body).toBe(other);
    expect(fourth.passage._id).not.toBe(first.passage._id);
    expect(second).toMatchObject({ correctAnswer: 0, marks: 1, negativeMarks: null });
    expect(third).toMatchObject({
      options: ['Yes', 'Maybe', 'Never'],
      correctAnswer: 1,
      passage: null,
      exam: 'LLB',
      tags: ['contract', 'basics'],
    });
  });
});

describe('file faults: 400 naming the file, nothing imported', () => {
  it.each([
    ['a wrong type', Buffer.from('hello'), 'questions.pdf', BANK_MESSAGES.badType],
    ['an unreadable workbook', Buffer.from('not a zip at all'), 'questions.xlsx', BANK_MESSAGES.unreadable],
    ['an unreadable Word file', Buffer.from('PK\u0003\u0004garbage'), 'questions.docx', BANK_MESSAGES.unreadable],
    [
      'a CSV without the columns',
      Buffer.from('name,email\nA,b@c.d'),
      'people.csv',
      BANK_MESSAGES.missingColumns(['question', 'option_a', 'option_b', 'answer']),
    ],
    ['an empty CSV', Buffer.from(`${header}\r\n`), 'empty.csv', BANK_MESSAGES.empty],
  ])('%s', async (_name, data, filename, message) => {
    const before = (await list(t)).total;
    const res = await upload(t, data, filename, false);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message, fields: { file: message } });
    expect((await list(t)).total).toBe(before);
  });

  it('a workbook without the template columns', async () => {
    const res = await upload(t, await xlsx([['x', 'y']], ['name', 'email']), 'people.xlsx', true);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not the question template/);
  });

  it('a file over 10 MB', async () => {
    const big = Buffer.concat([Buffer.from(`${header}\r\n`), Buffer.alloc(10 * 1024 * 1024 + 10, 'a')]);
    const res = await upload(t, big, 'big.csv', false);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BANK_MESSAGES.tooLarge);
  });

  it('no file, or another field', async () => {
    const res = await upload(t, csv([mcqRow()]), 'q.csv', true, 'upload');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BANK_MESSAGES.noFile);
    const json = await t.admin.post('/api/question-bank/import', {});
    expect(json.statusCode).toBe(400);
  });
});

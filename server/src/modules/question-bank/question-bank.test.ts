import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_COLUMNS, BANK_MESSAGES } from '@app/common/schemas/question-bank';
import { ADMIN, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { bankQuestions, questions } from '../../db/schema.ts';
import { createCourse } from '../exams/test-fixtures.ts';
import type { FileRow } from './parse.ts';
import { checkRows } from './validate.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const sample = (name: string) => fs.readFileSync(path.join(root, 'web/public/samples', name));

let t: TestApp;
let token: string;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor(ADMIN.email, ADMIN.password);
  courseId = await createCourse(t);
});
afterAll(() => t?.close());

function upload(file: Buffer, filename: string, dryRun: boolean, field = 'file') {
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

type Row = Partial<Record<(typeof BANK_COLUMNS)[number] | 'exam' | 'tags', string | number>>;
const header = BANK_COLUMNS.join(',');
const csvCell = (v: string | number | undefined) => {
  const s = v === undefined ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csv = (rows: Row[], head = header) =>
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
const mcqRow = (extra: Row = {}): Row => {
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

async function xlsx(rows: (string | number | ExcelJS.CellFormulaValue | null)[][], head: string[] = [...BANK_COLUMNS]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Questions');
  sheet.addRow(head);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const list = async (query = '') => {
  const res = await t.admin.get(`/api/question-bank/questions${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

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
    const before = (await list()).total;
    const res = await upload(csv(rows), 'questions.csv', true);
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
    expect((await list()).total).toBe(before);

    // The real import saves exactly the rows the dry run marked ok.
    const real = await upload(csv(rows), 'questions.csv', false);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toEqual({ imported: 2, skipped: 9 });
    expect((await list()).total).toBe(before + 2);
    // Now the same file's ok rows are duplicates of the bank.
    const again = (await upload(csv(rows), 'questions.csv', true)).json();
    expect(again.rows[0]).toMatchObject({ status: 'duplicate', message: BANK_MESSAGES.duplicateInBank });
    expect(again.ok).toBe(0);
  });

  it('keeps the fields: options, answer as an index, marks, penalty, passage shared by passage_ref', async () => {
    const text = 'The Indian Contract Act, 1872 defines a contract as an agreement enforceable by law.';
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
    ];
    const res = await upload(csv(rows, `${header},exam,tags`), 'contracts.csv', false);
    expect(res.json()).toEqual({ imported: 3, skipped: 0 });
    const { items } = await list('?section=contracts&limit=10');
    expect(items).toHaveLength(3);
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
    const before = (await list()).total;
    const res = await upload(data, filename, false);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message, fields: { file: message } });
    expect((await list()).total).toBe(before);
  });

  it('a workbook without the template columns', async () => {
    const res = await upload(await xlsx([['x', 'y']], ['name', 'email']), 'people.xlsx', true);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not the question template/);
  });

  it('a file over 10 MB', async () => {
    const big = Buffer.concat([Buffer.from(`${header}\r\n`), Buffer.alloc(10 * 1024 * 1024 + 10, 'a')]);
    const res = await upload(big, 'big.csv', false);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BANK_MESSAGES.tooLarge);
  });

  it('no file, or another field', async () => {
    const res = await upload(csv([mcqRow()]), 'q.csv', true, 'upload');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BANK_MESSAGES.noFile);
    const json = await t.admin.post('/api/question-bank/import', {});
    expect(json.statusCode).toBe(400);
  });
});

describe('import from a workbook', () => {
  it('reads the sample workbook cleanly and never evaluates a formula', async () => {
    const dry = (await upload(sample('question-bank-sample.xlsx'), 'question-bank-sample.xlsx', true)).json();
    expect(dry.errors).toBe(0);
    expect(dry.ok).toBe(8);

    const formula = { formula: '1+1', result: 2 } as ExcelJS.CellFormulaValue;
    const noResult = { formula: 'SUM(A1:A2)' } as ExcelJS.CellFormulaValue;
    const file = await xlsx([
      [
        'Quantitative Techniques',
        null,
        null,
        'What is one plus one, typed as a formula?',
        formula,
        '3',
        '4',
        noResult,
        'A',
        null,
        null,
        null,
        'Arithmetic',
        1,
        null,
      ],
    ]);
    const res = await upload(file, 'f.xlsx', false);
    expect(res.json()).toEqual({ imported: 1, skipped: 0 });
    // Text the database cannot store (which a parser might still hand over) is a row error, never a 500.
    const cells = Object.fromEntries([...BANK_COLUMNS, 'exam', 'tags'].map((c) => [c, ''])) as FileRow['cells'];
    const [checked] = checkRows([{ row: 2, cells: { ...cells, question: 'Bad \uD800 text?', option_a: 'a', option_b: 'b', answer: 'A' } }]);
    expect(checked.errors).toEqual(['question: text contains characters that cannot be stored']);
    const { items } = await list('?q=typed%20as%20a%20formula');
    expect(items[0].options).toEqual(['2', '3', '4', '=SUM(A1:A2)']);
  });
});

describe('import from Word', () => {
  it('reads the sample document: passages, numbered questions, options, answers and explanations', async () => {
    const dry = (await upload(sample('question-bank-sample.docx'), 'question-bank-sample.docx', true)).json();
    expect(dry).toMatchObject({ ok: 4, errors: 0, duplicates: 0 });
    expect((await upload(sample('question-bank-sample.docx'), 'question-bank-sample.docx', false)).json()).toEqual({
      imported: 4,
      skipped: 0,
    });
    const { items } = await list('?topic=Contract:%20Offer%20and%20acceptance');
    expect(items).toHaveLength(2);
    expect(items[0].passage.body).toMatch(/^An offer is a proposal/);
    expect(items[0].passage._id).toBe(items[1].passage._id);
    const child = (await list('?q=child%20under')).items[0];
    expect(child).toMatchObject({ correctAnswer: 1, negativeMarks: 0.25, section: 'Legal Reasoning', difficulty: 3, passage: null });
    expect(child.explanation).toMatch(/^Section 20/);
  });

  it('marks a question of a Word file without its answer or options as an error', async () => {
    const doc = new Document({
      sections: [
        {
          children: [
            'Section: English Language',
            '1. A Word question with no answer line at all?',
            '(a) One',
            '(b) Two',
            '2. A Word question with one option only?',
            '(a) Alone',
            'Answer: a',
          ].map((text) => new Paragraph({ children: [new TextRun(text)] })),
        },
      ],
    });
    const res = await upload(await Packer.toBuffer(doc), 'bad.docx', true);
    const body = res.json();
    expect(body.rows[0]).toMatchObject({ row: 1, status: 'error' });
    expect(body.rows[0].message).toMatch(/^answer: /);
    expect(body.rows[1].message).toMatch(/option_a-option_d/);
  });
});

describe('the list', () => {
  it('filters by topic, section, difficulty, text and pages', async () => {
    const all = await list('?limit=2&page=1');
    expect(all.items).toHaveLength(2);
    expect(all.totalPages).toBe(Math.ceil(all.total / 2));
    const hard = await list('?difficulty=3&limit=100');
    expect(hard.items.length).toBeGreaterThan(0);
    expect(hard.items.every((i: { difficulty: number }) => i.difficulty === 3)).toBe(true);
    const torts = await list('?topic=torts&limit=100');
    expect(torts.items.every((i: { topic: string }) => i.topic === 'Torts')).toBe(true);
    const q = await list('?q=OATH%20of');
    expect(q.items.map((i: { question: string }) => i.question)).toEqual(['Who administers the oath of office to the President of India?']);
    // The text of a passage is searched too.
    expect((await list('?q=invitation%20to%20offer')).total).toBe(2);
    expect((await t.admin.get('/api/question-bank/questions?difficulty=9')).statusCode).toBe(400);
    expect(all.sections).toContain('Legal Reasoning');
  });
});

const single = {
  exam: 'CLAT',
  section: 'Versioned',
  topic: 'Torts',
  difficulty: 2,
  source: 'Mock 9',
  tags: ['negligence'],
  question: 'Which of these is an essential of negligence?',
  options: ['Duty of care', 'Intention', 'Motive', 'Malice'],
  correctAnswer: 0,
  marks: 1,
};

describe('single items and versions', () => {
  it('creates, edits, deletes; bad input is a 400 naming the field', async () => {
    const bad = await t.admin.post('/api/question-bank/questions', { ...single, options: ['Only one'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.options).toBeDefined();
    const badAnswer = await t.admin.post('/api/question-bank/questions', { ...single, correctAnswer: 7 });
    expect(badAnswer.statusCode).toBe(400);
    expect(badAnswer.json().fields.correctAnswer).toBeDefined();
    expect((await t.admin.post('/api/question-bank/questions', { ...single, difficulty: 0 })).statusCode).toBe(400);

    const res = await t.admin.post('/api/question-bank/questions', { ...single, question: 'A throwaway question?' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json()._id;
    const patched = await t.admin.patch(`/api/question-bank/questions/${id}`, { topic: 'Contracts', correctAnswer: 3 });
    expect(patched.json()).toMatchObject({ topic: 'Contracts', correctAnswer: 3, version: 1 });
    expect((await t.admin.patch(`/api/question-bank/questions/${id}`, { correctAnswer: 9 })).statusCode).toBe(400);
    expect((await t.admin.delete(`/api/question-bank/questions/${id}`)).statusCode).toBe(200);
    expect((await t.admin.get(`/api/question-bank/questions/${id}`)).statusCode).toBe(404);
    expect((await t.admin.delete(`/api/question-bank/questions/${id}`)).statusCode).toBe(404);
  });

  it('an edit after a submitted exam used the question is a new version; the exam keeps its copy; usage counts', async () => {
    const q = (await t.admin.post('/api/question-bank/questions', single)).json();
    const exam = (
      await t.admin.post('/api/exams', {
        title: 'From the bank',
        description: 'd',
        course: courseId,
        duration: 10,
        totalMarks: 1,
        passingMarks: 0,
        sections: [{ title: 'Versioned', questions: [{ bankQuestionId: q._id }] }],
      })
    ).json();
    expect(exam.questions[0]).toMatchObject({ question: single.question, correctAnswer: 0 });

    // Before any submission an edit rewrites version 1.
    await t.admin.patch(`/api/question-bank/questions/${q._id}`, { explanation: 'Duty, breach, damage' });
    expect((await t.admin.get(`/api/question-bank/questions/${q._id}`)).json().version).toBe(1);

    const s = await t.createStudent();
    await s.client.post(`/api/exams/${exam._id}/attempt`);
    const sub = await s.client.post('/api/submissions', { examId: exam._id, answers: { [exam.questions[0]._id]: 0 } });
    expect(sub.statusCode, sub.body).toBe(201);

    const used = (await t.admin.get(`/api/question-bank/questions/${q._id}`)).json();
    expect(used).toMatchObject({ timesUsed: 1, candidates: 1, correctShare: 100 });

    const edited = (
      await t.admin.patch(`/api/question-bank/questions/${q._id}`, { question: 'Which is NOT needed for negligence?', correctAnswer: 1 })
    ).json();
    expect(edited.version).toBe(2);
    const versions = (await t.admin.get(`/api/question-bank/questions/${q._id}/versions`)).json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    expect(versions[0]).toMatchObject({ question: single.question, correctAnswer: 0, explanation: 'Duty, breach, damage' });
    expect(versions[1]).toMatchObject({ question: 'Which is NOT needed for negligence?', correctAnswer: 1 });
    // The exam's copy never changes.
    const after = (await t.admin.get(`/api/exams/${exam._id}`)).json();
    expect(after.questions[0]).toMatchObject({ question: single.question, correctAnswer: 0 });
    const [copy] = await t.ctx.db.select().from(questions).where(eq(questions.examId, exam._id));
    expect(copy).toMatchObject({ bankQuestionId: q._id, bankVersion: 1 });
    // A tag-only edit is no new version.
    expect((await t.admin.patch(`/api/question-bank/questions/${q._id}`, { tags: ['x'] })).json().version).toBe(2);
  });
});

describe('papers from the bank', () => {
  const base = { description: 'd', course: '', duration: 30, passingMarks: null, resultMode: 'rank' };
  let drawable: string[] = [];
  beforeAll(async () => {
    const rows = Array.from({ length: 6 }, (_, i) =>
      mcqRow({ section: 'Draw Section', topic: i < 4 ? 'Evidence' : 'CPC', difficulty: i < 2 ? 4 : 1, marks: 2 }),
    );
    rows.push(
      mcqRow({
        section: 'Draw Section',
        topic: 'Evidence',
        difficulty: 4,
        passage_ref: 'E',
        passage_text: 'A passage on hearsay.',
        marks: 2,
      }),
    );
    expect((await upload(csv(rows), 'draw.csv', false)).json().imported).toBe(7);
    drawable = (await list('?section=Draw%20Section&limit=100')).items.map((i: { _id: string }) => i._id);
    base.course = courseId;
  });

  it('takes references in passages and sections, and draws by topic and difficulty', async () => {
    const items = (await list('?section=Draw%20Section&limit=100')).items as {
      _id: string;
      topic: string;
      difficulty: number;
      passage: unknown;
      marks: number;
    }[];
    const standalone = items.filter((i) => !i.passage);
    const onPassage = items.find((i) => i.passage) as (typeof items)[number];
    const cpc = standalone.filter((i) => i.topic === 'CPC');
    const res = await t.admin.post('/api/exams', {
      ...base,
      title: 'Bank paper',
      totalMarks: 10,
      negativeMarks: 0.25,
      sections: [
        {
          title: 'Own',
          passages: [{ body: 'My own passage', questions: [{ bankQuestionId: cpc[0]._id }] }],
          questions: [
            { bankQuestionId: onPassage._id },
            { type: 'mcq', question: 'Typed here?', options: ['a', 'b'], correctAnswer: 0, marks: 2 },
          ],
        },
        { title: 'Draw Section', draw: { count: 2, topic: 'evidence', difficulty: 1 } },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const exam = res.json();
    expect(exam.totalQuestions).toBe(5);
    const [own, drawn] = exam.sections;
    expect(own.passages.map((p: { body: string }) => p.body)).toEqual(['My own passage', 'A passage on hearsay.']);
    const drawnQs = exam.questions.filter((q: { section: string }) => q.section === drawn._id);
    expect(drawnQs).toHaveLength(2);
    const rows = await t.ctx.db.select().from(questions).where(eq(questions.examId, exam._id));
    const links = rows.filter((r) => r.bankQuestionId).map((r) => r.bankQuestionId as string);
    expect(links).toHaveLength(4);
    const bank = await t.ctx.db.select().from(bankQuestions);
    for (const id of links.slice(-2)) {
      const b = bank.find((x) => x.id === id);
      if (links.indexOf(id) >= 2) expect(b).toBeDefined();
    }
    const drawnRows = rows.filter((r) => r.sectionId === drawn._id);
    for (const r of drawnRows) {
      const b = bank.find((x) => x.id === r.bankQuestionId);
      expect(b).toMatchObject({ topic: 'Evidence', difficulty: 1, section: 'Draw Section' });
    }
  });

  it('refuses a short draw, an unknown or repeated reference, and a total that does not add up', async () => {
    const short = await t.admin.post('/api/exams', {
      ...base,
      title: 'x',
      totalMarks: 2,
      sections: [{ title: 'Draw Section', draw: { count: 50 } }],
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/Section "Draw Section": the bank has \d+ matching questions, 50 wanted/);
    const unknown = await t.admin.post('/api/exams', {
      ...base,
      title: 'x',
      totalMarks: 2,
      sections: [{ title: 'S', questions: [{ bankQuestionId: '00000000-0000-4000-8000-000000000000' }] }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(BANK_MESSAGES.bankRefNotFound);
    const twice = await t.admin.post('/api/exams', {
      ...base,
      title: 'x',
      totalMarks: 4,
      sections: [{ title: 'S', questions: [{ bankQuestionId: drawable[0] }, { bankQuestionId: drawable[0] }] }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(BANK_MESSAGES.bankRefTwice);
    const sum = await t.admin.post('/api/exams', {
      ...base,
      title: 'x',
      totalMarks: 3,
      sections: [{ title: 'Draw Section', draw: { count: 1, topic: 'CPC' } }],
    });
    expect(sum.statusCode).toBe(400);
    expect(sum.json().message).toBe('Total marks (3) must equal the sum of the question marks (2)');
    const badDraw = await t.admin.post('/api/exams', {
      ...base,
      title: 'x',
      totalMarks: 3,
      sections: [{ title: 'S', draw: { count: 0 } }],
    });
    expect(badDraw.statusCode).toBe(400);
  });

  it('the builder draw answers a random pick without saving anything', async () => {
    const res = await t.admin.post('/api/question-bank/draw', { section: 'draw section', count: 3, exclude: [drawable[0]] });
    expect(res.statusCode, res.body).toBe(200);
    const picked = res.json() as { _id: string }[];
    expect(picked).toHaveLength(3);
    expect(picked.map((p) => p._id)).not.toContain(drawable[0]);
    expect((await t.admin.post('/api/question-bank/draw', { section: 'draw section', count: 99 })).statusCode).toBe(400);
  });
});

describe('export and round trip', () => {
  it('an exported exam imports back unchanged', async () => {
    const paper = {
      title: 'Round trip mock',
      description: 'd',
      course: courseId,
      duration: 30,
      totalMarks: 7,
      passingMarks: null,
      resultMode: 'rank',
      negativeMarks: 0.25,
      sections: [
        {
          title: 'Round English',
          passages: [
            {
              body: 'The round-trip passage.\n\nIt has two paragraphs.',
              questions: [
                {
                  question: 'Round trip question one?',
                  options: ['p', 'q', 'r', 's'],
                  correctAnswer: 3,
                  marks: 2,
                  explanation: 'Because s',
                },
                { question: 'Round trip question two?', options: ['p', 'q'], correctAnswer: 1, marks: 1, negativeMarks: 0.5 },
              ],
            },
          ],
          questions: [{ question: '=Starts like a formula but is text', options: ['1', '2', '3'], correctAnswer: 2, marks: 1 }],
        },
        { title: 'Round Maths', questions: [{ question: 'Round trip sum 2+2?', options: ['3', '4'], correctAnswer: 1, marks: 3 }] },
      ],
    };
    const created = await t.admin.post('/api/exams', paper);
    expect(created.statusCode, created.body).toBe(201);
    const exam = created.json();
    const res = await t.inject({ method: 'GET', url: `/api/exams/${exam._id}/export.xlsx`, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Round-trip-mock.xlsx');
    expect((await t.visitor.get(`/api/exams/${exam._id}/export.xlsx`)).statusCode).toBe(401);
    expect((await t.admin.get('/api/exams/00000000-0000-4000-8000-000000000000/export.xlsx')).statusCode).toBe(404);

    const dry = (await upload(res.rawPayload, 'export.xlsx', true)).json();
    expect(dry).toMatchObject({ ok: 4, errors: 0, duplicates: 0 });
    expect((await upload(res.rawPayload, 'export.xlsx', false)).json()).toEqual({ imported: 4, skipped: 0 });

    // A paper made from the imported questions is the same paper.
    const english = (await list('?section=Round%20English&limit=10')).items as { _id: string; question: string; passage: unknown }[];
    const maths = (await list('?section=Round%20Maths&limit=10')).items as { _id: string }[];
    const byText = (s: string) => english.find((i) => i.question === s)?._id as string;
    const again = await t.admin.post('/api/exams', {
      ...paper,
      title: 'Round trip again',
      sections: [
        {
          title: 'Round English',
          questions: [
            { bankQuestionId: byText('Round trip question one?') },
            { bankQuestionId: byText('Round trip question two?') },
            { bankQuestionId: byText('=Starts like a formula but is text') },
          ],
        },
        { title: 'Round Maths', questions: [{ bankQuestionId: maths[0]._id }] },
      ],
    });
    expect(again.statusCode, again.body).toBe(201);
    const strip = (e: { sections: { title: string; passages: { body: string }[] }[]; questions: Record<string, unknown>[] }) => ({
      sections: e.sections.map((s) => ({ title: s.title, passages: s.passages.map((p) => p.body) })),
      questions: e.questions.map(({ _id, section, passage, ...q }) => ({ ...q, onPassage: passage !== null })),
    });
    expect(strip(again.json())).toEqual(strip(exam));
  });
});

describe('odd bank references', () => {
  it('a reference that is not text, or not an id, is a 400, never a 500', async () => {
    const body = (q: unknown) => ({
      title: 'x',
      description: 'd',
      course: courseId,
      duration: 10,
      totalMarks: 1,
      passingMarks: 0,
      sections: [{ title: 'S', questions: [q] }],
    });
    for (const q of [{ bankQuestionId: 42 }, { bankQuestionId: 'not-an-id' }, { bankQuestionId: null }]) {
      const res = await t.admin.post('/api/exams', body(q));
      expect(res.statusCode, `${JSON.stringify(q)} ${res.body}`).toBe(400);
    }
    const flat = await t.admin.post('/api/exams', { ...body(null), sections: undefined, questions: [{ bankQuestionId: 7 }] });
    expect(flat.statusCode).toBe(400);
  });
});

describe('unstorable text in a draw', () => {
  it('is refused by the validation before any query', async () => {
    const res = await t.admin.post('/api/exams', {
      title: 'x',
      description: 'd',
      course: courseId,
      duration: 10,
      totalMarks: 1,
      passingMarks: 0,
      sections: [{ title: 'S\u0000', draw: { count: 1, topic: 'T\u0000' } }],
    });
    expect(res.statusCode).toBe(400);
  });
});

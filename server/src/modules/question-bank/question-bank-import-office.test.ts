import { Document, Packer, Paragraph, TextRun } from 'docx';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_COLUMNS } from '@app/common/schemas/question-bank';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import type { FileRow } from './parse.ts';
import { list, sample, upload, xlsx } from './test-fixtures.ts';
import { checkRows } from './validate.ts';

// Import from Excel workbooks and Word documents, the sample files the web app offers included.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('import from a workbook', () => {
  it('reads the sample workbook cleanly and never evaluates a formula', async () => {
    const dry = (await upload(t, sample('question-bank-sample.xlsx'), 'question-bank-sample.xlsx', true)).json();
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
    const res = await upload(t, file, 'f.xlsx', false);
    expect(res.json()).toEqual({ imported: 1, skipped: 0 });
    // Text the database cannot store (which a parser might still hand over) is a row error, never a 500.
    const cells = Object.fromEntries([...BANK_COLUMNS, 'exam', 'tags'].map((c) => [c, ''])) as FileRow['cells'];
    const [checked] = checkRows([{ row: 2, cells: { ...cells, question: 'Bad \uD800 text?', option_a: 'a', option_b: 'b', answer: 'A' } }]);
    expect(checked.errors).toEqual(['question: text contains characters that cannot be stored']);
    const { items } = await list(t, '?q=typed%20as%20a%20formula');
    expect(items[0].options).toEqual(['2', '3', '4', '=SUM(A1:A2)']);
  });
});

describe('import from Word', () => {
  it('reads the sample document: passages, numbered questions, options, answers and explanations', async () => {
    const dry = (await upload(t, sample('question-bank-sample.docx'), 'question-bank-sample.docx', true)).json();
    expect(dry).toMatchObject({ ok: 4, errors: 0, duplicates: 0 });
    expect((await upload(t, sample('question-bank-sample.docx'), 'question-bank-sample.docx', false)).json()).toEqual({
      imported: 4,
      skipped: 0,
    });
    const { items } = await list(t, '?topic=Contract:%20Offer%20and%20acceptance');
    expect(items).toHaveLength(2);
    expect(items[0].passage.body).toMatch(/^An offer is a proposal/);
    expect(items[0].passage._id).toBe(items[1].passage._id);
    const child = (await list(t, '?q=child%20under')).items[0];
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
    const res = await upload(t, await Packer.toBuffer(doc), 'bad.docx', true);
    const body = res.json();
    expect(body.rows[0]).toMatchObject({ row: 1, status: 'error' });
    expect(body.rows[0].message).toMatch(/^answer: /);
    expect(body.rows[1].message).toMatch(/option_a-option_d/);
  });
});

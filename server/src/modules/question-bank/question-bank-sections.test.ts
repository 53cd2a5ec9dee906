import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { bankQuestions } from '../../db/schema.ts';
import { createCourse } from '../exams/test-fixtures.ts';
import { csv, list, mcqRow, upload } from './test-fixtures.ts';

// A section is one section however it is spelt (docs/product-question-bank.md): case, punctuation and
// spacing are ignored wherever the bank matches a section's name (the list's filter, a draw, a paper's
// draws, an import), so "Add from bank" on the CLAT preset's "Current Affairs, including General Knowledge"
// finds questions filed under "Current Affairs including General Knowledge".

const PRESET = 'Current Affairs, including General Knowledge';
let t: TestApp;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  courseId = await createCourse(t);
  // Three spellings already in a bank (an older sample file, hand-made rows).
  for (const section of [
    'Current Affairs including General Knowledge',
    'current affairs  including general-knowledge',
    'CURRENT AFFAIRS',
  ]) {
    const res = await t.admin.post('/api/question-bank/questions', {
      section,
      question: `Who is who in ${section}?`,
      options: ['A', 'B', 'C', 'D'],
      correctAnswer: 0,
      marks: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
}, 60_000);
afterAll(() => t?.close());

describe('section names', () => {
  it('the list’s section filter ignores case, punctuation and spacing, and lists one entry per section', async () => {
    const found = await list(t, `?section=${encodeURIComponent(PRESET)}&limit=100`);
    expect(found.items.map((i: { section: string }) => i.section).sort()).toEqual([
      'Current Affairs including General Knowledge',
      'current affairs  including general-knowledge',
    ]);
    // One entry per section (the order of spellings is the database's collation).
    const listed = found.sections.filter((s: string) => /current affairs/i.test(s));
    expect(listed).toHaveLength(2);
    expect(listed).toContain('CURRENT AFFAIRS');
    // A different section is still a different section.
    expect((await list(t, `?section=${encodeURIComponent('Current Affairs')}`)).total).toBe(1);
    expect((await list(t, `?section=${encodeURIComponent('Current Affairs including GK')}`)).total).toBe(0);
  });

  it('a draw, and a paper’s draw, take every spelling of the section', async () => {
    const drawn = await t.admin.post('/api/question-bank/draw', { section: PRESET, count: 2 });
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(drawn.json()).toHaveLength(2);
    const short = await t.admin.post('/api/question-bank/draw', { section: PRESET, count: 3 });
    expect(short.statusCode).toBe(400);

    const exam = await t.admin.post('/api/exams', {
      title: 'Current affairs from the bank',
      description: 'Drawn',
      course: courseId,
      duration: 30,
      totalMarks: 2,
      passingMarks: 1,
      sections: [{ title: PRESET, draw: { count: 2 } }],
    });
    expect(exam.statusCode, exam.body).toBe(201);
    expect(exam.json().questions).toHaveLength(2);
  });

  it('an import files a section under the spelling the preset or the bank already uses', async () => {
    const rows = [
      mcqRow({ section: 'current affairs including general knowledge' }),
      mcqRow({ section: 'Current  Affairs' }),
      mcqRow({ section: 'Brand New Section' }),
    ];
    const res = await upload(t, csv(rows), 'sections.csv', false);
    expect(res.json(), res.body).toMatchObject({ imported: 3 });
    const stored = await t.ctx.db
      .select({ section: bankQuestions.section, question: bankQuestions.question })
      .from(bankQuestions)
      .where(
        inArray(
          bankQuestions.question,
          rows.map((r) => r.question as string),
        ),
      );
    expect(Object.fromEntries(stored.map((r) => [r.question, r.section]))).toEqual({
      [rows[0].question as string]: PRESET,
      [rows[1].question as string]: 'CURRENT AFFAIRS',
      [rows[2].question as string]: 'Brand New Section',
    });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_MESSAGES } from '@app/common/schemas/question-bank';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { bankQuestions, questions } from '../../db/schema.ts';
import { createCourse } from '../exams/test-fixtures.ts';
import { csv, list, mcqRow, upload } from './test-fixtures.ts';

// Papers from the bank: references and draws in an exam, the builder's draw, and references refused.

let t: TestApp;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  courseId = await createCourse(t);
});
afterAll(() => t?.close());

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
    expect((await upload(t, csv(rows), 'draw.csv', false)).json().imported).toBe(7);
    drawable = (await list(t, '?section=Draw%20Section&limit=100')).items.map((i: { _id: string }) => i._id);
    base.course = courseId;
  });

  it('takes references in passages and sections, and draws by topic and difficulty', async () => {
    const items = (await list(t, '?section=Draw%20Section&limit=100')).items as {
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createCourse } from '../exams/test-fixtures.ts';
import { list, upload } from './test-fixtures.ts';

// An exam exported as a workbook imports back into the bank as the same paper.

let t: TestApp;
let token: string;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor(ADMIN.email, ADMIN.password);
  courseId = await createCourse(t);
});
afterAll(() => t?.close());

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

    const dry = (await upload(t, res.rawPayload, 'export.xlsx', true)).json();
    expect(dry).toMatchObject({ ok: 4, errors: 0, duplicates: 0 });
    expect((await upload(t, res.rawPayload, 'export.xlsx', false)).json()).toEqual({ imported: 4, skipped: 0 });

    // A paper made from the imported questions is the same paper.
    const english = (await list(t, '?section=Round%20English&limit=10')).items as { _id: string; question: string; passage: unknown }[];
    const maths = (await list(t, '?section=Round%20Maths&limit=10')).items as { _id: string }[];
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

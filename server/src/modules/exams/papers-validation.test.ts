import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createCourse, mcq, sectionedPaper } from './test-fixtures.ts';

let t: TestApp;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  courseId = await createCourse(t);
});
afterAll(() => t?.close());

const twoSectionPaper = (overrides: Record<string, unknown> = {}) => sectionedPaper(courseId, overrides);

describe('bad papers answer 400 naming the field and change nothing', () => {
  const many = (n: number, make: (i: number) => unknown) => Array.from({ length: n }, (_, i) => make(i));

  const cases: [string, () => Record<string, unknown>, string | RegExp][] = [
    [
      'a section without a title',
      () => twoSectionPaper({ sections: [{ title: ' ', questions: [mcq(1)] }], totalMarks: 1 }),
      'Every section needs a title',
    ],
    [
      'a passage with no question',
      () =>
        twoSectionPaper({ sections: [{ title: 'S', passages: [{ body: 'Text', questions: [] }], questions: [mcq(1)] }], totalMarks: 1 }),
      'A passage needs at least one question',
    ],
    [
      'a passage without text',
      () => twoSectionPaper({ sections: [{ title: 'S', passages: [{ body: '', questions: [mcq(1)] }] }], totalMarks: 1 }),
      'A passage needs its text',
    ],
    [
      'a passage over 20,000 characters',
      () => twoSectionPaper({ sections: [{ title: 'S', passages: [{ body: 'x'.repeat(20_001), questions: [mcq(1)] }] }], totalMarks: 1 }),
      'A passage can be at most 20,000 characters',
    ],
    ['a penalty below 0', () => twoSectionPaper({ negativeMarks: -0.25 }), 'Negative marks must be a number from 0 to 100'],
    ['a penalty over 100', () => twoSectionPaper({ negativeMarks: 101 }), 'Negative marks must be a number from 0 to 100'],
    [
      "a question's penalty below 0",
      () => twoSectionPaper({ sections: [{ title: 'S', questions: [mcq(1, { negativeMarks: -1 })] }], totalMarks: 1 }),
      "A question's negative marks must be a number from 0 to 100",
    ],
    [
      'both sections and questions',
      () => twoSectionPaper({ questions: [mcq(9)] }),
      'Send the questions inside sections or as a flat list, not both',
    ],
    [
      '21 sections',
      () => twoSectionPaper({ sections: many(21, (i) => ({ title: `S${i}`, questions: [mcq(i)] })), totalMarks: 21 }),
      'At most 20 sections',
    ],
    [
      '101 passages',
      () =>
        twoSectionPaper({
          sections: many(2, (s) => ({
            title: `S${s}`,
            passages: many(s === 0 ? 51 : 50, (i) => ({ body: `P${i}`, questions: [mcq(i)] })),
          })),
          totalMarks: 101,
        }),
      'At most 100 passages in a paper',
    ],
    [
      '501 questions in sections',
      () =>
        twoSectionPaper({
          sections: many(3, (s) => ({ title: `S${s}`, questions: many(s === 0 ? 167 : 167, (i) => mcq(i)) })),
          totalMarks: 501,
        }),
      'At most 500 questions in a paper',
    ],
    [
      '501 flat questions',
      () => ({ ...twoSectionPaper(), sections: undefined, questions: many(501, (i) => mcq(i)), totalMarks: 501 }),
      'At most 500 questions in a paper',
    ],
    ['marks not adding up', () => twoSectionPaper({ totalMarks: 6 }), 'Total marks (6) must equal the sum of the question marks (5)'],
  ];

  it.each(cases)('refuses %s on create', async (_name, make, message) => {
    const before = (await t.admin.get('/api/exams')).json().length;
    const res = await t.admin.post('/api/exams', make());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(Object.keys(res.json().fields ?? {}).length).toBeGreaterThan(0);
    expect((await t.admin.get('/api/exams')).json().length).toBe(before);
  });

  it.each(cases)('refuses %s on a full PATCH and keeps the exam as it was', async (_name, make, message) => {
    const exam = (await t.admin.post('/api/exams', twoSectionPaper())).json();
    const res = await t.admin.patch(`/api/exams/${exam._id}`, make());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    const after = (await t.admin.get(`/api/exams/${exam._id}`)).json();
    expect(after.sections).toEqual(exam.sections);
    expect(after.questions).toEqual(exam.questions);
    expect(after.negativeMarks).toBe(0.25);
  });

  it('accepts exactly the limits: 20 sections, 100 passages, 500 questions, a 20,000-character passage', async () => {
    const sections = many(20, (s) => ({
      title: `Section ${s + 1}`,
      passages: many(5, (p) => ({
        body: s === 0 && p === 0 ? 'y'.repeat(20_000) : `Passage ${s}.${p}`,
        questions: many(5, (i) => mcq(i)),
      })),
    }));
    const res = await t.admin.post('/api/exams', twoSectionPaper({ sections, totalMarks: 500 }));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    expect(res.json().questions).toHaveLength(500);
    expect(res.json().sections[0].passages[0].body).toHaveLength(20_000);
  });

  it('locks the penalty with the marks once answers exist', async () => {
    const exam = (await t.admin.post('/api/exams', twoSectionPaper())).json();
    const s = await t.createStudent();
    expect((await s.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(200);
    const sections = [
      {
        _id: exam.sections[0]._id,
        title: 'Renamed',
        passages: [{ _id: exam.sections[0].passages[0]._id, body: 'Fixed typo', questions: exam.questions.slice(0, 2) }],
        questions: [exam.questions[2]],
      },
      { _id: exam.sections[1]._id, title: 'QT', questions: [exam.questions[3]] },
    ];
    const penalty = await t.admin.patch(`/api/exams/${exam._id}`, { ...twoSectionPaper(), negativeMarks: 0.5, sections });
    expect(penalty.statusCode).toBe(409);
    const own = await t.admin.patch(`/api/exams/${exam._id}`, {
      ...twoSectionPaper(),
      sections: [{ ...sections[0], questions: [{ ...exam.questions[2], negativeMarks: 1 }] }, sections[1]],
    });
    expect(own.statusCode).toBe(409);
    const wording = await t.admin.patch(`/api/exams/${exam._id}`, { ...twoSectionPaper(), sections });
    expect(wording.statusCode, wording.body).toBe(200);
    expect(wording.json().sections[0]).toMatchObject({ title: 'Renamed', passages: [{ body: 'Fixed typo' }] });
    expect(wording.json().questions.map((q: { _id: string }) => q._id)).toEqual(exam.questions.map((q: { _id: string }) => q._id));
  });
});

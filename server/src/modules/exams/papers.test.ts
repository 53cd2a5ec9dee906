import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultInstructions } from '@app/common/constants';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { examAttempts, exams } from '../../db/schema.ts';
import { createCourse } from './test-fixtures.ts';

let t: TestApp;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  courseId = await createCourse(t);
});
afterAll(() => t?.close());

const mcq = (n: number, extra: Record<string, unknown> = {}) => ({
  type: 'mcq',
  question: `Question ${n}`,
  options: ['A', 'B', 'C', 'D'],
  correctAnswer: n % 4,
  marks: 1,
  explanation: `Because ${n}`,
  ...extra,
});

/** Two sections: a passage of two questions and a standalone question, then one standalone question. */
function twoSectionPaper(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Sectioned mock',
    description: 'Passages and penalties',
    course: courseId,
    duration: 20,
    totalMarks: 5,
    passingMarks: 2,
    negativeMarks: 0.25,
    sections: [
      {
        title: 'English Language',
        instructions: 'Read the passage',
        questions: [mcq(3)],
        passages: [
          { body: 'A **passage** of text.\n\n| a | b |\n|---|---|\n| 1 | 2 |', questions: [mcq(1), mcq(2, { negativeMarks: 0.5 })] },
        ],
      },
      { title: 'Quantitative Techniques', questions: [mcq(4, { marks: 2 })] },
    ],
    ...overrides,
  };
}

describe('authoring a paper with sections and passages', () => {
  it('stores the paper in paper order and answers it to admin and student', async () => {
    const res = await t.admin.post('/api/exams', twoSectionPaper());
    expect(res.statusCode, res.body).toBe(201);
    const exam = res.json();
    expect(exam).toMatchObject({ negativeMarks: 0.25, resultMode: 'grade', totalQuestions: 4 });
    expect(exam.sections).toHaveLength(2);
    const [english, qt] = exam.sections;
    expect(english).toMatchObject({ title: 'English Language', instructions: 'Read the passage' });
    expect(english.passages).toHaveLength(1);
    expect(qt).toMatchObject({ title: 'Quantitative Techniques', instructions: null, passages: [] });
    const passageId = english.passages[0]._id;
    // Passage questions first, then the section's standalone question, then the next section.
    expect(exam.questions.map((q: { question: string }) => q.question)).toEqual(['Question 1', 'Question 2', 'Question 3', 'Question 4']);
    expect(exam.questions.map((q: { section: string }) => q.section)).toEqual([english._id, english._id, english._id, qt._id]);
    expect(exam.questions.map((q: { passage: string | null }) => q.passage)).toEqual([passageId, passageId, null, null]);
    expect(exam.questions.map((q: { negativeMarks: number }) => q.negativeMarks)).toEqual([0.25, 0.5, 0.25, 0.25]);
    expect(exam.questions[0]).toMatchObject({ correctAnswer: 1, explanation: 'Because 1' });

    const s = await t.createStudent();
    const view = await s.client.get(`/api/exams/${exam._id}`);
    expect(view.statusCode).toBe(200);
    const sv = view.json();
    expect(sv.sections).toEqual(exam.sections);
    expect(sv.negativeMarks).toBe(0.25);
    expect(sv.resultMode).toBe('grade');
    expect(sv.questions.map((q: { _id: string }) => q._id)).toEqual(exam.questions.map((q: { _id: string }) => q._id));
    expect(sv.questions[1]).toMatchObject({ section: english._id, passage: passageId, negativeMarks: 0.5 });
    expect(view.body).not.toContain('correctAnswer');
    expect(view.body).not.toContain('explanation');
    expect(view.body).not.toContain('Because');
  });

  it('answers an empty section list and null places for a flat exam, and the penalty defaults to 0', async () => {
    const res = await t.admin.post('/api/exams', {
      title: 'Flat',
      description: 'Old style',
      course: courseId,
      totalMarks: 2,
      passingMarks: 1,
      questions: [mcq(1), mcq(2)],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ sections: [], negativeMarks: 0, resultMode: 'grade' });
    expect(res.json().questions[0]).toMatchObject({ section: null, passage: null, negativeMarks: 0 });
  });

  it('keeps fractional marks with two decimals', async () => {
    const res = await t.admin.post('/api/exams', {
      ...twoSectionPaper(),
      totalMarks: 4.75,
      sections: [{ title: 'Only', questions: [mcq(1, { marks: 1.25 }), mcq(2, { marks: 3.5, negativeMarks: 0.33 })] }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().totalMarks).toBe(4.75);
    expect(res.json().questions.map((q: { marks: number; negativeMarks: number }) => [q.marks, q.negativeMarks])).toEqual([
      [1.25, 0.25],
      [3.5, 0.33],
    ]);
  });

  it('lets a ranked mock go without a pass mark', async () => {
    const omitted = await t.admin.post('/api/exams', { ...twoSectionPaper(), resultMode: 'rank', passingMarks: undefined });
    expect(omitted.statusCode, omitted.body).toBe(201);
    expect(omitted.json()).toMatchObject({ resultMode: 'rank', passingMarks: null });
    const nulled = await t.admin.post('/api/exams', { ...twoSectionPaper(), resultMode: 'rank', passingMarks: null });
    expect(nulled.statusCode).toBe(201);
    expect(nulled.json().passingMarks).toBeNull();
    const grade = await t.admin.post('/api/exams', { ...twoSectionPaper(), passingMarks: null });
    expect(grade.statusCode).toBe(400);
    expect(grade.json().fields).toHaveProperty('passingMarks');
    const mode = await t.admin.post('/api/exams', { ...twoSectionPaper(), resultMode: 'percentile' });
    expect(mode.statusCode).toBe(400);
    expect(mode.json().message).toBe('Result mode must be grade or rank');
  });

  it('replaces the paper on a full PATCH, keeping the ids sent back', async () => {
    const exam = (await t.admin.post('/api/exams', twoSectionPaper())).json();
    const [english] = exam.sections;
    const q = exam.questions;
    const body = {
      ...twoSectionPaper(),
      title: 'Edited',
      negativeMarks: 0.5,
      totalMarks: 3,
      sections: [
        {
          _id: english._id,
          title: 'English (edited)',
          passages: [
            {
              _id: english.passages[0]._id,
              body: 'New body',
              questions: [
                { ...q[1], negativeMarks: 1 },
                { ...q[0], negativeMarks: 0.5 },
              ],
            },
          ],
        },
        { title: 'Logical', questions: [{ ...q[2] }] },
      ],
    };
    const res = await t.admin.patch(`/api/exams/${exam._id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(after.sections.map((s: { title: string }) => s.title)).toEqual(['English (edited)', 'Logical']);
    expect(after.sections[0]._id).toBe(english._id);
    expect(after.sections[0].passages[0]).toEqual({ _id: english.passages[0]._id, body: 'New body' });
    expect(after.questions.map((x: { _id: string }) => x._id)).toEqual([q[1]._id, q[0]._id, q[2]._id]);
    // A penalty sent equal to the exam's is the exam's; one that differs (the old 0.25) is the question's own.
    expect(after.questions.map((x: { negativeMarks: number }) => x.negativeMarks)).toEqual([1, 0.5, 0.25]);
    const inherit = { ...body, sections: [body.sections[0], { title: 'Logical', questions: [{ ...q[2], negativeMarks: null }] }] };
    const again = await t.admin.patch(`/api/exams/${exam._id}`, inherit);
    expect(again.json().questions[2].negativeMarks).toBe(0.5);
    expect(after.questions[2].section).toBe(after.sections[1]._id);
  });
});

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

describe('presets', () => {
  it('lists the presets to an admin only', async () => {
    const res = await t.admin.get('/api/exam-presets');
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((p: { id: string }) => p.id);
    expect(ids).toEqual(expect.arrayContaining(['clat-ug', 'clat-pg', 'ailet-ug', 'wbjs-prelims', 'djs-prelims']));
    const clat = res.json().find((p: { id: string }) => p.id === 'clat-ug');
    expect(clat).toMatchObject({ name: 'CLAT UG', duration: 120, negativeMarks: 0.25, resultMode: 'rank' });
    expect(clat.sections).toHaveLength(5);
    expect(clat.sections[0]).toEqual({ title: 'English Language', questionsMin: 22, questionsMax: 26 });
    const s = await t.createStudent();
    expect((await s.client.get('/api/exam-presets')).statusCode).toBe(403);
    expect((await t.visitor.get('/api/exam-presets')).statusCode).toBe(401);
  });
});

describe('default instructions state the marking scheme', () => {
  it('keeps "no negative marking" only when every penalty is 0', () => {
    expect(defaultInstructions([0, 0])).toContain('There is no negative marking.');
    const withPenalty = defaultInstructions([0.25, 0.25, 0]);
    expect(withPenalty).not.toContain('There is no negative marking.');
    expect(withPenalty).toContain(
      'Each correct answer carries the marks shown; each wrong answer costs 0.25 marks; unattempted questions carry no marks.',
    );
    expect(defaultInstructions([0.25, 0.5]).join(' ')).toContain('each wrong answer costs the negative marks shown with the question');
  });
});

describe('POST /api/uploads', () => {
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
  function multipart(field: string, filename: string, data: Buffer, contentType = 'image/png') {
    const boundary = '----papers-test-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  async function upload(token: string | null, body: { payload: Buffer; headers: Record<string, string> }) {
    return t.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  }
  const adminToken = () => t.tokenFor('admin@test.local', 'Admin-Password-1');

  it('stores an image judged by its content and serves it', async () => {
    const res = await upload(await adminToken(), multipart('file', 'chart.txt', PNG, 'text/plain'));
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^\/api\/uploads\/files\/[0-9a-f-]{36}\.png$/);
    const file = await t.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses what is not an image, an image over 1 MB, a missing file and a non-admin', async () => {
    const token = await adminToken();
    const text = await upload(token, multipart('file', 'x.png', Buffer.from('<script>alert(1)</script>')));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Only PNG, JPEG or WebP images can be uploaded');
    expect(text.json().fields).toHaveProperty('file');
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const large = await upload(token, multipart('file', 'big.png', big));
    expect(large.statusCode).toBe(400);
    expect(large.json().message).toBe('The image is too large: at most 1 MB');
    const wrongField = await upload(token, multipart('image', 'a.png', PNG));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().fields).toHaveProperty('file');
    const json = await t.admin.post('/api/uploads', { file: 'x' });
    expect(json.statusCode).toBe(400);
    const s = await t.createStudent();
    const studentToken = await t.tokenFor(s.email, 'Student-Pass-9');
    expect((await upload(studentToken, multipart('file', 'a.png', PNG))).statusCode).toBe(403);
    expect((await upload(null, multipart('file', 'a.png', PNG))).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/uploads/files/00000000-0000-0000-0000-000000000000.png' })).statusCode).toBe(404);
  });
});

describe('review flags and time per question', () => {
  it('saves review and times, keeps the larger time, caps the sum by the time elapsed, refuses unknown ids', async () => {
    const exam = (await t.admin.post('/api/exams', twoSectionPaper())).json();
    const [q1, q2, q3] = exam.questions.map((q: { _id: string }) => q._id);
    const s = await t.createStudent();
    const start = (await s.client.post(`/api/exams/${exam._id}/attempt`)).json();
    expect(start).toMatchObject({ answers: {}, review: [], timeSpent: {} });
    // Pretend the attempt started 100 s ago.
    await t.ctx.db
      .update(examAttempts)
      .set({ startedAt: new Date(Date.now() - 100_000) })
      .where(eq(examAttempts.studentId, s.id));
    const url = `/api/exams/${exam._id}/attempt/answers`;
    let res = await s.client.put(url, { answers: { [q1]: 1 }, review: [q2, q3], timeSpent: { [q1]: 30, [q2]: 20 } });
    expect(res.statusCode, res.body).toBe(200);
    res = await s.client.put(url, { review: [q3], timeSpent: { [q1]: 10, [q2]: 25 } });
    expect(res.statusCode).toBe(200);
    let back = (await s.client.post(`/api/exams/${exam._id}/attempt`)).json();
    expect(back).toMatchObject({ answers: { [q1]: 1 }, review: [q3], timeSpent: { [q1]: 30, [q2]: 25 } });
    // 55 s counted of 100 elapsed: asking for 200 more is cut to what is left.
    res = await s.client.put(url, { timeSpent: { [q3]: 200 } });
    expect(res.statusCode).toBe(200);
    back = (await s.client.post(`/api/exams/${exam._id}/attempt`)).json();
    const sum = Object.values(back.timeSpent as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum).toBeGreaterThanOrEqual(99);
    expect(sum).toBeLessThanOrEqual(101);
    expect(back.timeSpent[q1]).toBe(30);

    const bad = await s.client.put(url, { review: ['00000000-0000-0000-0000-000000000000'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('review');
    expect(bad.json().message).toMatch(/^review: /);
    const badTime = await s.client.put(url, { timeSpent: { [q1]: -5 } });
    expect(badTime.statusCode).toBe(400);
    const other = await s.client.put(url, { timeSpent: { nope: 5 } });
    expect(other.statusCode).toBe(400);
    back = (await s.client.post(`/api/exams/${exam._id}/attempt`)).json();
    expect(back.review).toEqual([q3]);
  });
});

describe('negative marking', () => {
  it('marks +marks, minus the penalty and 0, with two decimals, possibly negative', async () => {
    const exam = (await t.admin.post('/api/exams', twoSectionPaper())).json();
    const [q1, q2, q3, q4] = exam.questions as { _id: string; correctAnswer: number }[];
    const wrong = (q: { correctAnswer: number }) => (q.correctAnswer + 1) % 4;
    const s = await t.createStudent();
    await s.client.post(`/api/exams/${exam._id}/attempt`);
    // q1 right (+1), q2 wrong (-0.5 own), q3 wrong (-0.25), q4 unattempted.
    const res = await s.client.post('/api/submissions', {
      examId: exam._id,
      answers: { [q1._id]: q1.correctAnswer, [q2._id]: wrong(q2), [q3._id]: wrong(q3) },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result).toMatchObject({
      marksObtained: 0.25,
      totalMarks: 5,
      percentage: 5,
      correctAnswers: 1,
      incorrectAnswers: 2,
      unattempted: 1,
    });
    void q4;

    const s2 = await t.createStudent();
    await s2.client.post(`/api/exams/${exam._id}/attempt`);
    const neg = await s2.client.post('/api/submissions', { examId: exam._id, answers: { [q2._id]: wrong(q2), [q3._id]: wrong(q3) } });
    expect(neg.json().result).toMatchObject({ marksObtained: -0.75, percentage: -15, isPassed: false });
    const detail = await t.admin.get(`/api/submissions/${neg.json().submission._id}`);
    expect(detail.json().score).toMatchObject({ marksObtained: -0.75, percentage: -15 });
    const [row] = await t.ctx.db.select({ penalty: exams.negativeMarks }).from(exams).where(eq(exams.id, exam._id));
    expect(row.penalty).toBe(0.25);
  });
});

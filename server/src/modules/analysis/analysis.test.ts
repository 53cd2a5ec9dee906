import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisSchema } from '@app/common/schemas/analysis';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { courseOf, createRankedExam, type PaperJson, publish, rankedPaper, sit } from './test-fixtures.ts';

let t: TestApp;
let exam: PaperJson;
let a: Awaited<ReturnType<typeof sit>>;
let b: Awaited<ReturnType<typeof sit>>;
let c: Awaited<ReturnType<typeof sit>>;
beforeAll(async () => {
  t = await createTestApp();
  exam = await createRankedExam(t, { title: 'Analysed' });
  a = await sit(t, exam, 'rwr-'); // LR 0.75, EN 1 → 1.75
  b = await sit(t, exam, 'rrrr'); // 4
  c = await sit(t, exam, '----'); // 0
});
afterAll(async () => t?.close());

/** True when the JSON carries an answer key or an explanation anywhere. */
const leaksKey = (body: string) => /"correctAnswer"\s*:\s*\d|"explanation"\s*:\s*"/.test(body);

describe('before publication', () => {
  it('answers 409 to the owner and the admin, 403 to another student, 404 for no submission', async () => {
    expect((await a.student.client.get(`/api/submissions/${a.submissionId}/analysis`)).statusCode).toBe(409);
    const review = await a.student.client.get(`/api/submissions/${a.submissionId}/review`);
    expect(review.statusCode).toBe(409);
    expect(review.json().message).toMatch(/published/);
    expect((await t.admin.get(`/api/submissions/${a.submissionId}/analysis`)).statusCode).toBe(409);
    expect((await b.student.client.get(`/api/submissions/${a.submissionId}/analysis`)).statusCode).toBe(403);
    expect((await a.student.client.get('/api/submissions/00000000-0000-4000-8000-000000000000/analysis')).statusCode).toBe(404);
  });

  it('gives a student no key and no explanation through any route', async () => {
    for (const url of [
      '/api/submissions/my-submissions',
      '/api/results/student',
      `/api/exams/${exam._id}`,
      `/api/submissions/${a.submissionId}`,
      '/api/bookmarks',
    ]) {
      const res = await a.student.client.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(leaksKey(res.body), url).toBe(false);
    }
  });
});

describe('after publication', () => {
  beforeAll(async () => publish(t, exam._id));

  it('answers the analysis with every figure of the contract', async () => {
    const res = await a.student.client.get(`/api/submissions/${a.submissionId}/analysis`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // Written without its schema's check (app.ts): exactly what the schema describes, no field more or less.
    expect(body).toEqual(analysisSchema.parse(body));
    expect(body).toMatchObject({ score: 1.75, totalMarks: 4, percentage: 43.75, rank: 2, candidates: 3, percentile: 50 });
    expect(body.accuracy).toBe(66.67); // 2 right of 3 attempted
    const [lr, en] = body.sections;
    expect(lr).toMatchObject({ title: 'Legal Reasoning', score: 0.75, max: 2, attempted: 2, correct: 1, wrong: 1, accuracy: 50 });
    expect(lr).toMatchObject({ average: 0.92, topper: 2 }); // (0.75 + 2 + 0) / 3
    expect(en).toMatchObject({ title: 'English', score: 1, attempted: 1, correct: 1, wrong: 0, accuracy: 100, average: 1, topper: 2 });
    expect(body.questions.map((q: { status: string }) => q.status)).toEqual(['correct', 'wrong', 'correct', 'unattempted']);
    expect(body.questions[0]).toMatchObject({ section: lr._id, marksObtained: 1, percentCorrect: 66.67 });
    expect(body.questions[1]).toMatchObject({ marksObtained: -0.25, percentCorrect: 33.33 });
    expect(body.comparison).toEqual({ average: 1.92, topper: 4, top10Average: 4 });
    expect(body.trend).toEqual([expect.objectContaining({ examId: exam._id, score: 1.75, totalMarks: 4, percentile: 50 })]);
    expect((await t.admin.get(`/api/submissions/${a.submissionId}/analysis`)).statusCode).toBe(200);
    expect((await b.student.client.get(`/api/submissions/${a.submissionId}/analysis`)).statusCode).toBe(403);
  });

  it('walks every question with the answer, the key, the marks and the explanation', async () => {
    const res = await a.student.client.get(`/api/submissions/${a.submissionId}/review`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.sections[0].passages[0].body).toBe('A passage on torts.');
    expect(body.questions[0]).toMatchObject({
      question: 'LR1',
      passage: body.sections[0].passages[0]._id,
      yourAnswer: 0,
      correctAnswer: 0,
      marksObtained: 1,
      explanation: 'Because LR1 is right',
    });
    expect(body.questions[1]).toMatchObject({ yourAnswer: 1, correctAnswer: 0, marksObtained: -0.25, status: 'wrong' });
    expect(body.questions[3]).toMatchObject({ yourAnswer: null, status: 'unattempted', bookmarked: false });
    expect((await c.student.client.get(`/api/submissions/${a.submissionId}/review`)).statusCode).toBe(403);
  });

  it('keeps the review closed (409) when the exam never releases its solutions', async () => {
    const never = await createRankedExam(t, { title: 'No solutions', solutionsRelease: 'never' });
    const s = await sit(t, never, 'rrrr');
    await publish(t, never._id);
    const res = await s.student.client.get(`/api/submissions/${s.submissionId}/review`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/not released/);
    expect((await s.student.client.get(`/api/submissions/${s.submissionId}/analysis`)).statusCode).toBe(200);
    expect(leaksKey((await s.student.client.get('/api/submissions/my-submissions')).body)).toBe(false);
  });

  it('refuses a solutions setting that is not with_results or never', async () => {
    const res = await t.admin.post('/api/exams', rankedPaper({ course: await courseOf(t), solutionsRelease: 'later' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.solutionsRelease).toMatch(/with the results or never/);
  });
});

describe('the trend', () => {
  it("keeps the student's last ten ranked mocks with published results, oldest first", async () => {
    const regular = await t.createStudent();
    let last = '';
    for (let i = 1; i <= 11; i++) {
      const mock = await createRankedExam(t, { title: `Weekly mock ${i}` });
      expect((await regular.client.post(`/api/exams/${mock._id}/attempt`)).statusCode).toBe(200);
      const answers = Object.fromEntries(mock.questions.map((q, n) => [q._id, n < i % 4 ? 0 : null]));
      const res = await regular.client.post('/api/submissions', { examId: mock._id, answers });
      expect(res.statusCode).toBe(201);
      last = res.json().submission._id;
      await publish(t, mock._id);
    }
    const res = await regular.client.get(`/api/submissions/${last}/analysis`);
    expect(res.statusCode, res.body).toBe(200);
    const { trend } = res.json();
    expect(trend.map((p: { title: string }) => p.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Weekly mock ${i + 2}`));
    expect(trend.at(-1)).toMatchObject({ score: 3, totalMarks: 4, percentile: 100 }); // the only candidate
    expect(trend[0]).toMatchObject({ score: 2, totalMarks: 4 });

    // Read at the same moment, the analyses go out together (one read for them all): each still gets its own
    // submission, place and trend, as does the admin reading a student's.
    const together = await Promise.all([
      regular.client.get(`/api/submissions/${last}/analysis`),
      a.student.client.get(`/api/submissions/${a.submissionId}/analysis`),
      b.student.client.get(`/api/submissions/${b.submissionId}/analysis`),
      c.student.client.get(`/api/submissions/${c.submissionId}/analysis`),
      t.admin.get(`/api/submissions/${b.submissionId}/analysis`),
      c.student.client.get(`/api/submissions/${a.submissionId}/analysis`),
    ]);
    expect(together.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 403]);
    const [mine, ofA, ofB, ofC, bByAdmin] = together.map((r) => r.json());
    expect(mine).toEqual(res.json());
    expect(ofA).toMatchObject({ title: 'Analysed', score: 1.75, rank: 2, percentile: 50 });
    expect(ofB).toMatchObject({ title: 'Analysed', score: 4, rank: 1, percentile: 100 });
    expect(ofC).toMatchObject({ title: 'Analysed', score: 0, rank: 3, percentile: 0 });
    expect(bByAdmin).toEqual(ofB);
    for (const [body, score] of [
      [ofA, 1.75],
      [ofB, 4],
      [ofC, 0],
    ] as const) {
      expect(body.trend).toEqual([expect.objectContaining({ examId: exam._id, score, totalMarks: 4 })]);
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, type TestApp } from '../../../test/helpers.ts';
import { examAttempts } from '../../db/schema.ts';
import { createCourse } from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t?.close());

type Preset = {
  id: string;
  duration: number;
  negativeMarks: number;
  resultMode: string;
  sections: { title: string; questionsMin: number }[];
};
type Q = { _id: string; correctAnswer: number; section: string; passage: string | null; negativeMarks: number };

const words = (n: number, seed: number) => Array.from({ length: n }, (_, i) => `word${(i * 7 + seed) % 97}`).join(' ');
const mcq = (n: number) => ({ type: 'mcq', question: `Q${n}`, options: ['A', 'B', 'C', 'D'], correctAnswer: n % 4, marks: 1 });

/** Questions per passage for each CLAT UG section: 24 passages in all, 120 questions. */
const PASSAGE_SIZES = [
  [5, 5, 5, 5, 4], // English 24
  [5, 5, 5, 5, 5, 5], // Current affairs 30
  [5, 5, 5, 5, 5, 5], // Legal reasoning 30
  [5, 5, 5, 5, 4], // Logical reasoning 24
  [6, 6], // Quantitative techniques 12, two data sets
];

describe('a CLAT UG mock from the preset', () => {
  it('is authored, taken over two sessions with review flags and times, submitted and marked with the penalty', async () => {
    const presets = (await t.admin.get('/api/exam-presets')).json() as Preset[];
    const clat = presets.find((p) => p.id === 'clat-ug');
    if (!clat) throw new Error('no clat-ug preset');
    let n = 0;
    const sections = clat.sections.map((s, si) => ({
      title: s.title,
      passages: PASSAGE_SIZES[si].map((size, pi) => ({
        body: si === 4 ? `| Year | Units |\n|---|---|\n| 2024 | ${pi * 10} |` : words(480, si * 10 + pi),
        questions: Array.from({ length: size }, () => mcq(n++)),
      })),
    }));
    const created = await t.admin.post('/api/exams', {
      title: 'CLAT UG Mock 1',
      description: 'Full-length mock',
      course: await createCourse(t),
      duration: clat.duration,
      totalMarks: 120,
      negativeMarks: clat.negativeMarks,
      resultMode: clat.resultMode,
      sections,
    });
    expect(created.statusCode, created.body.slice(0, 300)).toBe(201);
    const exam = created.json();
    expect(exam.questions).toHaveLength(120);
    expect(exam.sections).toHaveLength(5);
    expect(exam.sections.reduce((a: number, s: { passages: unknown[] }) => a + s.passages.length, 0)).toBe(24);
    expect(exam.passingMarks).toBeNull();
    const qs = exam.questions as Q[];
    expect(new Set(qs.map((q) => q.negativeMarks))).toEqual(new Set([0.25]));

    // First session: half the answers, some review flags and times.
    const student = await t.createStudent();
    const url = `/api/exams/${exam._id}/attempt`;
    expect((await student.client.post(url)).statusCode).toBe(200);
    const answerOf = (q: Q, i: number) => (i < 100 ? q.correctAnswer : (q.correctAnswer + 1) % 4);
    const firstHalf = Object.fromEntries(qs.slice(0, 60).map((q, i) => [q._id, answerOf(q, i)]));
    const review = [qs[3]._id, qs[70]._id];
    // The attempt started ten minutes ago.
    await t.ctx.db
      .update(examAttempts)
      .set({ startedAt: new Date(Date.now() - 600_000) })
      .where(eq(examAttempts.studentId, student.id));
    const times = { [qs[0]._id]: 42, [qs[1]._id]: 0, [qs[3]._id]: 75 };
    const save1 = await student.client.put(`${url}/answers`, { answers: firstHalf, review, timeSpent: times });
    expect(save1.statusCode, save1.body).toBe(200);

    // Second session on another device: a fresh sign-in resumes everything.
    const login = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: student.email, password: PASSWORD } });
    const device2 = t.withToken(login.json().token);
    const resumed = (await device2.post(url)).json();
    expect(resumed.answers).toEqual(firstHalf);
    expect(resumed.review).toEqual(review);
    expect(resumed.timeSpent).toEqual(times);
    const rest = Object.fromEntries(qs.slice(60).map((q, i) => [q._id, answerOf(q, i + 60)]));
    // The second device counted on from what it resumed with; an older count from the first device does not lower it.
    const later = { [qs[0]._id]: 50, [qs[70]._id]: 20 };
    expect((await device2.put(`${url}/answers`, { answers: rest, review: [qs[70]._id], timeSpent: later })).statusCode).toBe(200);
    expect((await student.client.put(`${url}/answers`, { timeSpent: { [qs[0]._id]: 42 } })).statusCode).toBe(200);
    const final = (await device2.post(url)).json();
    expect(final.timeSpent).toEqual({ ...times, ...later });
    expect(final.review).toEqual([qs[70]._id]);
    const submitted = await device2.post('/api/submissions', { examId: exam._id });
    expect(submitted.statusCode, submitted.body).toBe(201);
    // 100 correct, 20 wrong at -0.25.
    expect(submitted.json().result).toMatchObject({
      marksObtained: 95,
      totalMarks: 120,
      percentage: 79.17,
      correctAnswers: 100,
      incorrectAnswers: 20,
      unattempted: 0,
    });
    const submissionId = submitted.json().submission._id;

    // Everything wrong: -30.
    const unlucky = await t.createStudent();
    await unlucky.client.post(url);
    const allWrong = Object.fromEntries(qs.map((q) => [q._id, (q.correctAnswer + 3) % 4]));
    const low = await unlucky.client.post('/api/submissions', { examId: exam._id, answers: allWrong });
    expect(low.json().result).toMatchObject({ marksObtained: -30, percentage: -25, correctAnswers: 0, incorrectAnswers: 120 });

    // The same figures everywhere they are shown.
    const detail = (await t.admin.get(`/api/submissions/${submissionId}`)).json();
    expect(detail.score).toMatchObject({ marksObtained: 95, percentage: 79.17 });
    const page = (await t.admin.get(`/api/submissions/admin/all?exam=${exam._id}`)).json();
    const rows = (page.items ?? page.submissions ?? page) as { _id: string; score?: { marksObtained: number }; marksObtained?: number }[];
    const mine = rows.find((r) => r._id === submissionId);
    expect(mine?.score?.marksObtained ?? mine?.marksObtained).toBe(95);
    const stats = (await t.admin.get(`/api/users/${unlucky.id}`)).json();
    expect(stats.submissions[0]).toMatchObject({ marksObtained: -30, percentage: -25 });
    expect(stats.totalMarksObtained).toBe(-30);
    expect((await t.admin.patch(`/api/submissions/admin/publish-results/${exam._id}`)).statusCode).toBeLessThan(300);
    const mineAsStudent = (await student.client.get('/api/submissions/my-submissions')).json();
    expect(mineAsStudent[0].score).toMatchObject({ marksObtained: 95, percentage: 79.17 });
  }, 180_000);
});

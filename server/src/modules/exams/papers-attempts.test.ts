import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { examAttempts, exams } from '../../db/schema.ts';
import { createCourse, sectionedPaper } from './test-fixtures.ts';

let t: TestApp;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  courseId = await createCourse(t);
});
afterAll(() => t?.close());

const twoSectionPaper = (overrides: Record<string, unknown> = {}) => sectionedPaper(courseId, overrides);

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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createCourse, createExam, type ExamJson, mcqOnlyPayload } from '../exams/test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function sit(exam: ExamJson, answers: Record<string, number>) {
  // A student of the exam's course (its default audience).
  const s = await t.createStudent({ courseInterest: 'Average Check' });
  expect((await s.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(200);
  const res = await s.client.post('/api/submissions', { examId: exam._id, answers });
  expect(res.statusCode, res.body).toBe(201);
  return s;
}

describe('GET /api/submissions/admin/stats, Course Performance Overview', () => {
  it("averages a course as summed marks over summed totals, the formula of a student's own average", async () => {
    const courseId = await createCourse(t, 'Average Check');
    const short = await createExam(t, mcqOnlyPayload(courseId, { title: 'Short' }));
    const long = await createExam(
      t,
      mcqOnlyPayload(courseId, {
        title: 'Long',
        totalMarks: 10,
        passingMarks: 5,
        questions: [{ type: 'mcq', question: 'Q', options: ['a', 'b'], correctAnswer: 0, marks: 10 }],
      }),
    );
    await sit(short, { [short.questions[0]._id]: 1, [short.questions[1]._id]: 0 }); // 4 of 4: 100 %
    await sit(long, { [long.questions[0]._id]: 1 }); // 0 of 10: 0 %
    const stats = (await t.admin.get('/api/submissions/admin/stats')).json();
    const row = stats.courses.find((c: { course: { _id: string } | null }) => c.course?._id === courseId);
    // 4 of 14 marks, not the mean of 100 % and 0 %.
    expect(row).toMatchObject({ submissions: 2, evaluated: 2, averagePercentage: 28.57 });
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { examAttempts, submissions } from '../../db/schema.ts';
import { closeOverdueAttempts } from '../exam-taking/sweeper.ts';
import { ageAttempt, availableTo, batchStudent, createBatch, hoursFromNow } from './schedule-fixtures.ts';
import { createCourse, createExam, mcqOnlyPayload } from './test-fixtures.ts';

// Exceptions for one student and practice mode (docs/product-batches.md).

let t: TestApp;
let courseId: string;
let batchA: string;
let batchB: string;
beforeAll(async () => {
  t = await createTestApp();
  courseId = await createCourse(t, 'Judiciary Overrides');
  batchA = await createBatch(t, courseId);
  batchB = await createBatch(t, courseId, { centre: 'kasba' });
});
afterAll(() => t?.close());

const forBatchA = (patch: Record<string, unknown> = {}) =>
  createExam(t, mcqOnlyPayload(courseId, { title: 'Override mock', audience: { courses: [], batches: [batchA], centres: [] }, ...patch }));
const overridesUrl = (examId: string) => `/api/exams/${examId}/overrides`;
const submissionsOf = (examId: string, studentId: string) =>
  t.ctx.db
    .select()
    .from(submissions)
    .where(and(eq(submissions.examId, examId), eq(submissions.studentId, studentId)));

describe('overrides', () => {
  it('extra minutes lengthen a running attempt and the next one, and are listed', async () => {
    const exam = await forBatchA();
    const a = await batchStudent(t, batchA);
    const early = await batchStudent(t, batchA);
    const started = (await a.client.post(`/api/exams/${exam._id}/attempt`)).json();
    const res = await t.admin.post(overridesUrl(exam._id), { studentId: a.id, extraMinutes: 20 });
    expect(res.statusCode, res.body).toBe(201);
    expect(Date.parse(res.json().deadline) - Date.parse(started.deadline)).toBe(20 * 60_000);
    const resumed = (await a.client.post(`/api/exams/${exam._id}/attempt`)).json();
    expect(resumed.remainingSeconds).toBeGreaterThan(49 * 60);

    expect((await t.admin.post(overridesUrl(exam._id), { studentId: early.id, extraMinutes: 15 })).statusCode).toBe(201);
    const first = (await early.client.post(`/api/exams/${exam._id}/attempt`)).json();
    expect(Date.parse(first.deadline) - Date.parse(first.startedAt)).toBe(45 * 60_000);

    const list = await t.admin.get(overridesUrl(exam._id));
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(2);
    expect(list.json()[0]).toMatchObject({ student: { _id: early.id }, extraMinutes: 15, reopen: false, createdBy: expect.any(String) });
  });

  it('reopens an attempt closed without a submission with a fresh full deadline, keeping its answers', async () => {
    const exam = await forBatchA();
    const a = await batchStudent(t, batchA);
    await a.client.post(`/api/exams/${exam._id}/attempt`);
    const q = exam.questions[0]._id;
    await a.client.put(`/api/exams/${exam._id}/attempt/answers`, { answers: { [q]: 1 } });
    // A power cut: the time ran out and nothing was submitted yet.
    await ageAttempt(t, exam._id, a.id, 600);
    expect((await a.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(409);
    await t.ctx.db.delete(submissions).where(eq(submissions.studentId, a.id));
    const res = await t.admin.post(overridesUrl(exam._id), { studentId: a.id, reopen: true });
    expect(res.statusCode, res.body).toBe(201);
    const again = await a.client.post(`/api/exams/${exam._id}/attempt`);
    expect(again.statusCode).toBe(200);
    expect(again.json().answers).toEqual({ [q]: 1 });
    expect(again.json().remainingSeconds).toBeGreaterThan(29 * 60);
    expect((await a.client.post('/api/submissions', { examId: exam._id, answers: {} })).statusCode).toBe(201);
  });

  it('reopening a submitted attempt needs deleteSubmission: true, then deletes it', async () => {
    const exam = await forBatchA();
    const a = await batchStudent(t, batchA);
    await a.client.post(`/api/exams/${exam._id}/attempt`);
    expect((await a.client.post('/api/submissions', { examId: exam._id, answers: {} })).statusCode).toBe(201);
    const refused = await t.admin.post(overridesUrl(exam._id), { studentId: a.id, reopen: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/deleteSubmission/);
    expect(await submissionsOf(exam._id, a.id)).toHaveLength(1);
    expect((await t.admin.get(overridesUrl(exam._id))).json()).toHaveLength(0);

    const ok = await t.admin.post(overridesUrl(exam._id), { studentId: a.id, reopen: true, deleteSubmission: true });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ reopen: true, deletedSubmission: true });
    expect(await submissionsOf(exam._id, a.id)).toHaveLength(0);
    expect(await availableTo(a, exam._id)).toMatchObject({ status: 'in_progress' });
  });

  it('reopening before any attempt lets a student who missed the window start', async () => {
    const exam = await forBatchA({ opensAt: hoursFromNow(-3), closesAt: hoursFromNow(-1) });
    const a = await batchStudent(t, batchA);
    expect((await a.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(409);
    expect((await t.admin.post(overridesUrl(exam._id), { studentId: a.id, reopen: true })).statusCode).toBe(201);
    expect(await availableTo(a, exam._id)).toMatchObject({ status: 'open' });
    expect((await a.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(200);
  });

  it('refuses bad input and students outside the audience, changing nothing', async () => {
    const exam = await forBatchA();
    const a = await batchStudent(t, batchA);
    const b = await batchStudent(t, batchB);
    await a.client.post(`/api/exams/${exam._id}/attempt`);
    const cases: [Record<string, unknown>, number][] = [
      [{ studentId: b.id, extraMinutes: 10 }, 400],
      [{ studentId: a.id, extraMinutes: 0 }, 400],
      [{ studentId: a.id, extraMinutes: 601 }, 400],
      [{ studentId: a.id, extraMinutes: 2.5 }, 400],
      [{ studentId: a.id, extraMinutes: '10' }, 400],
      [{ studentId: a.id }, 400],
      [{ studentId: 'nobody', extraMinutes: 5 }, 400],
      [{ studentId: '6f1b7b1e-0000-4000-8000-000000000000', extraMinutes: 5 }, 400],
      [{ studentId: a.id, reopen: true }, 409],
    ];
    for (const [body, status] of cases) {
      const res = await t.admin.post(overridesUrl(exam._id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message, JSON.stringify(body)).toBeTruthy();
    }
    expect(
      (await t.admin.post(overridesUrl('6f1b7b1e-0000-4000-8000-000000000000'), { studentId: a.id, extraMinutes: 5 })).statusCode,
    ).toBe(404);
    expect((await a.client.post(overridesUrl(exam._id), { studentId: a.id, extraMinutes: 5 })).statusCode).toBe(403);
    expect((await a.client.get(overridesUrl(exam._id))).statusCode).toBe(403);
    expect((await t.admin.get(overridesUrl(exam._id))).json()).toHaveLength(0);
    const [attempt] = await t.ctx.db.select().from(examAttempts).where(eq(examAttempts.studentId, a.id));
    expect(attempt.deadline.getTime() - attempt.startedAt.getTime()).toBe(30 * 60_000);
  });
});

describe('practice mode', () => {
  it('accepts every new attempt, keeps each submission and lists the history, latest first', async () => {
    const exam = await forBatchA({ mode: 'practice', title: 'Practice set' });
    expect(exam).toMatchObject({ mode: 'practice' });
    const a = await batchStudent(t, batchA);
    const [q1, q2] = exam.questions.map((q) => q._id);
    await a.client.post(`/api/exams/${exam._id}/attempt`);
    expect((await a.client.put(`/api/exams/${exam._id}/attempt/answers`, { currentQuestion: q2 })).statusCode).toBe(200);
    expect((await a.client.post('/api/submissions', { examId: exam._id, answers: { [q1]: 1 } })).statusCode).toBe(201);
    expect(await availableTo(a, exam._id)).toMatchObject({ status: 'submitted', canAttemptAgain: true, attempts: [{ attemptNumber: 1 }] });

    // "Attempt again": a fresh attempt with no answers.
    const second = await a.client.post(`/api/exams/${exam._id}/attempt`);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ answers: {}, currentQuestion: null });
    expect(await availableTo(a, exam._id)).toMatchObject({ status: 'in_progress' });
    expect((await a.client.post('/api/submissions', { examId: exam._id, answers: { [q1]: 1, [q2]: 0 } })).statusCode).toBe(201);
    // A submission sent with no attempt running starts and submits the next one.
    expect((await a.client.post('/api/submissions', { examId: exam._id, answers: {} })).statusCode).toBe(201);

    const rows = await submissionsOf(exam._id, a.id);
    expect(rows.map((r) => r.attemptNumber).sort()).toEqual([1, 2, 3]);
    // Marks only once the results are published, as everywhere a student reads them.
    expect((await availableTo(a, exam._id))?.attempts.map((x) => [x.attemptNumber, x.marksObtained])).toEqual([
      [3, null],
      [2, null],
      [1, null],
    ]);
    expect((await t.admin.patch(`/api/submissions/admin/publish-results/${exam._id}`)).statusCode).toBe(200);
    const item = await availableTo(a, exam._id);
    expect(item?.attempts.map((x) => [x.attemptNumber, x.marksObtained])).toEqual([
      [3, 0],
      [2, 4],
      [1, 2],
    ]);
    expect(
      (await a.client.get('/api/submissions/my-submissions')).json().filter((s: { exam: { _id: string } }) => s.exam._id === exam._id),
    ).toHaveLength(3);
  });

  it('a ranked exam still takes one submission; a practice exam takes none after its close', async () => {
    const ranked = await forBatchA();
    const a = await batchStudent(t, batchA);
    await a.client.post(`/api/exams/${ranked._id}/attempt`);
    expect((await a.client.post('/api/submissions', { examId: ranked._id, answers: {} })).statusCode).toBe(201);
    expect((await a.client.post('/api/submissions', { examId: ranked._id, answers: {} })).statusCode).toBe(409);
    expect((await a.client.post(`/api/exams/${ranked._id}/attempt`)).statusCode).toBe(409);

    const practice = await forBatchA({ mode: 'practice', closesAt: hoursFromNow(1) });
    await a.client.post(`/api/exams/${practice._id}/attempt`);
    expect((await a.client.post('/api/submissions', { examId: practice._id, answers: {} })).statusCode).toBe(201);
    await t.admin.patch(`/api/exams/${practice._id}`, { closesAt: new Date(Date.now() - 1000).toISOString() });
    expect(await availableTo(a, practice._id)).toMatchObject({ status: 'submitted', canAttemptAgain: false });
    expect((await a.client.post(`/api/exams/${practice._id}/attempt`)).statusCode).toBe(409);
    expect((await a.client.post('/api/submissions', { examId: practice._id, answers: {} })).statusCode).toBe(409);
  });

  it('the sweeper closes an overdue practice attempt into its own submission', async () => {
    const exam = await forBatchA({ mode: 'practice' });
    const a = await batchStudent(t, batchA);
    await a.client.post(`/api/exams/${exam._id}/attempt`);
    await a.client.post('/api/submissions', { examId: exam._id, answers: {} });
    await a.client.post(`/api/exams/${exam._id}/attempt`);
    await ageAttempt(t, exam._id, a.id, 600);
    await closeOverdueAttempts(t.ctx);
    const rows = await submissionsOf(exam._id, a.id);
    expect(rows.map((r) => [r.attemptNumber, r.autoSubmitted]).sort()).toEqual([
      [1, false],
      [2, true],
    ]);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, type TestApp } from '../../../test/helpers.ts';
import { examAttempts, submissions } from '../../db/schema.ts';
import { closeOverdueAttempts } from './sweeper.ts';
import { createCourse, createExam, type ExamJson, examPayload } from '../exams/test-fixtures.ts';

let t: TestApp;
let exam: ExamJson;
beforeAll(async () => {
  t = await createTestApp();
  exam = await createExam(t, examPayload(await createCourse(t)));
});
afterAll(() => t?.close());

const [mcq1, mcq2, desc] = [0, 1, 2];
const qid = (i: number) => exam.questions[i]._id;

/** Moves an attempt's start and deadline into the past. */
async function age(studentId: string, secondsPastDeadline: number) {
  await t.ctx.db
    .update(examAttempts)
    .set({
      startedAt: sql`now() - make_interval(secs => ${30 * 60 + secondsPastDeadline})`,
      deadline: sql`now() - make_interval(secs => ${secondsPastDeadline})`,
    })
    .where(and(eq(examAttempts.examId, exam._id), eq(examAttempts.studentId, studentId)));
}

const submissionOf = async (studentId: string) =>
  (
    await t.ctx.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.examId, exam._id), eq(submissions.studentId, studentId)))
  )[0];

describe('start, autosave and resume', () => {
  it('resumes the same attempt with the saved answers and the server time', async () => {
    const s = await t.createStudent();
    const first = await s.client.post(`/api/exams/${exam._id}/attempt`);
    expect(first.statusCode).toBe(200);
    const a = first.json();
    expect(new Date(a.deadline).getTime() - new Date(a.startedAt).getTime()).toBe(30 * 60_000);
    expect(a.remainingSeconds).toBeGreaterThan(29 * 60);
    expect(a.remainingSeconds).toBeLessThanOrEqual(30 * 60);
    expect(a.answers).toEqual({});

    let save = await s.client.put(`/api/exams/${exam._id}/attempt/answers`, { answers: { [qid(mcq1)]: 1, [qid(desc)]: 'Draft' } });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json()).toHaveProperty('savedAt');
    expect(save.json()).toHaveProperty('serverNow');
    save = await s.client.put(`/api/exams/${exam._id}/attempt/answers`, { answers: { [qid(desc)]: 'Final text', [qid(mcq2)]: null } });
    expect(save.statusCode).toBe(200);

    const again = (await s.client.post(`/api/exams/${exam._id}/attempt`)).json();
    expect(again.startedAt).toBe(a.startedAt);
    expect(again.deadline).toBe(a.deadline);
    expect(again.answers).toEqual({ [qid(mcq1)]: 1, [qid(desc)]: 'Final text', [qid(mcq2)]: null });

    const view = (await s.client.get(`/api/exams/${exam._id}`)).json();
    expect(view.attemptStatus).toBe('in_progress');
  });

  it('keeps the question the student is on, so a reload or another device reopens there', async () => {
    const s = await t.createStudent();
    const url = `/api/exams/${exam._id}/attempt`;
    expect((await s.client.post(url)).json().currentQuestion).toBeNull();
    // Moving on saves the position alone (no answers), then with an answer: the latest move wins.
    expect((await s.client.put(`${url}/answers`, { currentQuestion: qid(mcq2) })).statusCode).toBe(200);
    expect((await s.client.post(url)).json().currentQuestion).toBe(qid(mcq2));
    expect((await s.client.put(`${url}/answers`, { answers: { [qid(mcq1)]: 0 }, currentQuestion: qid(desc) })).statusCode).toBe(200);
    // A save without a position (an answer typed on the same question) leaves it as it was.
    expect((await s.client.put(`${url}/answers`, { answers: { [qid(desc)]: 'Text' } })).statusCode).toBe(200);
    // Another device (a new sign-in) resumes on the same question.
    const [other] = await t.ctx.db.select().from(examAttempts).where(eq(examAttempts.studentId, s.id));
    expect(other.currentQuestion).toBe(qid(desc));
    const resumed = (await s.client.post(url)).json();
    expect(resumed.currentQuestion).toBe(qid(desc));
    expect(resumed.answers).toEqual({ [qid(mcq1)]: 0, [qid(desc)]: 'Text' });

    // A question of another exam, or not a question at all, is refused and changes nothing.
    const otherExam = await createExam(t, examPayload(await createCourse(t)));
    for (const bad of [otherExam.questions[0]._id, 'not-a-question', 12]) {
      const res = await s.client.put(`${url}/answers`, { currentQuestion: bad });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/currentQuestion/);
    }
    expect((await s.client.post(url)).json().currentQuestion).toBe(qid(desc));
  });

  it('shows an open attempt as in progress on the dashboard list, with the deadline and time left by the server', async () => {
    const s = await t.createStudent();
    const availableOne = async () =>
      ((await s.client.get('/api/exams/student/available')).json() as Record<string, unknown>[]).find((e) => e._id === exam._id);
    expect(await availableOne()).toMatchObject({ attemptStatus: 'not_started', deadline: null, remainingSeconds: null });
    const attempt = (await s.client.post(`/api/exams/${exam._id}/attempt`)).json();
    const open = await availableOne();
    expect(open).toMatchObject({ attemptStatus: 'in_progress', attempted: false, deadline: attempt.deadline });
    expect(open?.remainingSeconds).toBeGreaterThan(30 * 60 - 10);
    expect(open?.remainingSeconds).toBeLessThanOrEqual(30 * 60);
    expect((await s.client.post('/api/submissions', { examId: exam._id, answers: {} })).statusCode).toBe(201);
    expect(await availableOne()).toMatchObject({ attemptStatus: 'submitted', attempted: true, deadline: null, remainingSeconds: null });
  });

  it('gives one attempt to concurrent starts', async () => {
    const s = await t.createStudent();
    const [r1, r2] = await Promise.all([s.client.post(`/api/exams/${exam._id}/attempt`), s.client.post(`/api/exams/${exam._id}/attempt`)]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    expect(r1.json().startedAt).toBe(r2.json().startedAt);
    const rows = await t.ctx.db.select().from(examAttempts).where(eq(examAttempts.studentId, s.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses answers that do not belong to the exam or are out of range', async () => {
    const s = await t.createStudent();
    await s.client.post(`/api/exams/${exam._id}/attempt`);
    const url = `/api/exams/${exam._id}/attempt/answers`;
    const cases = [
      { [qid(mcq1)]: 3 },
      { [qid(mcq1)]: 'text for an mcq' },
      { [qid(desc)]: 2 },
      { '6f1b7b1e-0000-4000-8000-000000000000': 1 },
      { [qid(desc)]: 'x'.repeat(20_001) },
    ];
    for (const answers of cases) {
      const res = await s.client.put(url, { answers });
      expect(res.statusCode, JSON.stringify(answers).slice(0, 80)).toBe(400);
    }
    const saved = (await s.client.post(`/api/exams/${exam._id}/attempt`)).json();
    expect(saved.answers).toEqual({});
  });

  it('never lands a save its device gave up on after the newer one sent again', async () => {
    const s = await t.createStudent();
    await s.client.post(`/api/exams/${exam._id}/attempt`);
    const token = await t.tokenFor(s.email, PASSWORD);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another save holds the attempt's row (a slow database) and lands first: the device's save waits behind it.
    const locker = t.ctx.db.transaction(async (tx) => {
      await tx.update(examAttempts).set({ savedAt: new Date() }).where(eq(examAttempts.studentId, s.id));
      locked();
      await held;
    });
    await isLocked;
    // The web app's timeout: the device hangs up and will send its newest answers again.
    const abandoned = fetch(`${address}/api/exams/${exam._id}/attempt/answers`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ answers: { [qid(mcq1)]: 1, [qid(desc)]: 'Older text' } }),
      signal: AbortSignal.timeout(500),
    });
    await expect(abandoned).rejects.toThrow();
    // The server sees the hang-up (the closed connection) before the row is free.
    await new Promise((r) => setTimeout(r, 200));
    release();
    await locker;
    // The abandoned request has had its turn at the row: another save had landed since it read the
    // attempt, so it took the lock, found its device gone and was dropped.
    await new Promise((r) => setTimeout(r, 300));
    const newer = await s.client.put(`/api/exams/${exam._id}/attempt/answers`, { answers: { [qid(desc)]: 'Newer text' } });
    expect(newer.statusCode).toBe(200);
    expect((await s.client.post(`/api/exams/${exam._id}/attempt`)).json().answers).toEqual({ [qid(desc)]: 'Newer text' });
    // A save the device waits for over a real connection is applied (the connection is still open).
    const kept = await fetch(`${address}/api/exams/${exam._id}/attempt/answers`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ answers: { [qid(mcq1)]: 2 } }),
    });
    expect(kept.status).toBe(200);
    const resumed = (await s.client.post(`/api/exams/${exam._id}/attempt`)).json();
    expect(resumed.answers).toEqual({ [qid(desc)]: 'Newer text', [qid(mcq1)]: 2 });
  });

  it('needs a started attempt to save', async () => {
    const s = await t.createStudent();
    const res = await s.client.put(`/api/exams/${exam._id}/attempt/answers`, { answers: {} });
    expect(res.statusCode).toBe(409);
    expect((await s.client.post('/api/submissions', { examId: exam._id, answers: {} })).statusCode).toBe(409);
    expect((await t.visitor.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(401);
  });
});

describe('the deadline', () => {
  it('accepts a submission within the grace, merging the answers sent over the saved ones', async () => {
    const s = await t.createStudent();
    await s.client.post(`/api/exams/${exam._id}/attempt`);
    await s.client.put(`/api/exams/${exam._id}/attempt/answers`, { answers: { [qid(mcq1)]: 0, [qid(mcq2)]: 0 } });
    await age(s.id, 10);
    const res = await s.client.post('/api/submissions', { examId: exam._id, answers: { [qid(mcq1)]: 1 } });
    expect(res.statusCode, res.body).toBe(201);
    const sub = await submissionOf(s.id);
    expect(Number(sub.marksObtained)).toBe(4);
    expect(sub.autoSubmitted).toBe(false);
    expect(sub.totalTimeTaken).toBe(30 * 60);
  });

  it('refuses a submission after deadline + grace and closes the attempt with the saved answers', async () => {
    const s = await t.createStudent();
    await s.client.post(`/api/exams/${exam._id}/attempt`);
    await s.client.put(`/api/exams/${exam._id}/attempt/answers`, { answers: { [qid(mcq1)]: 1, [qid(mcq2)]: 1 } });
    await age(s.id, 31);
    const res = await s.client.post('/api/submissions', { examId: exam._id, answers: { [qid(mcq2)]: 0, [qid(desc)]: 'late text' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
    const sub = await submissionOf(s.id);
    expect(sub).toBeDefined();
    expect(sub.autoSubmitted).toBe(true);
    expect(Number(sub.marksObtained)).toBe(2);
    expect(sub.correctAnswers).toBe(1);
    expect(sub.incorrectAnswers).toBe(1);
    expect(sub.answers.find((a) => a.questionId === qid(desc))?.textAnswer).toBeNull();
    expect(sub.status).toBe('EVALUATED');
    const [attempt] = await t.ctx.db.select().from(examAttempts).where(eq(examAttempts.studentId, s.id));
    expect(attempt.closedAt).not.toBeNull();

    const restart = await s.client.post(`/api/exams/${exam._id}/attempt`);
    expect(restart.statusCode).toBe(409);
    expect(restart.json().message).toBe('Already Attempted');
    const available = (await s.client.get('/api/exams/student/available')).json();
    expect(available.find((e: { _id: string }) => e._id === exam._id)).toMatchObject({ attempted: true, attemptStatus: 'submitted' });
  });

  it('refuses a save after deadline + grace and closes the attempt', async () => {
    const s = await t.createStudent();
    await s.client.post(`/api/exams/${exam._id}/attempt`);
    await s.client.put(`/api/exams/${exam._id}/attempt/answers`, { answers: { [qid(desc)]: 'Saved in time' } });
    await age(s.id, 40);
    const res = await s.client.put(`/api/exams/${exam._id}/attempt/answers`, { answers: { [qid(desc)]: 'Too late' } });
    expect(res.statusCode).toBe(409);
    const sub = await submissionOf(s.id);
    expect(sub.answers.find((a) => a.questionId === qid(desc))?.textAnswer).toBe('Saved in time');
    expect(sub.status).toBe('SUBMITTED');
  });

  it('the sweeper submits overdue attempts once, with their saved answers, and leaves running ones', async () => {
    const late = await t.createStudent();
    const running = await t.createStudent();
    for (const s of [late, running]) {
      await s.client.post(`/api/exams/${exam._id}/attempt`);
      await s.client.put(`/api/exams/${exam._id}/attempt/answers`, { answers: { [qid(mcq1)]: 1 } });
    }
    await age(late.id, 60);
    const [n1, n2] = await Promise.all([closeOverdueAttempts(t.ctx), closeOverdueAttempts(t.ctx)]);
    expect(n1 + n2).toBe(1);
    expect(await closeOverdueAttempts(t.ctx)).toBe(0);
    const sub = await submissionOf(late.id);
    expect(sub).toMatchObject({ autoSubmitted: true, correctAnswers: 1, unattempted: 2 });
    expect(Number(sub.marksObtained)).toBe(2);
    expect(await submissionOf(running.id)).toBeUndefined();
    const resumed = await running.client.post(`/api/exams/${exam._id}/attempt`);
    expect(resumed.statusCode).toBe(200);
  });

  it('the sweeper closes many overdue attempts together, each into its own submission with its own saved answers', async () => {
    // [saved answers, correct, wrong, marks] per student: both right, one right, one wrong, nothing saved.
    const cases = [
      [{ [qid(mcq1)]: 1, [qid(mcq2)]: 0 }, 2, 0, 4],
      [{ [qid(mcq1)]: 1 }, 1, 0, 2],
      [{ [qid(mcq2)]: 1, [qid(desc)]: 'Late words' }, 0, 1, 0],
      [{}, 0, 0, 0],
    ] as const;
    const students = [];
    for (const [answers] of cases) {
      const s = await t.createStudent();
      await s.client.post(`/api/exams/${exam._id}/attempt`);
      if (Object.keys(answers).length > 0) await s.client.put(`/api/exams/${exam._id}/attempt/answers`, { answers });
      await age(s.id, 60);
      students.push(s);
    }
    expect(await closeOverdueAttempts(t.ctx)).toBe(cases.length);
    for (const [i, [answers, correct, wrong, marks]] of cases.entries()) {
      const sub = await submissionOf(students[i].id);
      expect(sub, `student ${i}`).toMatchObject({ autoSubmitted: true, correctAnswers: correct, incorrectAnswers: wrong });
      expect(Number(sub.marksObtained), `student ${i}`).toBe(marks);
      expect(sub.submittedAt.getTime() - sub.startedAt.getTime()).toBeGreaterThan(30 * 60_000);
      const [attempt] = await t.ctx.db
        .select()
        .from(examAttempts)
        .where(and(eq(examAttempts.examId, exam._id), eq(examAttempts.studentId, students[i].id)));
      expect(attempt.closedAt, `student ${i}`).toBeInstanceOf(Date);
      expect(attempt.answers).toEqual(answers);
    }
    expect(await closeOverdueAttempts(t.ctx)).toBe(0);
  });
});

describe('double submission', () => {
  it('gives exactly one 201 and one 409 for two submissions at once', async () => {
    const s = await t.createStudent();
    await s.client.post(`/api/exams/${exam._id}/attempt`);
    const body = { examId: exam._id, answers: { [qid(mcq1)]: 1 }, startTime: new Date().toISOString(), endTime: new Date().toISOString() };
    const results = await Promise.all([s.client.post('/api/submissions', body), s.client.post('/api/submissions', body)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    const conflict = results.find((r) => r.statusCode === 409);
    expect(conflict?.json()).toMatchObject({ code: 'CONFLICT', message: 'Already Attempted' });
    const rows = await t.ctx.db.select().from(submissions).where(eq(submissions.studentId, s.id));
    expect(rows).toHaveLength(1);
    const third = await s.client.post('/api/submissions', body);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('Already Attempted');
  });
});

import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { type AttemptAnswers, examAttempts, exams, submissions } from '../../db/schema.ts';
import { createCourse, createExam, type ExamJson, mcq, mcqOnlyPayload } from '../exams/test-fixtures.ts';
import { examForMarking, finalizeUnchangedAttempt } from './finalize.ts';
import { attemptVersion } from './saved-answers.ts';

let t: TestApp;
let exam: ExamJson;
let fourQuestions: ExamJson;
beforeAll(async () => {
  t = await createTestApp();
  const course = await createCourse(t);
  exam = await createExam(t, mcqOnlyPayload(course));
  fourQuestions = await createExam(t, mcqOnlyPayload(course, { title: 'Four MCQs', questions: [1, 2, 3, 4].map((n) => mcq(n)) }));
});
afterAll(() => t?.close());

/** A student with an open attempt and one saved answer; returns what the submit path would read. */
async function openAttempt(paper = exam) {
  const s = await t.createStudent();
  expect((await s.client.post(`/api/exams/${paper._id}/attempt`)).statusCode).toBe(200);
  const q0 = paper.questions[0]._id;
  expect((await s.client.put(`/api/exams/${paper._id}/attempt/answers`, { answers: { [q0]: 1 } })).statusCode).toBe(200);
  const [attempt] = await t.ctx.db
    .select({ ...getTableColumns(examAttempts), version: attemptVersion })
    .from(examAttempts)
    .where(and(eq(examAttempts.examId, paper._id), eq(examAttempts.studentId, s.id)));
  const [examRow] = await t.ctx.db.select(examForMarking).from(exams).where(eq(examForMarking.id, paper._id));
  const qs = await t.ctx.caches.markingQuestions.get(t.ctx.db, examRow);
  const input = (answers: AttemptAnswers) => ({ attempt, exam: examRow, qs, answers, now: new Date(), autoSubmitted: false });
  return { s, attempt, input };
}

const submissionsOf = (studentId: string, paper = exam) =>
  t.ctx.db
    .select()
    .from(submissions)
    .where(and(eq(submissions.examId, paper._id), eq(submissions.studentId, studentId)));

describe('closing an unchanged attempt in one statement', () => {
  it('closes the attempt and writes its marked submission together', async () => {
    const { s, attempt, input } = await openAttempt();
    const answers = { ...attempt.answers, [exam.questions[1]._id]: 1 };
    const done = await finalizeUnchangedAttempt(t.ctx.db, input(answers));
    expect(done?.submission).toMatchObject({ studentId: s.id, marksObtained: 2, correctAnswers: 1, incorrectAnswers: 1 });
    const [closed] = await t.ctx.db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
    expect(closed.closedAt).not.toBeNull();
    expect(closed.answers).toEqual(answers);
    const rows = await submissionsOf(s.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: done?.submission.id, marksObtained: 2, totalMarks: 4, status: 'EVALUATED', isPassed: true });
  });

  it('writes nothing when a save changed the answers after they were read', async () => {
    const { s, attempt, input } = await openAttempt();
    const q1 = exam.questions[1]._id;
    expect((await s.client.put(`/api/exams/${exam._id}/attempt/answers`, { answers: { [q1]: 0 } })).statusCode).toBe(200);
    expect(await finalizeUnchangedAttempt(t.ctx.db, input(attempt.answers))).toBeNull();
    const [still] = await t.ctx.db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
    expect(still.closedAt).toBeNull();
    expect(still.answers).toMatchObject({ [q1]: 0 });
    expect(await submissionsOf(s.id)).toHaveLength(0);
    // The submit still goes through, on the locked path, with the newer save kept.
    const res = await s.client.post('/api/submissions', { examId: exam._id, answers: {} });
    expect(res.statusCode, res.body).toBe(201);
    expect((await submissionsOf(s.id))[0].answers.find((a) => a.questionId === q1)?.selectedOption).toBe(0);
  });

  it('writes nothing when the row was written without a save (another instance, a restart): its version moved', async () => {
    const { s, attempt, input } = await openAttempt();
    const q1 = exam.questions[1]._id;
    // saved_at and the attempt number stay as read; only the row's version tells the write apart.
    await t.ctx.db
      .update(examAttempts)
      .set({ answers: sql`${examAttempts.answers} || ${JSON.stringify({ [q1]: 0 })}::jsonb` })
      .where(eq(examAttempts.id, attempt.id));
    expect(await finalizeUnchangedAttempt(t.ctx.db, input({ ...attempt.answers }))).toBeNull();
    const [still] = await t.ctx.db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
    expect(still.closedAt).toBeNull();
    expect(await submissionsOf(s.id)).toHaveLength(0);
  });

  it('writes nothing a second time once the attempt is closed', async () => {
    const { s, attempt, input } = await openAttempt();
    expect(await finalizeUnchangedAttempt(t.ctx.db, input(attempt.answers))).not.toBeNull();
    expect(await finalizeUnchangedAttempt(t.ctx.db, input(attempt.answers))).toBeNull();
    expect(await submissionsOf(s.id)).toHaveLength(1);
    expect((await s.client.post('/api/submissions', { examId: exam._id, answers: {} })).statusCode).toBe(409);
  });

  it('keeps the saved answers when the submit sends the same ones', async () => {
    const { s, attempt, input } = await openAttempt();
    expect(await finalizeUnchangedAttempt(t.ctx.db, input({ ...attempt.answers }))).not.toBeNull();
    const [closed] = await t.ctx.db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
    expect(closed.closedAt).not.toBeNull();
    expect(closed.answers).toEqual(attempt.answers);
    expect((await submissionsOf(s.id))[0].correctAnswers + (await submissionsOf(s.id))[0].incorrectAnswers).toBe(1);
  });

  it('stores a cleared answer as cleared: only the changes travel, merged over the saved map', async () => {
    const { s, attempt, input } = await openAttempt();
    const q0 = exam.questions[0]._id;
    const q1 = exam.questions[1]._id;
    expect(await finalizeUnchangedAttempt(t.ctx.db, input({ [q0]: null, [q1]: 0 }))).not.toBeNull();
    const [closed] = await t.ctx.db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
    expect(closed.answers).toEqual({ [q0]: null, [q1]: 0 });
    const [row] = await submissionsOf(s.id);
    expect(row.answers.find((a) => a.questionId === q0)?.selectedOption).toBeNull();
    expect(row.unattempted).toBe(exam.questions.length - 1);
  });

  it('takes every question of the paper with the unanswered ones as null, storing no entry for those never answered', async () => {
    const { s, attempt, input } = await openAttempt(fourQuestions);
    const [q0, q1, q2, q3] = fourQuestions.questions.map((q) => q._id);
    // As the exam screen submits: every question in the paper's order; q0 as saved (mcq(1): right), q1 answered
    // now (mcq(2) has option 2 right: wrong), q2 and q3 never answered.
    const done = await finalizeUnchangedAttempt(t.ctx.db, input({ [q0]: 1, [q1]: 0, [q2]: null, [q3]: null }));
    expect(done?.submission).toMatchObject({ correctAnswers: 1, incorrectAnswers: 1, unattempted: 2 });
    const [closed] = await t.ctx.db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
    expect(closed.closedAt).not.toBeNull();
    expect(closed.answers).toEqual({ [q0]: 1, [q1]: 0 });
    const [row] = await submissionsOf(s.id, fourQuestions);
    expect(row.answers.map((a) => a.selectedOption)).toEqual([1, 0, null, null]);
  });

  it('leaves answers that drop a saved one to the locked path, writing nothing', async () => {
    const { s, attempt, input } = await openAttempt();
    expect(await finalizeUnchangedAttempt(t.ctx.db, input({ [exam.questions[1]._id]: 0 }))).toBeNull();
    const [still] = await t.ctx.db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
    expect(still.closedAt).toBeNull();
    expect(still.answers).toEqual(attempt.answers);
    expect(await submissionsOf(s.id)).toHaveLength(0);
  });

  it('closes the attempts submitted together in one batch, each into its own submission', async () => {
    const opened = await Promise.all([openAttempt(), openAttempt(), openAttempt(), openAttempt()]);
    // The third student's save lands after the read: only that one is left to the locked path.
    const q1 = exam.questions[1]._id;
    expect((await opened[2].s.client.put(`/api/exams/${exam._id}/attempt/answers`, { answers: { [q1]: 1 } })).statusCode).toBe(200);
    const done = await Promise.all(
      opened.map(({ attempt, input }, i) => finalizeUnchangedAttempt(t.ctx.db, input({ ...attempt.answers, [q1]: i % 2 }))),
    );
    expect(done.map((d) => d !== null)).toEqual([true, true, false, true]);
    for (const [i, { s }] of opened.entries()) {
      const rows = await submissionsOf(s.id);
      if (i === 2) {
        expect(rows).toHaveLength(0);
        continue;
      }
      expect(rows).toHaveLength(1);
      expect(rows[0].id).toBe(done[i]?.submission.id);
      expect(rows[0].answers.find((a) => a.questionId === q1)?.selectedOption).toBe(i % 2);
    }
  });

  it('closes an attempt named twice in one batch once', async () => {
    const { s, attempt, input } = await openAttempt();
    const done = await Promise.all([
      finalizeUnchangedAttempt(t.ctx.db, input(attempt.answers)),
      finalizeUnchangedAttempt(t.ctx.db, input(attempt.answers)),
    ]);
    expect(done.filter((d) => d !== null)).toHaveLength(1);
    expect(await submissionsOf(s.id)).toHaveLength(1);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { type AttemptAnswers, examAttempts, submissions } from '../../db/schema.ts';
import { createCourse, createExam, type ExamJson, examPayload } from '../exams/test-fixtures.ts';
import { attemptKey, attemptVersion, SavedAnswersCache, savedAnswers } from './saved-answers.ts';

describe('the saved answers held by version', () => {
  it('hands a map out only at the version it was held at', () => {
    const c = new SavedAnswersCache();
    c.set('e:s', '10', { q1: 1 });
    expect(c.get('e:s', '10')).toEqual({ q1: 1 });
    expect(c.get('e:s', '11')).toBeUndefined();
    expect(c.get('e:other', '10')).toBeUndefined();
    expect(c.versionOf('e:s')).toBe('10');
  });

  it('merges a save over the held map as jsonb || does, into a new map, leaving the held one as it was', () => {
    const c = new SavedAnswersCache();
    const held: AttemptAnswers = { q1: 1, q2: 'draft' };
    c.set('e:s', '10', held);
    expect(c.merged('e:s', '10', '11', { q2: null, q3: 0 })).toBe(true);
    expect({ ...c.get('e:s', '11') }).toEqual({ q1: 1, q2: null, q3: 0 });
    expect(held).toEqual({ q1: 1, q2: 'draft' });
    expect(c.get('e:s', '10')).toBeUndefined();
  });

  it('holds nothing after a save over a map it did not hold at that version', () => {
    const c = new SavedAnswersCache();
    c.set('e:s', '10', { q1: 1 });
    expect(c.merged('e:s', '9', '11', { q2: 0 })).toBe(false);
    expect(c.versionOf('e:s')).toBeUndefined();
    expect(c.merged('e:none', '1', '2', { q2: 0 })).toBe(false);
    expect(c.size).toBe(0);
  });

  it('stays within its bytes, the oldest written entries going first, and never holds a map larger than all of it', () => {
    // Each entry below: 64 for itself, 48 for its key and 2 per character of its text.
    const c = new SavedAnswersCache(3 * (64 + 48 + 2 * 100));
    const text = 'x'.repeat(100);
    for (const s of ['a', 'b', 'c']) c.set(s, '1', { q: text });
    expect(c.size).toBe(3);
    c.set('a', '2', { q: text });
    c.set('d', '1', { q: text });
    expect(c.versionOf('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((s) => c.versionOf(s))).toEqual(['2', '1', '1']);
    c.set('huge', '1', { q: 'x'.repeat(10_000) });
    expect(c.versionOf('huge')).toBeUndefined();
    expect(c.size).toBe(3);
  });
});

describe('saves and submits with the held answers', () => {
  let t: TestApp;
  let exam: ExamJson;
  beforeAll(async () => {
    t = await createTestApp();
    exam = await createExam(t, examPayload(await createCourse(t)));
  });
  afterAll(() => t?.close());
  const q = (i: number) => exam.questions[i]._id;
  const save = (s: Awaited<ReturnType<TestApp['createStudent']>>, answers: Record<string, unknown>) =>
    s.client.put(`/api/exams/${exam._id}/attempt/answers`, { answers });
  const submissionOf = async (studentId: string) =>
    (
      await t.ctx.db
        .select()
        .from(submissions)
        .where(and(eq(submissions.examId, exam._id), eq(submissions.studentId, studentId)))
    )[0];
  const versionOf = async (studentId: string) =>
    (
      await t.ctx.db
        .select({ version: attemptVersion })
        .from(examAttempts)
        .where(and(eq(examAttempts.examId, exam._id), eq(examAttempts.studentId, studentId)))
    )[0].version;

  it('holds the map each save leaves at the row version it left, and the submit marks what was saved', async () => {
    const s = await t.createStudent();
    expect((await s.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(200);
    const key = attemptKey(exam._id, s.id);
    expect((await save(s, { [q(0)]: 1, [q(2)]: 'Draft' })).statusCode).toBe(200);
    expect((await save(s, { [q(1)]: 0, [q(2)]: 'Final' })).statusCode).toBe(200);
    const version = await versionOf(s.id);
    expect({ ...savedAnswers(t.ctx.db).get(key, version) }).toEqual({ [q(0)]: 1, [q(1)]: 0, [q(2)]: 'Final' });
    const res = await s.client.post('/api/submissions', { examId: exam._id, answers: { [q(1)]: 1 } });
    expect(res.statusCode, res.body).toBe(201);
    const row = await submissionOf(s.id);
    const chosen = Object.fromEntries(row.answers.map((a) => [a.questionId, a.selectedOption ?? a.textAnswer]));
    expect(chosen).toMatchObject({ [q(0)]: 1, [q(1)]: 1, [q(2)]: 'Final' });
    // The closed attempt's map is let go.
    expect(savedAnswers(t.ctx.db).versionOf(key)).toBeUndefined();
  });

  it('reads the answers from the database when the row was written where this server did not see it', async () => {
    const s = await t.createStudent();
    expect((await s.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(200);
    expect((await save(s, { [q(0)]: 1 })).statusCode).toBe(200);
    const key = attemptKey(exam._id, s.id);
    const held = savedAnswers(t.ctx.db).versionOf(key);
    expect(held).toBeDefined();
    // Another instance's save: the same merge, written behind this server's back.
    await t.ctx.db
      .update(examAttempts)
      .set({ answers: sql`${examAttempts.answers} || ${JSON.stringify({ [q(1)]: 0 })}::jsonb` })
      .where(and(eq(examAttempts.examId, exam._id), eq(examAttempts.studentId, s.id)));
    expect(await versionOf(s.id)).not.toBe(held);
    const res = await s.client.post('/api/submissions', { examId: exam._id, answers: {} });
    expect(res.statusCode, res.body).toBe(201);
    const row = await submissionOf(s.id);
    expect(row.answers.find((a) => a.questionId === q(0))?.selectedOption).toBe(1);
    expect(row.answers.find((a) => a.questionId === q(1))?.selectedOption).toBe(0);
  });

  it('holds the answers again from the next save after a write it did not see', async () => {
    const s = await t.createStudent();
    expect((await s.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(200);
    expect((await save(s, { [q(0)]: 1 })).statusCode).toBe(200);
    await t.ctx.db
      .update(examAttempts)
      .set({ answers: sql`${examAttempts.answers} || ${JSON.stringify({ [q(1)]: 0 })}::jsonb` })
      .where(and(eq(examAttempts.examId, exam._id), eq(examAttempts.studentId, s.id)));
    expect((await save(s, { [q(2)]: 'Text' })).statusCode).toBe(200);
    const version = await versionOf(s.id);
    expect({ ...savedAnswers(t.ctx.db).get(attemptKey(exam._id, s.id), version) }).toEqual({
      [q(0)]: 1,
      [q(1)]: 0,
      [q(2)]: 'Text',
    });
  });

  it('submits every student of a hall arriving together with their own saved answers', async () => {
    const hall = await Promise.all(Array.from({ length: 6 }, () => t.createStudent()));
    for (const s of hall) expect((await s.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(200);
    const saves = await Promise.all(hall.map((s, i) => save(s, { [q(0)]: i % 2, [q(2)]: `Answer ${i}` })));
    expect(saves.map((r) => r.statusCode)).toEqual(hall.map(() => 200));
    // One of them saved elsewhere too: their row's version is not the one held.
    await t.ctx.db
      .update(examAttempts)
      .set({ answers: sql`${examAttempts.answers} || ${JSON.stringify({ [q(1)]: 1 })}::jsonb` })
      .where(and(eq(examAttempts.examId, exam._id), eq(examAttempts.studentId, hall[3].id)));
    const results = await Promise.all(hall.map((s) => s.client.post('/api/submissions', { examId: exam._id, answers: {} })));
    expect(results.map((r) => r.statusCode)).toEqual(hall.map(() => 201));
    for (const [i, s] of hall.entries()) {
      const row = await submissionOf(s.id);
      expect(row.answers.find((a) => a.questionId === q(0))?.selectedOption).toBe(i % 2);
      expect(row.answers.find((a) => a.questionId === q(2))?.textAnswer).toBe(`Answer ${i}`);
      expect(row.answers.find((a) => a.questionId === q(1))?.selectedOption).toBe(i === 3 ? 1 : null);
    }
  });
});

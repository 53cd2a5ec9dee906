import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '@app/common/rules/dates';
import { DAILY_QUIZ_MSG, type DailyQuizStaff, type DailyQuizToday, type Leaderboard } from '@app/common/schemas/daily-quiz';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { bankQuestions, batches, dailyQuizSubmissions, notificationSends, users } from '../../db/schema.ts';
import { createCourse } from '../payments/test-fixtures.ts';
import { runDailyQuizReminders } from './reminders.ts';
import { periodOf, streakOf } from './service.ts';

// The daily quiz's API (docs/product-daily-quiz.md): the 06:00 IST opening, the audience, one submission
// with its keys at once, the streak, the leaderboard's own-place row and the evening reminder, once a day.

let t: TestApp;
let courseId: string;
let batchA: string;
let batchB: string;

// A Tuesday in India. 06:00 IST is 00:30 UTC.
const DAY = '2026-12-08';
const at = (utc: string) => new Date(`${DAY}T${utc}Z`);

async function makeBatch(name: string) {
  const [b] = await t.ctx.db
    .insert(batches)
    .values({
      name,
      courseId,
      centreId: 'dumdum',
      academicYear: '2026-27',
      timing: 'MORNING',
      capacity: 60,
      startsOn: '2026-06-01',
      endsOn: '2027-05-31',
    })
    .returning({ id: batches.id });
  return (b as { id: string }).id;
}

const mcq = (question: string, correctAnswer: number, explanation = `Because of ${question}`) => ({
  type: 'mcq',
  question,
  options: ['A', 'B', 'C', 'D'],
  correctAnswer,
  marks: 1,
  explanation,
});

async function createQuiz(body: Record<string, unknown>) {
  const res = await t.admin.post('/api/daily-quizzes', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as DailyQuizStaff;
}

beforeAll(async () => {
  t = await createTestApp();
  courseId = (await createCourse(t))._id;
  batchA = await makeBatch(`Quiz A ${randomUUID().slice(0, 4)}`);
  batchB = await makeBatch(`Quiz B ${randomUUID().slice(0, 4)}`);
}, 60_000);
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

describe('staff make a quiz', () => {
  it('refuses a quiz with no audience, a bad date or a question without its key, naming the field', async () => {
    const noAudience = await t.admin.post('/api/daily-quizzes', { date: DAY, questions: [mcq('Q', 0)] });
    expect(noAudience.statusCode).toBe(400);
    expect(JSON.stringify(noAudience.json())).toContain(DAILY_QUIZ_MSG.audience);
    const badDate = await t.admin.post('/api/daily-quizzes', { date: '8/12/2026', openToAll: true, questions: [mcq('Q', 0)] });
    expect(badDate.statusCode).toBe(400);
    const noKey = await t.admin.post('/api/daily-quizzes', {
      date: DAY,
      openToAll: true,
      questions: [{ question: 'Q', options: ['A', 'B'] }],
    });
    expect(noKey.statusCode).toBe(400);
    const unknownBank = await t.admin.post('/api/daily-quizzes', {
      date: DAY,
      openToAll: true,
      questions: [{ bankQuestionId: randomUUID() }],
    });
    expect(unknownBank.statusCode).toBe(400);
    expect(unknownBank.json().fields).toHaveProperty(['questions.0.bankQuestionId']);
  });

  it('copies a bank question when the quiz is made: a later edit in the bank does not change it', async () => {
    const [b] = await t.ctx.db
      .insert(bankQuestions)
      .values({
        question: 'Bank question',
        normalized: 'bank question',
        options: ['X', 'Y', 'Z'],
        correctAnswer: 2,
        explanation: 'Z it is',
      })
      .returning({ id: bankQuestions.id });
    const quiz = await createQuiz({ date: '2026-11-01', openToAll: true, questions: [{ bankQuestionId: b?.id }] });
    await t.ctx.db
      .update(bankQuestions)
      .set({ question: 'Changed' })
      .where(eq(bankQuestions.id, b?.id as string));
    expect(quiz.questions[0]).toMatchObject({
      question: 'Bank question',
      options: ['X', 'Y', 'Z'],
      correctAnswer: 2,
      explanation: 'Z it is',
    });
    const listed = (await t.admin.get('/api/daily-quizzes?from=2026-11-01&to=2026-11-01')).json() as DailyQuizStaff[];
    expect(listed.map((q) => q.questions[0]?.question)).toEqual(['Bank question']);
    const del = await t.admin.delete(`/api/daily-quizzes/${quiz._id}`);
    expect(del.statusCode).toBe(200);
    expect((await t.admin.delete(`/api/daily-quizzes/${quiz._id}`)).statusCode).toBe(404);
  });
});

describe("today's quiz and its submission", () => {
  let quiz: DailyQuizStaff;
  let inA: Awaited<ReturnType<TestApp['createStudent']>>;
  let inB: Awaited<ReturnType<TestApp['createStudent']>>;

  beforeAll(async () => {
    quiz = await createQuiz({
      date: DAY,
      title: 'Sample quiz',
      audience: { batches: [batchA] },
      negativeMarks: 0.25,
      questions: [mcq('One', 0), mcq('Two', 1), mcq('Three', 2)],
    });
    inA = await t.createStudent({ batchId: batchA });
    inB = await t.createStudent({ batchId: batchB });
  });

  it('is not shown before 06:00 IST and is from 06:00, without its keys', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at('00:29:59'));
    const early = await inA.client.get('/api/daily-quizzes/today');
    expect(early.statusCode).toBe(404);
    vi.setSystemTime(at('00:30:00'));
    const open = await inA.client.get('/api/daily-quizzes/today');
    expect(open.statusCode, open.body).toBe(200);
    const body = open.json() as DailyQuizToday;
    expect(body._id).toBe(quiz._id);
    expect(body.result).toBeNull();
    expect(open.body).not.toContain('correctAnswer');
    expect(open.body).not.toContain('Because of');
    // The next day it is gone.
    vi.setSystemTime(new Date(`${addDays(DAY, 1)}T04:00:00Z`));
    expect((await inA.client.get('/api/daily-quizzes/today')).statusCode).toBe(404);
  });

  it('is shown only to its audience: a student of another batch finds none and cannot submit it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at('04:00:00'));
    expect((await inB.client.get('/api/daily-quizzes/today')).statusCode).toBe(404);
    expect((await inB.client.post(`/api/daily-quizzes/${quiz._id}/submit`, { answers: {} })).statusCode).toBe(404);
  });

  it('marks a submission at once with the keys and explanations, the penalty for a wrong answer, and takes it once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at('04:00:00'));
    const [q1, q2] = quiz.questions;
    const res = await inA.client.post(`/api/daily-quizzes/${quiz._id}/submit`, {
      answers: { [q1?._id as string]: 0, [q2?._id as string]: 3 },
      timeTaken: 95,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ score: 0.75, maxScore: 3, correct: 1, wrong: 1, unattempted: 1, timeTaken: 95 });
    expect(result.questions[1]).toMatchObject({ selected: 3, correctAnswer: 1, explanation: 'Because of Two', outcome: 'wrong' });
    const again = await inA.client.post(`/api/daily-quizzes/${quiz._id}/submit`, { answers: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DAILY_QUIZ_MSG.alreadyTaken);
    const today = (await inA.client.get('/api/daily-quizzes/today')).json() as DailyQuizToday;
    expect(today.result?.score).toBe(0.75);
    // Its questions are now fixed.
    expect((await t.admin.patch(`/api/daily-quizzes/${quiz._id}`, { questions: [mcq('New', 0)] })).statusCode).toBe(409);
    expect((await t.admin.patch(`/api/daily-quizzes/${quiz._id}`, { title: 'Renamed' })).statusCode).toBe(200);
  });

  it('refuses answers that are not option numbers with 400', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at('04:00:00'));
    const res = await inB.client.post(`/api/daily-quizzes/${quiz._id}/submit`, { answers: { x: 'A' } });
    expect(res.statusCode).toBe(400);
  });

  it('reminds those of the audience who have not taken it, once that day', async () => {
    const first = await runDailyQuizReminders(t.ctx, at('13:30:00'));
    const again = await runDailyQuizReminders(t.ctx, at('14:30:00'));
    expect(again.reminders).toBe(0);
    const keys = await t.ctx.db.select().from(notificationSends).where(eq(notificationSends.kind, 'daily-quiz'));
    const subjects = keys.filter((k) => k.stage === DAY).map((k) => k.subjectId);
    expect(subjects).not.toContain(inA.id); // took it
    expect(subjects).not.toContain(inB.id); // not in its audience
    expect(first.reminders).toBe(subjects.length);
    expect(subjects.filter((s) => s === inA.id || s === inB.id)).toEqual([]);
  });

  it('reminds a student of the audience who has not taken it', async () => {
    const late = await t.createStudent({ batchId: batchA });
    const next = addDays(DAY, 2);
    await createQuiz({ date: next, audience: { batches: [batchA] }, questions: [mcq('Q', 0)] });
    const run = await runDailyQuizReminders(t.ctx, new Date(`${next}T13:30:00Z`));
    expect(run.reminders).toBeGreaterThanOrEqual(2);
    const keys = await t.ctx.db.select().from(notificationSends).where(eq(notificationSends.stage, next));
    expect(keys.map((k) => k.subjectId)).toEqual(expect.arrayContaining([late.id, inA.id]));
    expect((await runDailyQuizReminders(t.ctx, new Date(`${next}T15:00:00Z`))).reminders).toBe(0);
  });
});

describe('the streak', () => {
  it('counts consecutive days; a missed day breaks it; today not yet taken does not', () => {
    expect(streakOf([], DAY)).toEqual({ current: 0, longest: 0, takenToday: false });
    const days = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-05', '2026-12-06', '2026-12-07'];
    expect(streakOf(days, DAY)).toEqual({ current: 3, longest: 3, takenToday: false });
    expect(streakOf([...days, DAY], DAY)).toEqual({ current: 4, longest: 4, takenToday: true });
    expect(streakOf(days, addDays(DAY, 1))).toEqual({ current: 0, longest: 3, takenToday: false });
  });

  it('is read from the student’s submissions across days', async () => {
    const s = await t.createStudent();
    const quiz = await createQuiz({ date: '2026-10-01', openToAll: true, questions: [mcq('Q', 0)] });
    // Rows for past days as the submit would have stored them (one quiz stands for each day's).
    const days = ['2026-12-02', '2026-12-03', '2026-12-05', '2026-12-06', '2026-12-07'];
    const others = await Promise.all(days.map((d) => createQuiz({ date: d, openToAll: true, questions: [mcq('Q', 0)] })));
    await t.ctx.db
      .insert(dailyQuizSubmissions)
      .values(others.map((q, i) => ({ quizId: q._id, studentId: s.id, day: days[i] as string, answers: {}, score: 1 })));
    void quiz;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at('10:00:00'));
    const res = await s.client.get('/api/daily-quizzes/streak');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ current: 3, longest: 3, takenToday: false });
    vi.setSystemTime(new Date(`${addDays(DAY, 1)}T10:00:00Z`));
    expect((await s.client.get('/api/daily-quizzes/streak')).json()).toEqual({ current: 0, longest: 3, takenToday: false });
  });
});

describe('the leaderboard', () => {
  it('weeks run Monday to Sunday in India; months are calendar months', () => {
    expect(periodOf('week', DAY)).toEqual({ from: '2026-12-07', to: '2026-12-13' });
    expect(periodOf('week', '2026-12-13')).toEqual({ from: '2026-12-07', to: '2026-12-13' });
    expect(periodOf('month', '2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('shows ten, ranked by score then time, and the student’s own place outside them', async () => {
    const batch = await makeBatch(`Board ${randomUUID().slice(0, 4)}`);
    const quiz = await createQuiz({ date: '2026-12-07', audience: { batches: [batch] }, questions: [mcq('Q', 0)] });
    const others = [];
    for (let i = 0; i < 11; i++) others.push(await t.createStudent({ batchId: batch, firstName: `Top${i}`, lastName: 'sharma' }));
    const me = await t.createStudent({ batchId: batch });
    const outsider = await t.createStudent({ batchId: batchB });
    await t.ctx.db.insert(dailyQuizSubmissions).values([
      // Equal scores: less time ranks higher.
      ...others.map((o, i) => ({ quizId: quiz._id, studentId: o.id, day: '2026-12-07', answers: {}, score: 5, timeTaken: 100 + i })),
      { quizId: quiz._id, studentId: me.id, day: '2026-12-07', answers: {}, score: 1, timeTaken: 10 },
      { quizId: quiz._id, studentId: outsider.id, day: '2026-12-07', answers: {}, score: 99, timeTaken: 1 },
    ]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at('10:00:00'));
    const res = await me.client.get('/api/daily-quizzes/leaderboard?scope=batch&period=week');
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json() as Leaderboard;
    expect(board.top).toHaveLength(10);
    expect(board.top[0]).toEqual({ rank: 1, name: 'Top0 S.', score: 5, timeTaken: 100, me: false });
    expect(board.top.map((r) => r.name)).not.toContain('Top10 S.');
    expect(board.me).toEqual({ rank: 12, score: 1, timeTaken: 10 });
    // A student of the batch who took no quiz this week has no place.
    const idle = await t.createStudent({ batchId: batch });
    const theirs = (await idle.client.get('/api/daily-quizzes/leaderboard?scope=batch&period=month')).json() as Leaderboard;
    expect(theirs.top).toHaveLength(10);
    expect(theirs.me).toEqual({ rank: null, score: 0, timeTaken: 0 });
    expect((await me.client.get('/api/daily-quizzes/leaderboard?scope=school')).statusCode).toBe(400);
    const [row] = await t.ctx.db.select({ centreId: users.centreId }).from(users).where(eq(users.id, me.id));
    expect(row?.centreId).toBeTruthy();
  });
});

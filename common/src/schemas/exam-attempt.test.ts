import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answersMap, answerValue, saveAnswersBody } from './exam-attempt.ts';
import { MAX_TEXT_ANSWER } from './exams.ts';
import { submitBody } from './submissions.ts';

// The answers and seconds maps are checked in one pass; these pin that they accept and refuse exactly as the
// plain zod records they stand for, with the same wording at the same paths.
const answersRecord = z.record(z.string(), answerValue);
const secondsRecord = z.record(
  z.string(),
  z
    .number({ error: 'Time spent must be a number of seconds' })
    .int('Time spent must be whole seconds')
    .min(0, 'Time spent cannot be negative'),
  { error: 'timeSpent must map question ids to seconds' },
);
const issuesOf = (r: { success: boolean; error?: z.ZodError }) => r.error?.issues.map((i) => ({ path: i.path, message: i.message })) ?? [];

const values: unknown[] = [
  0,
  3,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 1,
  -1,
  1.5,
  '',
  'text',
  'x'.repeat(MAX_TEXT_ANSWER),
  'x'.repeat(MAX_TEXT_ANSWER + 1),
  null,
  true,
  {},
  [],
  [1],
];

describe('the answers map', () => {
  it.each(values.map((v) => [JSON.stringify(v)?.slice(0, 20), v]))('takes or refuses %s as the record does', (_, v) => {
    const map = { 'q-1': 1, 'q-2': v, 'q-3': null };
    const fast = answersMap.safeParse(map);
    const plain = answersRecord.safeParse(map);
    expect(fast.success).toBe(plain.success);
    expect(issuesOf(fast)).toEqual(issuesOf(plain));
    if (fast.success) expect(fast.data).toEqual(plain.data);
  });

  it.each([[[]], [null], ['a'], [3]])('refuses %j that is not a map, worded as the record words it', (v) => {
    expect(issuesOf(answersMap.safeParse(v))).toEqual(issuesOf(answersRecord.safeParse(v)));
    expect(answersMap.safeParse(v).success).toBe(false);
  });

  it('names each wrong entry under answers in a submission, and leaves the valid map as it came', () => {
    const examId = '2b1e8c1a-2d0f-4a8e-9b7e-0c6f3c1d2e4f';
    const bad = submitBody.safeParse({ examId, answers: { a: -1, b: true, c: 'x'.repeat(MAX_TEXT_ANSWER + 1), d: 2 } });
    expect(issuesOf(bad)).toEqual([
      { path: ['answers', 'a'], message: 'Invalid option' },
      { path: ['answers', 'b'], message: 'Invalid input' },
      { path: ['answers', 'c'], message: `An answer can be at most ${MAX_TEXT_ANSWER} characters` },
    ]);
    const answers = { a: 0, b: 'text', c: null };
    expect(submitBody.parse({ examId, answers }).answers).toEqual(answers);
    expect(submitBody.parse({ examId }).answers).toEqual({});
  });
});

describe('the seconds map of a save', () => {
  it.each([0, 7, -1, 1.5, '3', null, [], {}].map((v) => [JSON.stringify(v), v]))('takes or refuses %s as the record does', (_, v) => {
    const timeSpent = { 'q-1': 4, 'q-2': v };
    const fast = saveAnswersBody.shape.timeSpent.safeParse(timeSpent);
    const plain = secondsRecord.safeParse(timeSpent);
    expect(fast.success).toBe(plain.success);
    expect(issuesOf(fast)).toEqual(issuesOf(plain));
  });

  it('words a value that is not a map as before', () => {
    expect(issuesOf(saveAnswersBody.safeParse({ timeSpent: [1] }))).toEqual([
      { path: ['timeSpent'], message: 'timeSpent must map question ids to seconds' },
    ]);
    expect(saveAnswersBody.parse({}).timeSpent).toBeUndefined();
  });
});

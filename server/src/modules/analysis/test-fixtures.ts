import { expect } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { createCourse } from '../exams/test-fixtures.ts';

const courses = new WeakMap<TestApp, Promise<string>>();
/** One course per test app for every paper of the file. */
export function courseOf(t: TestApp) {
  if (!courses.has(t)) courses.set(t, createCourse(t, 'CLAT Preparation'));
  return courses.get(t) as Promise<string>;
}

/**
 * A two-section ranked mock: "Legal Reasoning" (a passage with two 1-mark MCQs) then "English" (two
 * 1-mark MCQs), −0.25 for a wrong answer. Every correct answer is option 0.
 */
export function rankedPaper(overrides: Record<string, unknown> = {}) {
  const mcq = (question: string) => ({
    type: 'mcq',
    question,
    options: ['right', 'wrong'],
    correctAnswer: 0,
    marks: 1,
    explanation: `Because ${question} is right`,
  });
  return {
    title: 'Ranked Mock',
    description: 'A ranked mock',
    duration: 60,
    totalMarks: 4,
    resultMode: 'rank',
    negativeMarks: 0.25,
    sections: [
      { title: 'Legal Reasoning', passages: [{ body: 'A passage on torts.', questions: [mcq('LR1'), mcq('LR2')] }] },
      { title: 'English', questions: [mcq('EN1'), mcq('EN2')] },
    ],
    ...overrides,
  };
}

export type PaperJson = {
  _id: string;
  sections: { _id: string; title: string }[];
  questions: { _id: string; section: string | null }[];
};

export async function createRankedExam(t: TestApp, overrides: Record<string, unknown> = {}): Promise<PaperJson> {
  const res = await t.admin.post('/api/exams', rankedPaper({ course: await courseOf(t), ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** 'r' right, 'w' wrong, '-' left, per question in paper order (LR1, LR2, EN1, EN2). */
export type Pattern = string;

/** A new student sits the paper with this pattern; answers the student and their submission id. */
export async function sit(t: TestApp, exam: PaperJson, pattern: Pattern, overrides: Record<string, unknown> = {}) {
  const s = await t.createStudent(overrides);
  expect((await s.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(200);
  const answers: Record<string, number | null> = {};
  exam.questions.forEach((q, i) => {
    const c = pattern[i];
    answers[q._id] = c === 'r' ? 0 : c === 'w' ? 1 : null;
  });
  const res = await s.client.post('/api/submissions', { examId: exam._id, answers });
  expect(res.statusCode, res.body).toBe(201);
  return { student: s, submissionId: res.json().submission._id as string };
}

export async function publish(t: TestApp, examId: string) {
  const res = await t.admin.patch(`/api/submissions/admin/publish-results/${examId}`);
  expect(res.statusCode, res.body).toBe(200);
}

/** The caller's result for this exam from GET /api/results/student. */
export async function resultOf(client: TestApp['admin'], examId: string) {
  const res = await client.get('/api/results/student');
  expect(res.statusCode).toBe(200);
  return (res.json() as { exam: { _id: string }; rank: number | null; candidates: number | null; percentile: number | null }[]).find(
    (r) => r.exam._id === examId,
  );
}

import { inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { submissions } from '../../db/schema.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { courseOf, type PaperJson } from '../analysis/test-fixtures.ts';

// Hand-made submissions with negative marking for the objection and regrade tests (docs/product-regrade.md).

/** Two sections of two 1-mark MCQs with options A-D, key A (index 0), 0.25 off for a wrong answer; ranked. */
export function paper(title: string, extra: Record<string, unknown>[] = []) {
  const mcq = (question: string) => ({ type: 'mcq', question, options: ['A1', 'B1', 'C1', 'D1'], correctAnswer: 0, marks: 1 });
  return {
    title,
    description: 'Regrade mock',
    duration: 60,
    totalMarks: 4 + extra.reduce((s, q) => s + Number(q.marks), 0),
    resultMode: 'rank',
    negativeMarks: 0.25,
    sections: [
      { title: 'Legal Reasoning', questions: [mcq('Q1'), mcq('Q2')] },
      { title: 'English', questions: [mcq('Q3'), mcq('Q4'), ...extra] },
    ],
  };
}

export async function createPaper(t: TestApp, title: string, extra: Record<string, unknown>[] = []): Promise<PaperJson> {
  const res = await t.admin.post('/api/exams', { ...paper(title, extra), course: await courseOf(t) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A new student submits these answers (an option index or null per question, in paper order). */
export async function sitWith(t: TestApp, exam: PaperJson, choices: (number | string | null)[]) {
  const s = await t.createStudent();
  expect((await s.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(200);
  const answers = Object.fromEntries(exam.questions.map((q, i) => [q._id, choices[i] ?? null]));
  const res = await s.client.post('/api/submissions', { examId: exam._id, answers });
  expect(res.statusCode, res.body).toBe(201);
  return { student: s, submissionId: res.json().submission._id as string };
}

export type Sitting = Awaited<ReturnType<typeof sitWith>>;

/** [marks obtained, total marks] of each submission, in the order of `ids`. */
export const marksOf = async (t: TestApp, ids: string[]) => {
  const rows = await t.ctx.db
    .select({ id: submissions.id, marks: submissions.marksObtained, total: submissions.totalMarks })
    .from(submissions)
    .where(inArray(submissions.id, ids));
  return ids.map((id) => {
    const r = rows.find((x) => x.id === id);
    return [Number(r?.marks), Number(r?.total)];
  });
};

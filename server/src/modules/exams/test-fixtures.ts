import { expect } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';

export async function createCourse(t: TestApp, name = 'CLAT Preparation') {
  const res = await t.admin.post('/api/courses', {
    name,
    description: 'Coaching',
    price: 25000,
    feeType: 'full',
    duration: '6 months',
    features: ['Mocks'],
  });
  expect(res.statusCode).toBe(201);
  return res.json()._id as string;
}

/** Three questions: two MCQ (2 marks each, correct options 1 and 0) and one descriptive (6 marks). */
export function examPayload(courseId: string, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Legal Reasoning Mock 1',
    description: 'A mock test',
    course: courseId,
    duration: 30,
    totalMarks: 10,
    passingMarks: 4,
    instructions: ['Read carefully', '  '],
    questions: [
      {
        type: 'mcq',
        question: 'Capital of India?',
        options: ['Mumbai', 'New Delhi', 'Kolkata', ''],
        correctAnswer: 1,
        marks: 2,
        explanation: 'It is New Delhi',
      },
      { type: 'mcq', question: 'Article 21 protects?', options: ['Life and liberty', 'Property'], correctAnswer: 0, marks: 2 },
      { type: 'descriptive', question: 'Explain res judicata.', marks: 6 },
    ],
    ...overrides,
  };
}

export const mcqOnlyPayload = (courseId: string, overrides: Record<string, unknown> = {}) =>
  examPayload(courseId, {
    title: 'MCQ only',
    totalMarks: 4,
    passingMarks: 2,
    questions: [
      { type: 'mcq', question: 'Q1', options: ['a', 'b', 'c'], correctAnswer: 1, marks: 2 },
      { type: 'mcq', question: 'Q2', options: ['a', 'b'], correctAnswer: 0, marks: 2 },
    ],
    ...overrides,
  });

export type ExamJson = { _id: string; questions: { _id: string; type: string; correctAnswer?: number; marks: number }[] };

export async function createExam(t: TestApp, body: Record<string, unknown>): Promise<ExamJson> {
  const res = await t.admin.post('/api/exams', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** MCQ number `n`: four options, option `n % 4` correct, 1 mark. */
export const mcq = (n: number, extra: Record<string, unknown> = {}) => ({
  type: 'mcq',
  question: `Question ${n}`,
  options: ['A', 'B', 'C', 'D'],
  correctAnswer: n % 4,
  marks: 1,
  explanation: `Because ${n}`,
  ...extra,
});

/**
 * Two sections, −0.25 a wrong answer, 5 marks: "English Language" (a passage of questions 1 and 2, the
 * second with its own −0.5, then a standalone question 3) and "Quantitative Techniques" (question 4, 2 marks).
 */
export function sectionedPaper(courseId: string, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Sectioned mock',
    description: 'Passages and penalties',
    course: courseId,
    duration: 20,
    totalMarks: 5,
    passingMarks: 2,
    negativeMarks: 0.25,
    sections: [
      {
        title: 'English Language',
        instructions: 'Read the passage',
        questions: [mcq(3)],
        passages: [
          { body: 'A **passage** of text.\n\n| a | b |\n|---|---|\n| 1 | 2 |', questions: [mcq(1), mcq(2, { negativeMarks: 0.5 })] },
        ],
      },
      { title: 'Quantitative Techniques', questions: [mcq(4, { marks: 2 })] },
    ],
    ...overrides,
  };
}

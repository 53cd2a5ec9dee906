import type { SubmissionDetail } from '@app/common/schemas/submissions';
import { describe, expect, it } from 'vitest';
import { runningTotal } from './evaluate-modal.tsx';

// A 10-mark exam: an MCQ worth 2 answered right, descriptive questions worth 3 and 5.
const submission = {
  exam: {
    questions: [
      { _id: 'q1', type: 'mcq', marks: 2 },
      { _id: 'q2', type: 'descriptive', marks: 3 },
      { _id: 'q3', type: 'descriptive', marks: 5 },
    ],
  },
  answers: [{ questionId: 'q1', selectedOption: 0, textAnswer: null, marksObtained: 2 }],
} as unknown as Pick<SubmissionDetail, 'exam' | 'answers'>;

describe('the Evaluate modal running total', () => {
  it('adds the MCQ marks and the valid descriptive marks', () => {
    expect(runningTotal(submission, { q2: '2.5', q3: '4' })).toBe(8.5);
    expect(runningTotal(submission, { q2: '', q3: '' })).toBe(2);
  });

  it('leaves out marks the field refuses: above the maximum, negative, off the half-mark step, not a number', () => {
    expect(runningTotal(submission, { q2: '3.5', q3: '0.25' })).toBe(2);
    expect(runningTotal(submission, { q2: '-1', q3: 'abc' })).toBe(2);
    expect(runningTotal(submission, { q2: '3.5', q3: '5' })).toBe(7);
  });
});

import type { StudentResult } from '@app/common/schemas/submissions';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResultDetailsDialog } from './result-details-dialog.tsx';

afterEach(cleanup);

// A 6-question exam: 4 MCQs (1 right, 1 wrong, 2 left) and 2 evaluated descriptive answers.
const result: StudentResult = {
  _id: 's-1',
  exam: { _id: 'e-1', title: 'Legal Reasoning Test', resultMode: 'grade' },
  resultsPublished: true,
  rank: null,
  candidates: null,
  percentile: null,
  marksObtained: 7,
  totalMarks: 10,
  percentage: 70,
  grade: 'B',
  isPassed: true,
  correctAnswers: 1,
  incorrectAnswers: 1,
  unattempted: 2,
  feedback: null,
  status: 'EVALUATED',
  submittedAt: '2026-01-15T06:30:00.000Z',
};

describe('ResultDetailsDialog: the answer summary', () => {
  it('says that its counts are of the multiple-choice questions only', () => {
    render(<ResultDetailsDialog result={result} onClose={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Answer summary: multiple-choice questions' })).toBeTruthy();
    expect(screen.getByText('Descriptive answers are marked by the examiner and count in Marks above.')).toBeTruthy();
  });
});

import type { StudentResult } from '@app/common/schemas/submissions';
import { describe, expect, it } from 'vitest';
import { isPublished, publishedResultStats } from './student-results.ts';

const result = (over: Partial<StudentResult>): StudentResult => ({
  _id: 'r1',
  exam: { _id: 'e1', title: 'Legal Reasoning Mock 1', resultMode: 'grade' },
  resultsPublished: true,
  rank: null,
  candidates: null,
  percentile: null,
  marksObtained: 30,
  totalMarks: 40,
  percentage: 75,
  grade: 'B',
  isPassed: true,
  correctAnswers: 30,
  incorrectAnswers: 10,
  unattempted: 0,
  feedback: null,
  status: 'EVALUATED',
  submittedAt: '2026-03-01T05:30:00.000Z',
  ...over,
});

describe('the publication rule in the browser (docs/product.md section 4)', () => {
  it('shows marks only once the exam is published and the result has a percentage', () => {
    expect(isPublished(result({}))).toBe(true);
    expect(isPublished(result({ resultsPublished: false }))).toBe(false);
    expect(isPublished(result({ percentage: null, marksObtained: null }))).toBe(false);
  });

  it('averages the published results only, as a ratio of the summed marks', () => {
    const stats = publishedResultStats([
      result({ _id: 'a' }),
      result({ _id: 'b', marksObtained: 90, totalMarks: 120, percentage: 75 }),
      // Unpublished: its figures (were they sent) count for nothing.
      result({ _id: 'c', resultsPublished: false, marksObtained: 0, totalMarks: 100, percentage: 0 }),
    ]);
    expect(stats).toEqual({ published: 2, averagePercent: 75, bestPercent: 75 });
    expect(publishedResultStats([result({ resultsPublished: false })]).averagePercent).toBeNull();
  });
});

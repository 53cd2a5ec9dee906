import { describe, expect, it } from 'vitest';
import { areMarksVisible, areResultsOut, areSolutionsReleased, isRankedExam } from './publication.ts';

const published = { resultsPublished: true, mode: 'ranked', solutionsRelease: 'with_results' };
const hidden = { ...published, resultsPublished: false };

describe('the publication rule (docs/product.md section 10)', () => {
  it('lets a student read the results only once they are out', () => {
    expect(areResultsOut(published)).toBe(true);
    expect(areResultsOut(hidden)).toBe(false);
  });

  it('shows a submission its marks once out and evaluated, not while an answer waits for marks', () => {
    expect(areMarksVisible(published, { status: 'EVALUATED' })).toBe(true);
    expect(areMarksVisible(published, { status: 'SUBMITTED' })).toBe(false);
    expect(areMarksVisible(published, { status: 'PENDING' })).toBe(false);
    expect(areMarksVisible(hidden, { status: 'EVALUATED' })).toBe(false);
  });

  it('ranks a published exam that is not practice', () => {
    expect(isRankedExam(published)).toBe(true);
    expect(isRankedExam({ ...published, mode: 'practice' })).toBe(false);
    expect(isRankedExam(hidden)).toBe(false);
  });

  it('releases the solutions with the results, unless the exam never does', () => {
    expect(areSolutionsReleased(published)).toBe(true);
    expect(areSolutionsReleased({ ...published, solutionsRelease: 'never' })).toBe(false);
    expect(areSolutionsReleased(hidden)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { marksFor, mcqOutcome, penaltyOf, writtenAnswer } from './marking.ts';

describe('marking one question (docs/product-papers.md, "Marking")', () => {
  it("applies the question's own penalty, else the exam's", () => {
    expect(penaltyOf(0.5, 0.25)).toBe(0.5);
    expect(penaltyOf(0, 0.25)).toBe(0);
    expect(penaltyOf(null, 0.25)).toBe(0.25);
    expect(penaltyOf(undefined, '0.25')).toBe(0.25);
    expect(penaltyOf('1.5', 0)).toBe(1.5);
  });

  it('is unattempted without an option, correct on the key and wrong on any other', () => {
    expect(mcqOutcome(null, 1)).toBe('unattempted');
    expect(mcqOutcome(1, 1)).toBe('correct');
    expect(mcqOutcome(0, 1)).toBe('wrong');
    expect(mcqOutcome(0, null)).toBe('wrong');
  });

  it('marks every accepted option correct when a regrade accepts several', () => {
    expect(mcqOutcome(2, [0, 2])).toBe('correct');
    expect(mcqOutcome(1, [0, 2])).toBe('wrong');
    expect(mcqOutcome(1, [])).toBe('wrong');
    expect(mcqOutcome(null, [0, 2])).toBe('unattempted');
  });

  it('earns the marks, loses the penalty or scores 0, unrounded', () => {
    expect(marksFor('correct', 2, 0.25)).toBe(2);
    expect(marksFor('wrong', 2, 0.25)).toBe(-0.25);
    expect(marksFor('wrong', 1, 0)).toBe(-0);
    expect(marksFor('unattempted', 2, 0.25)).toBe(0);
  });

  it('counts a blank written answer as none', () => {
    expect(writtenAnswer('  An answer ')).toBe('  An answer ');
    for (const blank of ['', '   ', '\n', null, undefined, 3]) expect(writtenAnswer(blank)).toBeNull();
  });
});

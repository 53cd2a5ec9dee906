import { describe, expect, it } from 'vitest';
import { checkAnswers, isMcqOnly, markAnswers, type MarkQuestion, mergeAnswers } from './marking.ts';

const qs: MarkQuestion[] = [
  { id: 'q1', type: 'mcq', options: ['a', 'b', 'c', 'd'], correctAnswer: 1, marks: 1, negativeMarks: 0.25 },
  { id: 'q2', type: 'mcq', options: ['a', 'b', 'c', 'd'], correctAnswer: 2, marks: 1, negativeMarks: 0.25 },
  { id: 'q3', type: 'mcq', options: ['a', 'b', 'c', 'd'], correctAnswer: 0, marks: 2 },
  { id: 'q4', type: 'descriptive', options: [], correctAnswer: null, marks: 5 },
];

describe('merging the sent answers over the saved ones', () => {
  it('answers the saved map itself when the sent ones change nothing', () => {
    const saved = { q1: 1, q2: 0 };
    expect(mergeAnswers(saved, { q1: 1 })).toBe(saved);
    expect(mergeAnswers(saved, {})).toBe(saved);
  });

  it('answers the sent map with the saved answers it lacks when any differs or is new, leaving the saved map as it was', () => {
    const saved = { q1: 1, q2: 0 };
    const sent = { q2: 3 };
    expect(mergeAnswers(saved, sent)).toBe(sent);
    expect(sent).toEqual({ q1: 1, q2: 3 });
    expect(mergeAnswers(saved, { q3: null })).toEqual({ q1: 1, q2: 0, q3: null });
    expect(mergeAnswers(saved, { q1: null })).toEqual({ q1: null, q2: 0 });
    expect(saved).toEqual({ q1: 1, q2: 0 });
  });
});

describe('marking', () => {
  it('gives the marks for a right answer, takes the penalty for a wrong one and 0 for none', () => {
    const m = markAnswers(qs, { q1: 1, q2: 0 });
    expect(m).toMatchObject({ marksObtained: 0.75, correctAnswers: 1, incorrectAnswers: 1, unattempted: 2, status: 'EVALUATED' });
  });

  it('leaves a written descriptive answer waiting for an admin', () => {
    const m = markAnswers(qs, { q3: 0, q4: 'An answer' });
    expect(m.status).toBe('SUBMITTED');
    expect(m.answers[3]).toMatchObject({ textAnswer: 'An answer', marksObtained: null });
    expect(m.marksObtained).toBe(2);
  });

  it('keeps valid entries and names each invalid one', () => {
    const { clean, errors } = checkAnswers(qs, { q1: '2', q2: 7, q9: 1, q4: 3 });
    expect(clean).toEqual({ q1: 2 });
    expect(Object.keys(errors).sort()).toEqual(['answers.q2', 'answers.q4', 'answers.q9']);
  });
});

describe('whether a paper is MCQ only (the submit shows the score)', () => {
  it('is worked out for each list of questions, and again the same for the same list', () => {
    const mcqs = qs.slice(0, 3);
    expect(isMcqOnly(qs)).toBe(false);
    expect(isMcqOnly(mcqs)).toBe(true);
    expect(isMcqOnly(qs)).toBe(false);
    expect(isMcqOnly(mcqs)).toBe(true);
    expect(isMcqOnly([])).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { encodeMarkedAnswers } from '../../db/marked-answers.ts';
import { checkAnswers, isMcqOnly, markAnswers, markAnswersStored, type MarkQuestion, mergeAnswers } from './marking.ts';

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

describe("marking straight to the stored text (the submit's batched statement)", () => {
  const paper: MarkQuestion[] = [
    ...qs,
    { id: 'q"5\\', type: 'mcq', options: ['a', 'b'], correctAnswer: 0, marks: '1.5', negativeMarks: 0 },
    { id: 'q6', type: 'mcq', options: ['a', 'b', 'c'], correctAnswer: 2, marks: 3, negativeMarks: 1 / 3 },
    { id: 'q7', type: 'descriptive', options: [], correctAnswer: null, marks: 5 },
  ];
  const cases: Record<string, string | number | null>[] = [
    {},
    { q1: 1, q2: 0, q3: 3, q4: 'Ratio "decidendi" \\ obiter\n— ठीक है 👍', q6: 1, q7: '   ' },
    { q1: null, q2: '2', q3: 0, 'q"5\\': 1, q6: 2, q7: 'Short answer' },
    { q1: 9, q2: -1, q3: '0', q4: '', 'q"5\\': 0, q6: 0, unknown: 1 },
  ];
  it('gives exactly the JSON of the tuples and the tallies that marking to objects gives', () => {
    for (const answers of cases) {
      const objects = markAnswers(paper, answers);
      const { storedJson, ...totals } = markAnswersStored(paper, answers);
      expect(storedJson).toBe(JSON.stringify(encodeMarkedAnswers(objects.answers)));
      const { answers: _objects, ...objectTotals } = objects;
      expect(totals).toEqual(objectTotals);
    }
  });

  it("writes a wrong answer's penalty, a waiting answer's null and a written answer's text", () => {
    const { storedJson } = markAnswersStored(paper, { q1: 0, q4: 'Text', q6: 1 });
    expect(JSON.parse(storedJson)).toEqual([
      ['q1', 0, -0.25],
      ['q2', null, 0],
      ['q3', null, 0],
      ['q4', null, null, 'Text'],
      ['q"5\\', null, 0],
      ['q6', 1, -1 / 3],
      ['q7', null, 0],
    ]);
  });
});

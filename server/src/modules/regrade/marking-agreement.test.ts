import { penaltyOf } from '@app/common/rules/marking';
import { EXAM_PRESETS } from '@app/common/schemas/exam-presets';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markAnswers, type MarkQuestion } from '../exam-taking/marking.ts';
import { KEEP, type RegradeQuestion, remark } from './compute.ts';

// The submit's marking and the regrade's re-marking under no decision must give every submission the same
// marks: both go through common/src/rules/marking.ts, and this checks they still agree for every preset's
// penalty, with questions carrying their own penalties, several marks, and descriptive answers.

const penalties = [...new Set(EXAM_PRESETS.map((p) => p.negativeMarks))];
/** A two-decimal figure as the marks columns hold it (numeric(10,2)). */
const hundredths = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((n) => n / 100);

const question = fc.record({
  type: fc.constantFrom('mcq' as const, 'mcq' as const, 'mcq' as const, 'descriptive' as const),
  optionCount: fc.integer({ min: 2, max: 5 }),
  key: fc.integer({ min: 0, max: 4 }),
  marks: fc.oneof(fc.constantFrom(1, 2, 4), hundredths(10)),
  ownPenalty: fc.option(hundredths(3), { nil: null }),
});

/** An answer as a student may send it: an option (in range or not), text, blank or nothing. */
const answer = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.integer({ min: -1, max: 5 }),
  fc.constantFrom('', '  ', 'An answer', '2'),
);

const paper = fc
  .record({ examPenalty: fc.constantFrom(...penalties), questions: fc.array(question, { minLength: 1, maxLength: 40 }) })
  .chain((p) =>
    fc.record({ paper: fc.constant(p), answers: fc.array(answer, { minLength: p.questions.length, maxLength: p.questions.length }) }),
  );

describe('the submit and the regrade mark alike', () => {
  it('for every preset penalty, own penalties, several marks and every kind of answer', () => {
    expect(penalties).toEqual(expect.arrayContaining([0, 0.25]));
    fc.assert(
      fc.property(paper, ({ paper: { examPenalty, questions }, answers }) => {
        const marking: MarkQuestion[] = questions.map((q, i) => ({
          id: `q${i}`,
          type: q.type,
          options: q.type === 'mcq' ? Array.from({ length: q.optionCount }, (_, o) => `option ${o}`) : [],
          correctAnswer: q.type === 'mcq' ? q.key % q.optionCount : null,
          marks: q.marks,
          negativeMarks: penaltyOf(q.ownPenalty, examPenalty),
        }));
        const saved = Object.fromEntries(answers.flatMap((a, i) => (a === undefined ? [] : [[`q${i}`, a]])));
        const online = markAnswers(marking, saved as Record<string, number | string | null>);

        const regradeQuestions = new Map<string, RegradeQuestion>(
          marking.map((q, i) => [
            q.id,
            {
              id: q.id,
              type: q.type,
              marks: Number(q.marks),
              penalty: penaltyOf(questions[i].ownPenalty, examPenalty),
              originalAnswer: q.correctAnswer,
            },
          ]),
        );
        const totalMarks = marking.reduce((s, q) => s + Number(q.marks), 0);
        const again = remark({ answers: online.answers, status: online.status }, regradeQuestions, new Map(), {
          totalMarks,
          passingMarks: null,
        });
        expect(again.marksObtained).toBe(online.marksObtained);
        expect(again.answers.map((a) => a.marksObtained)).toEqual(online.answers.map((a) => a.marksObtained));
        expect([again.correctAnswers, again.incorrectAnswers, again.unattempted]).toEqual([
          online.correctAnswers,
          online.incorrectAnswers,
          online.unattempted,
        ]);
        // A decision to keep the key changes nothing either.
        const kept = remark(
          { answers: online.answers, status: online.status },
          regradeQuestions,
          new Map(marking.map((q) => [q.id, KEEP])),
          { totalMarks, passingMarks: null },
        );
        expect(kept.marksObtained).toBe(online.marksObtained);
      }),
      { numRuns: 500 },
    );
  });
});

// Marking one question (docs/product-papers.md, "Marking"; docs/product-regrade.md): the one rule behind the
// submit's marking (server exam-taking/marking.ts), the regrade's re-marking (regrade/compute.ts) and the
// penalties the paper preview shows. Pure and allocation-free: the exam hall marks about 120 answers per
// submit with it at the bell (docs/decisions/0012-exam-hall-hot-path.md,
// 0014-marked-answers-as-tuples.md).

export type Outcome = 'correct' | 'wrong' | 'unattempted';

/** What a wrong MCQ answer costs: the question's own penalty, else the exam's (null or absent: none of its own). */
export const penaltyOf = (own: number | string | null | undefined, examPenalty: number | string): number => Number(own ?? examPenalty);

/**
 * One MCQ answer's outcome: no option chosen is unattempted; a correct option is correct; any other is wrong.
 * `accepted` is the key (null: none) or, under a regrade's decision, every option that earns the marks.
 */
export function mcqOutcome(selected: number | null, accepted: number | null | readonly number[]): Outcome {
  if (selected === null) return 'unattempted';
  const isCorrect = typeof accepted === 'number' || accepted === null ? selected === accepted : accepted.includes(selected);
  return isCorrect ? 'correct' : 'wrong';
}

/**
 * The marks an outcome earns: the question's marks when correct, less its penalty when wrong, 0 unattempted.
 * Not rounded: marks and penalties have two decimals (numeric(10,2)); a submission's total is rounded once,
 * with round2 (rules/rounding.ts).
 */
export const marksFor = (outcome: Outcome, marks: number, penalty: number): number =>
  outcome === 'correct' ? marks : outcome === 'wrong' ? -penalty : 0;

/** A written answer's text, or null when it is blank (then the question is unattempted with 0). */
export const writtenAnswer = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

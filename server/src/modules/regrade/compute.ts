import { marksFor, mcqOutcome, type Outcome, writtenAnswer } from '@app/common/rules/marking';
import { round2 } from '@app/common/rules/rounding';
import { percentageOf } from '@app/common/rules/grades';
import type { DropMode, RegradeAction } from '@app/common/schemas/regrade';
import type { SubmissionAnswer } from '../../db/schema.ts';
import { passedOf } from '../exam-taking/marking.ts';

// The regrade's marking (docs/product-regrade.md): pure, so a dry run and an apply compute the same.

export type KeyDecision = {
  action: RegradeAction;
  correctAnswer: number | null;
  acceptedAnswers: number[] | null;
  dropMode: DropMode | null;
};

export const KEEP: KeyDecision = { action: 'keep', correctAnswer: null, acceptedAnswers: null, dropMode: null };

export type RegradeQuestion = {
  id: string;
  type: 'mcq' | 'descriptive';
  marks: number;
  /** What a wrong answer costs: the question's own penalty, else the exam's. */
  penalty: number;
  /** The key the paper was set with. */
  originalAnswer: number | null;
};

export type SubmissionMarks = {
  answers: SubmissionAnswer[];
  marksObtained: number;
  totalMarks: number;
  correctAnswers: number;
  incorrectAnswers: number;
  unattempted: number;
  isPassed: boolean | null;
};

/** The options that earn a question's marks under a decision (none for a dropped question). */
export function acceptedOf(q: RegradeQuestion, d: KeyDecision): number[] {
  if (d.action === 'changeKey') return d.correctAnswer === null ? [] : [d.correctAnswer];
  if (d.action === 'acceptAny') return d.acceptedAnswers ?? [];
  if (d.action === 'drop') return [];
  return q.originalAnswer === null ? [] : [q.originalAnswer];
}

/**
 * One MCQ answer under a decision, by the one marking rule (common/src/rules/marking.ts) against the options
 * the decision accepts: the penalty is the same for a new key as for the old. drop + awardAll gives the full
 * marks whatever the answer, drop + removeFromTotal 0 (and the question leaves the total).
 */
export function markMcq(q: RegradeQuestion, d: KeyDecision, selected: number | null): { obtained: number; outcome: Outcome } {
  const outcome: Outcome =
    d.action === 'drop' ? (d.dropMode === 'awardAll' ? 'correct' : 'unattempted') : mcqOutcome(selected, acceptedOf(q, d));
  return { obtained: marksFor(outcome, q.marks, q.penalty), outcome };
}

/**
 * A submission's marks from its original answers and every current decision. Descriptive answers keep
 * the marks an admin gave. The total is the exam's less the questions dropped with removeFromTotal.
 */
export function remark(
  stored: { answers: SubmissionAnswer[]; status: string },
  questions: Map<string, RegradeQuestion>,
  decisions: Map<string, KeyDecision>,
  exam: { totalMarks: number; passingMarks: number | null },
): SubmissionMarks {
  let correct = 0;
  let wrong = 0;
  let unattempted = 0;
  const answers = stored.answers.map((a): SubmissionAnswer => {
    const q = questions.get(a.questionId);
    if (!q) return a;
    if (q.type !== 'mcq') {
      if (writtenAnswer(a.textAnswer) === null) unattempted++;
      return a;
    }
    const { obtained, outcome } = markMcq(q, decisions.get(q.id) ?? KEEP, a.selectedOption);
    if (outcome === 'correct') correct++;
    else if (outcome === 'wrong') wrong++;
    else unattempted++;
    return { ...a, marksObtained: obtained };
  });
  let removed = 0;
  for (const [id, d] of decisions) {
    const q = questions.get(id);
    if (q && d.action === 'drop' && d.dropMode === 'removeFromTotal') removed += q.marks;
  }
  const marksObtained = round2(answers.reduce((s, a) => s + (a.marksObtained ?? 0), 0));
  const totalMarks = round2(exam.totalMarks - removed);
  const complete = answers.every((a) => a.marksObtained !== null);
  return {
    answers,
    marksObtained,
    totalMarks,
    correctAnswers: correct,
    incorrectAnswers: wrong,
    unattempted,
    isPassed: stored.status === 'EVALUATED' && complete ? passedOf(marksObtained, exam.passingMarks) : null,
  };
}

export const percentOf = (marks: number, total: number) => percentageOf(marks, total);

/** Whether the stored row differs from the recomputed one in anything the regrade writes. */
export function rowDiffers(before: Omit<SubmissionMarks, 'isPassed'> & { isPassed: boolean | null }, after: SubmissionMarks): boolean {
  if (before.marksObtained !== after.marksObtained || before.totalMarks !== after.totalMarks) return true;
  if (before.correctAnswers !== after.correctAnswers || before.incorrectAnswers !== after.incorrectAnswers) return true;
  if (before.unattempted !== after.unattempted || before.isPassed !== after.isPassed) return true;
  return before.answers.some((a, i) => a.marksObtained !== after.answers[i]?.marksObtained);
}

import { MCQ_OPTION_SLOTS, NEW_QUESTION_MARKS } from '@app/common/constants';
import type { QuestionInput, QuestionType } from '@app/common/schemas/exams';
import type { QuestionAdmin } from '@app/common/schemas/exam-views';
import type { BankQuestion } from '@app/common/schemas/question-bank';

/** A question as the form holds it: MCQ always has 4 option slots (docs/product.md section 9). */
export type QuestionDraft = {
  key: string;
  _id?: string;
  type: QuestionType;
  question: string;
  options: string[];
  correctAnswer: number;
  marks: number | string;
  /** This question's own penalty; blank: the exam's. */
  negativeMarks: number | string;
  explanation: string;
  /** A copy from the question bank: where it came from (docs/product-question-bank.md). */
  bankQuestionId?: string;
  bankVersion?: number;
};

let seq = 0;
const nextKey = () => `q${Date.now().toString(36)}${(seq++).toString(36)}`;

/** docs/product.md section 9: a new question is MCQ with 4 option slots and 1 mark. */
export function newQuestionDraft(): QuestionDraft {
  return {
    key: nextKey(),
    type: 'mcq',
    question: '',
    options: Array.from({ length: MCQ_OPTION_SLOTS }, () => ''),
    correctAnswer: 0,
    marks: NEW_QUESTION_MARKS,
    negativeMarks: '',
    explanation: '',
  };
}

/** `examPenalty`: a question whose penalty is the exam's shows a blank penalty (it follows the exam's). */
export function draftFromQuestion(q: QuestionAdmin, examPenalty = 0): QuestionDraft {
  const options = [...q.options];
  while (options.length < MCQ_OPTION_SLOTS) options.push('');
  return {
    key: nextKey(),
    _id: q._id,
    type: q.type,
    question: q.question,
    options,
    correctAnswer: q.correctAnswer ?? 0,
    marks: q.marks,
    negativeMarks: q.negativeMarks === examPenalty ? '' : q.negativeMarks,
    explanation: q.explanation ?? '',
  };
}

/** A copy of a bank question, linked to the version it copies. */
export function draftFromBank(q: BankQuestion): QuestionDraft {
  const options = [...q.options];
  while (options.length < MCQ_OPTION_SLOTS) options.push('');
  return {
    key: nextKey(),
    type: 'mcq',
    question: q.question,
    options,
    correctAnswer: q.correctAnswer,
    marks: q.marks,
    negativeMarks: q.negativeMarks ?? '',
    explanation: q.explanation ?? '',
    bankQuestionId: q._id,
    bankVersion: q.version,
  };
}

/** The question's own penalty as typed; null when blank (the exam's applies). */
export const ownPenaltyOf = (d: QuestionDraft) => (String(d.negativeMarks).trim() === '' ? null : d.negativeMarks);

export function draftToInput(d: QuestionDraft): QuestionInput & { bankQuestionId?: string; bankVersion?: number } {
  return {
    ...(d.bankQuestionId ? { bankQuestionId: d.bankQuestionId, bankVersion: d.bankVersion } : {}),
    _id: d._id,
    type: d.type,
    question: d.question,
    options: d.type === 'mcq' ? d.options : [],
    correctAnswer: d.type === 'mcq' ? d.correctAnswer : undefined,
    marks: d.marks,
    negativeMarks: ownPenaltyOf(d),
    explanation: d.explanation.trim() ? d.explanation : null,
  };
}

export const marksOf = (d: QuestionDraft) => {
  const n = Number(d.marks);
  return Number.isFinite(n) ? n : 0;
};

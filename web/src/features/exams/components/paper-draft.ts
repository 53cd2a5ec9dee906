import { round2 } from '@app/common/rules/rounding';
import type { QuestionInput } from '@app/common/schemas/exams';
import type { ExamAdmin } from '@app/common/schemas/exam-views';
import type { ExamPreset } from '@app/common/schemas/exam-presets';
import type { BankQuestion } from '@app/common/schemas/question-bank';
import { draftFromBank, draftFromQuestion, draftToInput, marksOf, type QuestionDraft } from './question-draft.ts';

/** A passage as the form holds it, with its questions in order. */
export type PassageDraft = { key: string; _id?: string; body: string; questions: QuestionDraft[]; bankPassageId?: string };
/** A section as the form holds it; `expected` is the question range of the preset it came from. */
export type SectionDraft = {
  key: string;
  _id?: string;
  title: string;
  instructions: string;
  expected?: { min: number; max: number };
  passages: PassageDraft[];
  questions: QuestionDraft[];
};

let seq = 0;
const nextPaperKey = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

export const newSection = (title = ''): SectionDraft => ({ key: nextPaperKey('s'), title, instructions: '', passages: [], questions: [] });
export const newPassage = (): PassageDraft => ({ key: nextPaperKey('p'), body: '', questions: [] });

export const sectionQuestions = (s: SectionDraft) => [...s.passages.flatMap((p) => p.questions), ...s.questions];

/** The sections of an exam as the admin view answers them (flat questions with their section and passage ids). */
export function sectionsFromExam(exam: ExamAdmin): SectionDraft[] {
  return exam.sections.map((s) => ({
    key: nextPaperKey('s'),
    _id: s._id,
    title: s.title,
    instructions: s.instructions ?? '',
    passages: s.passages.map((p) => ({
      key: nextPaperKey('p'),
      _id: p._id,
      body: p.body,
      questions: exam.questions.filter((q) => q.passage === p._id).map((q) => draftFromQuestion(q, exam.negativeMarks)),
    })),
    questions: exam.questions.filter((q) => q.section === s._id && !q.passage).map((q) => draftFromQuestion(q, exam.negativeMarks)),
  }));
}

/** The preset's sections, each with its expected range and no questions yet. */
export const sectionsFromPreset = (preset: ExamPreset): SectionDraft[] =>
  preset.sections.map((s) => ({ ...newSection(s.title), expected: { min: s.questionsMin, max: s.questionsMax } }));

export function sectionsToInput(sections: SectionDraft[]) {
  return sections.map((s) => ({
    _id: s._id,
    title: s.title,
    instructions: s.instructions.trim() ? s.instructions : null,
    passages: s.passages.map((p) => ({ _id: p._id, body: p.body, questions: p.questions.map(draftToInput) as QuestionInput[] })),
    questions: s.questions.map(draftToInput) as QuestionInput[],
  }));
}

export const paperMarks = (sections: SectionDraft[]) => round2(sections.flatMap(sectionQuestions).reduce((sum, q) => sum + marksOf(q), 0));

/** Sections whose question count falls outside the preset's range: a warning, never a refusal. */
export function rangeWarnings(sections: SectionDraft[]): string[] {
  return sections
    .filter((s) => s.expected)
    .flatMap((s) => {
      const n = sectionQuestions(s).length;
      const { min, max } = s.expected as { min: number; max: number };
      if (n >= min && n <= max) return [];
      const range = min === max ? `${min}` : `${min}-${max}`;
      return [`${s.title || 'A section'} has ${n} question${n === 1 ? '' : 's'}; the paper expects ${range}.`];
    });
}

/** Moves an item of a list by one place. */
export function moved<T>(list: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item);
  return next;
}

/** The bank questions the paper already holds (a draw never picks them again). */
export const bankIdsOf = (sections: SectionDraft[]) =>
  sections.flatMap(sectionQuestions).flatMap((q) => (q.bankQuestionId ? [q.bankQuestionId] : []));

/**
 * Adds copies of bank questions to a section: a standalone question as a standalone question, a
 * question on a bank passage into that passage (added once to the section, then shared).
 */
export function withBankQuestions(section: SectionDraft, picked: BankQuestion[]): SectionDraft {
  const passages = [...section.passages];
  const questions = [...section.questions];
  for (const q of picked) {
    if (!q.passage) {
      questions.push(draftFromBank(q));
      continue;
    }
    const bankPassageId = q.passage._id;
    const i = passages.findIndex((p) => p.bankPassageId === bankPassageId);
    if (i >= 0) passages[i] = { ...passages[i], questions: [...passages[i].questions, draftFromBank(q)] };
    else passages.push({ ...newPassage(), body: q.passage.body, bankPassageId, questions: [draftFromBank(q)] });
  }
  return { ...section, passages, questions };
}

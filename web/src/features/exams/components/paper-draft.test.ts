import type { BankQuestion } from '@app/common/schemas/question-bank';
import { describe, expect, it } from 'vitest';
import { bankIdsOf, newSection, sectionsToInput, withBankQuestions } from './paper-draft.ts';

const bankQuestion = (id: string, passage: { _id: string; body: string } | null): BankQuestion => ({
  _id: id,
  version: 2,
  exam: 'CLAT',
  section: 'Legal Reasoning',
  topic: 'Torts',
  difficulty: 2,
  source: 'Mock 1',
  tags: [],
  passage,
  question: `Question ${id}?`,
  options: ['a', 'b', 'c'],
  correctAnswer: 2,
  marks: 1,
  negativeMarks: null,
  explanation: null,
  timesUsed: 0,
  candidates: 0,
  correctShare: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('adding bank questions to a section (docs/product-question-bank.md)', () => {
  it('puts standalone ones with the standalone questions and shares one passage per bank passage', () => {
    const p = { _id: 'p1', body: 'The passage' };
    const section = withBankQuestions(newSection('Legal Reasoning'), [
      bankQuestion('q1', null),
      bankQuestion('q2', p),
      bankQuestion('q3', p),
    ]);
    expect(section.questions.map((q) => q.question)).toEqual(['Question q1?']);
    expect(section.passages).toHaveLength(1);
    expect(section.passages[0]).toMatchObject({ body: 'The passage', bankPassageId: 'p1' });
    expect(section.passages[0].questions.map((q) => q.question)).toEqual(['Question q2?', 'Question q3?']);
    // A later addition on the same passage joins it.
    const again = withBankQuestions(section, [bankQuestion('q4', p)]);
    expect(again.passages).toHaveLength(1);
    expect(bankIdsOf([again])).toEqual(['q2', 'q3', 'q4', 'q1']);
  });

  it('sends each copy whole, with the bank question and version it came from', () => {
    const section = withBankQuestions(newSection('Legal Reasoning'), [bankQuestion('q1', null)]);
    const [input] = sectionsToInput([section]);
    expect(input.questions[0]).toMatchObject({
      question: 'Question q1?',
      options: ['a', 'b', 'c', ''],
      correctAnswer: 2,
      marks: 1,
      negativeMarks: null,
      bankQuestionId: 'q1',
      bankVersion: 2,
    });
  });
});

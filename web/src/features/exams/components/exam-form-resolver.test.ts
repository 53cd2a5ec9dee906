import { EXAM_MESSAGES } from '@app/common/schemas/exams';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { type ExamDrafts, type ExamFields, errorMessages, examFormResolver } from './exam-form-resolver.ts';
import { newSection } from './paper-draft.ts';
import { newQuestionDraft } from './question-draft.ts';
import { scheduleDraftOf } from './schedule-fields.tsx';

const COURSE = '0b5d8c1e-2f4a-4c6b-9d3e-7a1f2b3c4d5e';
const fields: ExamFields = {
  title: 'Legal Reasoning Mock 1',
  description: 'Forty minutes on torts and contracts.',
  course: COURSE,
  duration: '40' as unknown as number,
  totalMarks: '2' as unknown as number,
  passingMarks: '1' as unknown as number,
  negativeMarks: '0' as unknown as number,
  resultMode: 'grade',
  tieBreakSection: '',
  solutionsRelease: 'with_results',
};
const question = (marks: number) => ({
  ...newQuestionDraft(),
  question: 'What is a tort?',
  options: ['A civil wrong', 'A crime', '', ''],
  marks,
});
const drafts = (over: Partial<ExamDrafts> = {}): ExamDrafts => ({
  instructions: ['Read every question.'],
  questions: [question(1), question(1)],
  sections: null,
  schedule: scheduleDraftOf(null),
  ...over,
});
const options = { fields: {}, shouldUseNativeValidation: false, criteriaMode: 'all' } as ResolverOptions<ExamFields>;

describe('the exam form resolver (the shared examBody schema)', () => {
  it('checks the fields first: their messages alone, before the paper is looked at', async () => {
    const result = await examFormResolver(drafts({ questions: [question(5)] }))({ ...fields, title: ' ' }, undefined, options);
    expect(result.errors.title?.message).toBe('Title is required');
    expect(result.errors.totalMarks).toBeUndefined();
  });

  it("then the whole paper: question marks that do not add up to the total are the total's message", async () => {
    const result = await examFormResolver(drafts({ questions: [question(1), question(2)] }))(fields, undefined, options);
    expect(result.errors.totalMarks?.message).toBe(EXAM_MESSAGES.totalMismatch(2, 3));
  });

  it('hands the body to the submit handler as it goes to the server: the paper, the schedule with the course as audience', async () => {
    const result = await examFormResolver(drafts())(fields, undefined, options);
    expect(result.errors).toEqual({});
    const body = result.values as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Legal Reasoning Mock 1',
      totalMarks: 2,
      instructions: ['Read every question.'],
      tieBreakSection: null,
      audience: { courses: [COURSE], batches: [], centres: [] },
    });
    expect(body.questions).toHaveLength(2);
  });

  it('sends a tie-break only while its section exists', async () => {
    const sections = [{ ...newSection('Legal Reasoning'), questions: [question(1), question(1)] }];
    const named = await examFormResolver(drafts({ questions: [], sections }))(
      { ...fields, tieBreakSection: 'Legal Reasoning' },
      undefined,
      options,
    );
    expect((named.values as Record<string, unknown>).tieBreakSection).toBe('Legal Reasoning');
    const gone = await examFormResolver(drafts({ questions: [], sections }))({ ...fields, tieBreakSection: 'English' }, undefined, options);
    expect(gone.errors).toEqual({});
    expect((gone.values as Record<string, unknown>).tieBreakSection).toBeNull();
  });

  it('reports the paper and schedule messages by the name they sit under', async () => {
    const schedule = { ...scheduleDraftOf(null), opensAt: '2026-05-02T10:00', closesAt: '2026-05-01T10:00' };
    const empty = { ...question(2), question: '' };
    const result = await examFormResolver(drafts({ questions: [empty], schedule }))(fields, undefined, options);
    const names = errorMessages(result.errors).map((m) => m.name);
    expect(names).toContain('questions');
    expect(names.some((n) => n === 'closesAt' || n === 'opensAt')).toBe(true);
  });
});

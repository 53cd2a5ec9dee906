import { describe, expect, it } from 'vitest';
import { marksView, type SubmissionRow } from './views.ts';

const row = (over: Partial<SubmissionRow> = {}): SubmissionRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  examId: '00000000-0000-4000-8000-000000000002',
  studentId: '00000000-0000-4000-8000-000000000003',
  answers: [{ questionId: 'q1', selectedOption: 1, textAnswer: null, marksObtained: 4 }],
  marksObtained: 4,
  totalMarks: 10,
  correctAnswers: 1,
  incorrectAnswers: 0,
  unattempted: 1,
  status: 'EVALUATED',
  attemptNumber: 1,
  isPassed: true,
  feedback: 'Well done',
  clientStartTime: null,
  clientEndTime: null,
  startedAt: new Date(),
  submittedAt: new Date(),
  totalTimeTaken: 60,
  autoSubmitted: false,
  evaluatedBy: null,
  evaluatedAt: null,
  ...over,
});

const hidden = { score: null, grade: null, isPassed: null, feedback: null };

describe('marksView (the publication rule)', () => {
  it('shows an admin the marks at all times', () => {
    const v = marksView(row({ status: 'SUBMITTED', isPassed: null }), { role: 'admin' });
    expect(v.score).toMatchObject({ marksObtained: 4, totalMarks: 10, percentage: 40 });
    expect(v.grade).toBeNull(); // no grade until every answer has marks
    expect(v.answers[0].marksObtained).toBe(4);
  });

  it('shows a student the marks of an evaluated submission once results are published', () => {
    const v = marksView(row(), { role: 'student', resultsPublished: true });
    expect(v).toMatchObject({ score: { percentage: 40 }, isPassed: true, feedback: 'Well done' });
    expect(v.grade).toEqual(expect.any(String));
    expect(v.answers[0].marksObtained).toBe(4);
  });

  it('hides every mark from a student before publication', () => {
    const v = marksView(row(), { role: 'student', resultsPublished: false });
    expect(v).toMatchObject(hidden);
    expect(v.answers).toEqual([{ questionId: 'q1', selectedOption: 1, textAnswer: null, marksObtained: null }]);
  });

  it('hides every mark from a student while a submission waits for evaluation, published or not', () => {
    const v = marksView(row({ status: 'SUBMITTED' }), { role: 'student', resultsPublished: true });
    expect(v).toMatchObject(hidden);
    expect(v.answers[0].marksObtained).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admitStudent,
  ANSWER_FIELDS,
  EXAM_FIELDS,
  expectError,
  expectFields,
  expectOk,
  expectStringIds,
  QUESTION_FIELDS,
  SCORE_FIELDS,
  SUBMISSION_FIELDS,
} from './contract-support.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// The API contract, the exam half of the journey (docs/product.md section 7, docs/product.md sections 7 and 10): an
// admitted student starts, saves and submits an exam; the admin evaluates and publishes; the student
// reads the results. Every answer carries at least the fields docs/product.md section 3 names.

let t: TestApp;
const state = { examId: '', mcqId: '', descId: '', requestEmail: `asha-${Date.now()}@example.com`, submissionId: '' };
let studentToken = '';
const student = () => t.withToken(studentToken);

beforeAll(async () => {
  t = await createTestApp();
  const course = {
    name: 'CLAT Preparation',
    description: 'CLAT',
    price: 25000,
    feeType: 'full',
    duration: '6 months',
    features: ['Mocks'],
  };
  const courseId = expectOk(await t.admin.post('/api/courses', course), 201)._id;
  const exam = expectOk(
    await t.admin.post('/api/exams', {
      title: 'CLAT Mock One',
      description: 'Legal reasoning',
      course: courseId,
      duration: 30,
      totalMarks: 10,
      passingMarks: 4,
      instructions: ['Read carefully'],
      questions: [
        { type: 'mcq', question: 'Article 21 protects?', options: ['Life and liberty', 'Property'], correctAnswer: 0, marks: 4 },
        { type: 'descriptive', question: 'Explain res judicata.', marks: 6 },
      ],
    }),
    201,
  );
  Object.assign(state, { examId: exam._id, mcqId: exam.questions[0]._id, descId: exam.questions[1]._id });
  const admitted = await admitStudent(t, {
    fullName: 'Asha Roy',
    email: state.requestEmail,
    course: courseId,
    centre: 'dumdum',
    education: 'B.A. LL.B.',
  });
  studentToken = admitted.token;
});
afterAll(async () => t?.close());

describe("the student's exam", () => {
  it('GET /api/exams/student/available and the student view of GET /api/exams/{examId}', async () => {
    const available = expectOk(await student().get('/api/exams/student/available'));
    expectFields(
      available.find((e: { _id: string }) => e._id === state.examId),
      EXAM_FIELDS,
      'available exam',
    );
    const exam = expectOk(await student().get(`/api/exams/${state.examId}`));
    expectFields(exam, [...EXAM_FIELDS, 'questions'], 'exam');
    for (const q of exam.questions) {
      expectFields(q, QUESTION_FIELDS, 'question');
      expect(q).not.toHaveProperty('correctAnswer');
      expect(q).not.toHaveProperty('explanation');
    }
  });

  it('starts, saves and submits: POST …/attempt, PUT …/attempt/answers, POST /api/submissions → message', async () => {
    const attempt = expectOk(await student().post(`/api/exams/${state.examId}/attempt`));
    expectFields(attempt, ['startedAt', 'deadline', 'serverNow', 'answers'], 'attempt');
    expectOk(await student().put(`/api/exams/${state.examId}/attempt/answers`, { answers: { [state.mcqId]: 0 } }));
    const resumed = expectOk(await student().post(`/api/exams/${state.examId}/attempt`));
    expect(resumed.answers).toEqual({ [state.mcqId]: 0 });
    const now = new Date().toISOString();
    const answers = { [state.mcqId]: 0, [state.descId]: 'A matter decided cannot be re-litigated.' };
    const res = await student().post('/api/submissions', { examId: state.examId, answers, startTime: now, endTime: now });
    expect([200, 201]).toContain(res.statusCode);
    expect(typeof res.json().message).toBe('string');
    state.submissionId = res.json().submission._id;
  });

  it('GET /api/submissions/my-submissions → list with the exam reference; GET /api/submissions/{id}', async () => {
    const mine = expectOk(await student().get('/api/submissions/my-submissions'));
    expect(mine).toHaveLength(1);
    expectFields(mine[0], SUBMISSION_FIELDS, 'my submission');
    expect(mine[0]).toMatchObject({ score: null, isPassed: null, feedback: null, exam: { _id: state.examId } });
    expect(mine[0].answers.every((a: { marksObtained: unknown }) => a.marksObtained === null)).toBe(true);
    const own = expectOk(await student().get(`/api/submissions/${state.submissionId}`));
    expectFields(own, SUBMISSION_FIELDS, 'submission');
    // Another student's submission is not theirs (docs/product.md section 7: 403 "not yours").
    const other = await t.createStudent();
    expectError(await other.client.get(`/api/submissions/${state.submissionId}`), 403, 'FORBIDDEN');
    expectError(await other.client.get('/api/submissions/00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    expect(expectOk(await other.client.get('/api/results/student'))).toEqual([]);
  });
});

describe('evaluation, publishing and results', () => {
  it('GET /api/submissions/admin → list; …/admin/all → {submissions, totalPages}', async () => {
    const list = expectOk(await t.admin.get('/api/submissions/admin'));
    expect(Array.isArray(list)).toBe(true);
    expectFields(list[0], SUBMISSION_FIELDS, 'submission');
    const page = expectOk(await t.admin.get(`/api/submissions/admin/all?page=1&limit=10&examId=${state.examId}`));
    expectFields(page, ['submissions', 'totalPages'], 'page');
    expect(page.totalPages).toBe(1);
    expectFields(page.submissions[0], SUBMISSION_FIELDS, 'submission');
    expectFields(page.submissions[0].score, SCORE_FIELDS, 'score');
    expect(expectOk(await t.admin.get('/api/submissions/admin/all?page=1&limit=10')).submissions).toHaveLength(1);
  });

  it('GET /api/submissions/{id} (admin) → the whole submission', async () => {
    const sub = expectOk(await t.admin.get(`/api/submissions/${state.submissionId}`));
    expectFields(sub, SUBMISSION_FIELDS, 'submission');
    expectFields(sub.score, SCORE_FIELDS, 'score');
    for (const a of sub.answers) expectFields(a, ANSWER_FIELDS, 'answer');
    expect(sub.status).toBe('SUBMITTED');
    expect(sub.isPassed).toBeNull();
    expect(sub.student).toMatchObject({ firstName: 'Asha', lastName: 'Roy', email: state.requestEmail, education: 'B.A. LL.B.' });
    expectStringIds(sub);
  });

  it('PATCH /api/submissions/{id}/evaluate → result', async () => {
    // Every answer may be sent back: the MCQ one repeats the server's marks and changes nothing.
    const answers = [
      { questionId: state.mcqId, marksObtained: 4 },
      { questionId: state.descId, marksObtained: 4.5 },
    ];
    const body = { answers, feedback: 'Good' };
    const res = expectOk(await t.admin.patch(`/api/submissions/${state.submissionId}/evaluate`, body));
    expect(res.submission).toMatchObject({ status: 'EVALUATED', isPassed: true, feedback: 'Good', score: { marksObtained: 8.5 } });
  });

  it('GET /api/results/student: no marks before publishing', async () => {
    const results = expectOk(await student().get('/api/results/student'));
    expectFields(results[0], ['_id', 'exam._id', 'exam.title', 'marksObtained', 'totalMarks', 'percentage', 'grade', 'isPassed'], 'result');
    expectFields(results[0], ['status', 'submittedAt'], 'result');
    expect(results[0]).toMatchObject({ marksObtained: null, percentage: null, grade: null });
  });

  it('PATCH …/admin/publish-results/{examId} and /unpublish-results/{examId} → message', async () => {
    const published = expectOk(await t.admin.patch(`/api/submissions/admin/publish-results/${state.examId}`));
    expect(typeof published.message).toBe('string');
    const results = expectOk(await student().get('/api/results/student'));
    expect(results[0]).toMatchObject({ marksObtained: 8.5, totalMarks: 10, percentage: 85, grade: 'A', isPassed: true });
    const exam = expectOk(await t.admin.get(`/api/exams/${state.examId}`));
    expect(exam.resultsPublished).toBe(true);
    expect(typeof exam.resultsPublishedAt).toBe('string');
    const own = expectOk(await student().get(`/api/submissions/${state.submissionId}`));
    expectFields(own.score, SCORE_FIELDS, 'score');
    expect(typeof expectOk(await t.admin.patch(`/api/submissions/admin/unpublish-results/${state.examId}`)).message).toBe('string');
    expect(expectOk(await student().get('/api/results/student'))[0].marksObtained).toBeNull();
  });
});

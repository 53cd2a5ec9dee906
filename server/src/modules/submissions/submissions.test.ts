import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { auditLog } from '../../db/schema.ts';
import { createCourse, createExam, type ExamJson, examPayload, mcqOnlyPayload } from '../exams/test-fixtures.ts';

let t: TestApp;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  courseId = await createCourse(t);
});
afterAll(() => t?.close());

type Student = Awaited<ReturnType<TestApp['createStudent']>>;

async function takeExam(s: Student, exam: ExamJson, answers: Record<string, number | string | null>) {
  expect((await s.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(200);
  const res = await s.client.post('/api/submissions', { examId: exam._id, answers, startTime: new Date().toISOString() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const MARK_KEYS = ['marksObtained', 'percentage', 'grade', 'feedback', 'isPassed'];

describe('MCQ marking', () => {
  it('marks an MCQ-only exam at once and answers the completion result', async () => {
    const exam = await createExam(t, mcqOnlyPayload(courseId));
    const s = await t.createStudent();
    const body = await takeExam(s, exam, { [exam.questions[0]._id]: 1, [exam.questions[1]._id]: 1 });
    expect(body.message).toBe('Exam submitted successfully');
    expect(body.submission.status).toBe('EVALUATED');
    expect(body.result).toEqual({
      resultMode: 'grade',
      marksObtained: 2,
      totalMarks: 4,
      percentage: 50,
      grade: 'C',
      isPassed: true,
      correctAnswers: 1,
      incorrectAnswers: 1,
      unattempted: 0,
    });
  });

  it('answers a ranked mock by score and percentage alone: no grade, no pass or fail, with or without passing marks', async () => {
    for (const passingMarks of [null, 2]) {
      const exam = await createExam(t, mcqOnlyPayload(courseId, { title: `Ranked ${passingMarks}`, resultMode: 'rank', passingMarks }));
      const s = await t.createStudent();
      const body = await takeExam(s, exam, { [exam.questions[0]._id]: 1, [exam.questions[1]._id]: 0 });
      expect(body.result).toEqual({
        resultMode: 'rank',
        marksObtained: 4,
        totalMarks: 4,
        percentage: 100,
        correctAnswers: 2,
        incorrectAnswers: 0,
        unattempted: 0,
      });
    }
  });

  it('leaves descriptive answers for the admin and gives no result before publication', async () => {
    const exam = await createExam(t, examPayload(courseId));
    const s = await t.createStudent();
    const body = await takeExam(s, exam, { [exam.questions[0]._id]: 1, [exam.questions[2]._id]: 'My essay' });
    expect(body.submission.status).toBe('SUBMITTED');
    expect(body.result).toBeUndefined();
    const detail = (await t.admin.get(`/api/submissions/${body.submission._id}`)).json();
    expect(detail.score).toMatchObject({ marksObtained: 2, totalMarks: 10, correctAnswers: 1, incorrectAnswers: 0, unattempted: 1 });
    expect(detail.isPassed).toBeNull();
    expect(detail.answers).toEqual([
      { questionId: exam.questions[0]._id, selectedOption: 1, textAnswer: null, marksObtained: 2 },
      { questionId: exam.questions[1]._id, selectedOption: null, textAnswer: null, marksObtained: 0 },
      { questionId: exam.questions[2]._id, selectedOption: null, textAnswer: 'My essay', marksObtained: null },
    ]);
    expect(detail.exam.questions[0].correctAnswer).toBe(1);
    expect(detail.student).toMatchObject({ _id: s.id, email: s.email, courseInterest: 'CLAT Preparation' });
  });
});

describe('evaluation and publishing', () => {
  let exam: ExamJson;
  let a: Student;
  let b: Student;
  let subA: string;
  let subB: string;
  beforeAll(async () => {
    exam = await createExam(t, examPayload(courseId, { title: 'Evaluated exam' }));
    a = await t.createStudent({ firstName: 'Asha' });
    b = await t.createStudent({ firstName: 'Bikram' });
    subA = (await takeExam(a, exam, { [exam.questions[0]._id]: 1, [exam.questions[1]._id]: 0, [exam.questions[2]._id]: 'Essay A' }))
      .submission._id;
    subB = (await takeExam(b, exam, { [exam.questions[0]._id]: 0, [exam.questions[2]._id]: 'Essay B' })).submission._id;
  });
  const descId = () => exam.questions[2]._id;

  it('keeps marks between 0 and the question maximum in steps of 0.5, descriptive only', async () => {
    const url = `/api/submissions/${subA}/evaluate`;
    for (const [marks, message] of [
      [6.5, 'Marks must be between 0 and 6'],
      [-1, 'Marks cannot be negative'],
      [2.25, 'Marks must be in steps of 0.5'],
      // Blank marks are not 0 marks.
      ['', 'Marks must be a number'],
      [null, 'Marks must be a number'],
    ] as const) {
      const res = await t.admin.patch(url, { answers: [{ questionId: descId(), marksObtained: marks }] });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const mcq = await t.admin.patch(url, { answers: [{ questionId: exam.questions[0]._id, marksObtained: 0 }] });
    expect(mcq.statusCode).toBe(400);
    expect(mcq.json().message).toBe('Only descriptive answers can be given marks');
    expect((await a.client.patch(url, { answers: [] })).statusCode).toBe(403);
  });

  it('refuses to publish while any submission is pending evaluation', async () => {
    const res = await t.admin.patch(`/api/submissions/admin/publish-results/${exam._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Cannot publish. 2 submissions pending evaluation.');
    const stats = (await t.admin.get('/api/submissions/admin/stats')).json();
    expect(stats.exams.find((e: { _id: string }) => e._id === exam._id)).toMatchObject({ submissions: 2, pending: 2, canPublish: false });
  });

  it('evaluates, recomputes totals and decides pass/fail', async () => {
    const res = await t.admin.patch(`/api/submissions/${subA}/evaluate`, {
      answers: [{ questionId: descId(), marksObtained: 4.5 }],
      feedback: 'Good structure',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Submission evaluated successfully!');
    expect(body.submission).toMatchObject({ status: 'EVALUATED', isPassed: true, feedback: 'Good structure', grade: 'A' });
    expect(body.submission.score).toMatchObject({ marksObtained: 8.5, totalMarks: 10, percentage: 85 });
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, subA));
    expect(audit[0]).toMatchObject({ action: 'submission.evaluate' });
    expect((audit[0].before as { marksObtained: number }).marksObtained).toBe(4);
    expect((audit[0].after as { marksObtained: number }).marksObtained).toBe(8.5);

    const again = await t.admin.patch(`/api/submissions/${subA}/evaluate`, { answers: [{ questionId: descId(), marksObtained: 0 }] });
    expect(again.json().submission.score.marksObtained).toBe(4);
    expect(again.json().submission.isPassed).toBe(true);
    expect(again.json().submission.feedback).toBe('Good structure');
    const one = await t.admin.patch(`/api/submissions/${subA}/evaluate`, { answers: [{ questionId: descId(), marksObtained: 6 }] });
    expect(one.json().submission.score.marksObtained).toBe(10);

    const still = await t.admin.patch(`/api/submissions/admin/publish-results/${exam._id}`);
    expect(still.json().message).toBe('Cannot publish. 1 submissions pending evaluation.');
  });

  it('hides marks from students before publication', async () => {
    const mine = await a.client.get('/api/submissions/my-submissions');
    expect(mine.statusCode).toBe(200);
    const item = mine.json().find((x: { _id: string }) => x._id === subA);
    expect(item.exam).toMatchObject({ _id: exam._id, title: 'Evaluated exam', totalMarks: 10, resultsPublished: false });
    expect(item).toMatchObject({ score: null, grade: null, isPassed: null, feedback: null });
    expect(mine.body).not.toContain('Good structure');

    const results = (await a.client.get('/api/results/student')).json();
    const r = results.find((x: { _id: string }) => x._id === subA);
    expect(r).toMatchObject({
      exam: { _id: exam._id },
      marksObtained: null,
      percentage: null,
      grade: null,
      isPassed: null,
      totalMarks: 10,
    });

    const detail = await a.client.get(`/api/submissions/${subA}`);
    expect(detail.statusCode).toBe(200);
    const d = detail.json();
    expect(d).toMatchObject({ score: null, isPassed: null, feedback: null, grade: null });
    expect(d.answers.every((x: { marksObtained: unknown }) => x.marksObtained === null)).toBe(true);
    expect(detail.body).not.toContain('correctAnswer');
    expect(detail.body).not.toContain('explanation');
    for (const key of MARK_KEYS) expect(d[key] ?? null).toBeNull();
  });

  it('keeps each student to their own submissions', async () => {
    // Another's submission is "not yours": 403 (docs/product.md section 7), with nothing of it in the answer.
    const other = await a.client.get(`/api/submissions/${subB}`);
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('Essay B');
    const results = (await a.client.get('/api/results/student')).json();
    expect(results.map((x: { _id: string }) => x._id)).not.toContain(subB);
    const mine = (await a.client.get('/api/submissions/my-submissions')).json();
    expect(mine.map((x: { _id: string }) => x._id)).not.toContain(subB);
  });

  it('publishes once all are evaluated, shows the marks, and unpublishes', async () => {
    await t.admin.patch(`/api/submissions/${subB}/evaluate`, { answers: [{ questionId: descId(), marksObtained: 1.5 }] });
    const pub = await t.admin.patch(`/api/submissions/admin/publish-results/${exam._id}`);
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json().message).toBe('Results published successfully! Students can now view their scores.');
    expect(pub.json().exam.resultsPublished).toBe(true);

    const results = (await b.client.get('/api/results/student')).json();
    expect(results[0]).toMatchObject({
      _id: subB,
      marksObtained: 1.5,
      totalMarks: 10,
      percentage: 15,
      grade: 'F',
      isPassed: false,
      status: 'EVALUATED',
    });
    const detail = (await a.client.get(`/api/submissions/${subA}`)).json();
    expect(detail.score.marksObtained).toBe(10);
    expect(detail.feedback).toBe('Good structure');

    const un = await t.admin.patch(`/api/submissions/admin/unpublish-results/${exam._id}`);
    expect(un.statusCode).toBe(200);
    expect(un.json().exam.resultsPublished).toBe(false);
    expect((await b.client.get('/api/results/student')).json()[0].marksObtained).toBeNull();
    const actions = (await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, exam._id))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['exam.publish_results', 'exam.unpublish_results']));
  });
});

describe('admin lists', () => {
  it('filters, sorts and pages in the server', async () => {
    const other = await createCourse(t, 'Judiciary');
    const e1 = await createExam(t, mcqOnlyPayload(courseId, { title: 'Paging A' }));
    const e2 = await createExam(t, mcqOnlyPayload(other, { title: 'Paging B', openToAll: true }));
    for (let i = 0; i < 12; i++) {
      const s = await t.createStudent({ firstName: `Pager${String(i).padStart(2, '0')}`, lastName: 'Zed' });
      await takeExam(s, i < 11 ? e1 : e2, { [e1.questions[0]._id]: 1, [e2.questions[0]._id]: 1 });
    }
    const page1 = (await t.admin.get(`/api/submissions/admin/all?examId=${e1._id}&sort=studentName&order=asc`)).json();
    expect(page1).toMatchObject({ total: 11, totalPages: 2, page: 1 });
    expect(page1.submissions).toHaveLength(10);
    expect(page1.submissions[0].student.firstName).toBe('Pager00');
    const page2 = (await t.admin.get(`/api/submissions/admin/all?examId=${e1._id}&sort=studentName&order=asc&page=2`)).json();
    expect(page2.submissions.map((s: { student: { firstName: string } }) => s.student.firstName)).toEqual(['Pager10']);

    const byCourse = (await t.admin.get(`/api/submissions/admin/all?courseId=${other}`)).json();
    expect(byCourse.total).toBe(1);
    expect(byCourse.submissions[0].exam.course).toEqual({ _id: other, name: 'Judiciary' });

    const search = (await t.admin.get('/api/submissions/admin/all?search=pager03')).json();
    expect(search.total).toBe(1);
    const noHit = (await t.admin.get('/api/submissions/admin/all?search=%25')).json();
    expect(noHit.total).toBe(0);
    for (const sort of ['submittedAt', 'studentName', 'course', 'exam', 'score', 'status']) {
      const res = await t.admin.get(`/api/submissions/admin/all?sort=${sort}&order=desc&examId=&courseId=`);
      expect(res.statusCode, sort).toBe(200);
    }
    const list = (await t.admin.get('/api/submissions/admin')).json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]).toHaveProperty('_id');
    const stats = (await t.admin.get('/api/submissions/admin/stats')).json();
    expect(stats.totals.total).toBeGreaterThanOrEqual(12);
    expect(stats.courses.find((c: { course: { _id: string } }) => c.course?._id === other)).toMatchObject({
      submissions: 1,
      evaluated: 1,
      averagePercentage: 50,
    });
  });

  it('checks roles', async () => {
    const s = await t.createStudent();
    for (const url of ['/api/submissions/admin', '/api/submissions/admin/stats', '/api/submissions/admin/all']) {
      expect((await t.visitor.get(url)).statusCode).toBe(401);
      expect((await s.client.get(url)).statusCode).toBe(403);
    }
    expect((await t.visitor.get('/api/results/student')).statusCode).toBe(401);
    expect((await t.admin.get('/api/results/student')).statusCode).toBe(403);
    expect((await t.admin.get('/api/submissions/my-submissions')).statusCode).toBe(403);
    expect((await t.visitor.post('/api/submissions', {})).statusCode).toBe(401);
    const id = '6f1b7b1e-0000-4000-8000-000000000000';
    expect((await s.client.patch(`/api/submissions/admin/publish-results/${id}`)).statusCode).toBe(403);
    expect((await s.client.patch(`/api/submissions/admin/unpublish-results/${id}`)).statusCode).toBe(403);
    expect((await t.admin.patch(`/api/submissions/admin/publish-results/${id}`)).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createCourse, createExam, examPayload } from './test-fixtures.ts';

let t: TestApp;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  courseId = await createCourse(t);
});
afterAll(() => t?.close());

describe('authoring validation', () => {
  const errorOf = async (body: unknown) => {
    const res = await t.admin.post('/api/exams', body);
    expect(res.statusCode).toBe(400);
    return res.json() as { message: string; code: string; fields: Record<string, string> };
  };

  it('refuses a blank question', async () => {
    const q = examPayload(courseId).questions;
    const err = await errorOf(examPayload(courseId, { questions: [{ ...q[0], question: '   ' }, q[1], q[2]] }));
    expect(err.fields['questions.0.question']).toBe('Please enter a question');
  });

  it('needs at least 2 non-blank options for an MCQ', async () => {
    const q = examPayload(courseId).questions;
    const err = await errorOf(
      examPayload(courseId, { questions: [{ ...q[0], options: ['Only one', ' ', '', ''], correctAnswer: 0 }, q[1], q[2]] }),
    );
    expect(err.message).toBe('Please provide at least 2 options for MCQ');
  });

  it('refuses marks below 1, passing above total and a total that is not the sum of the questions', async () => {
    const q = examPayload(courseId).questions;
    let err = await errorOf(examPayload(courseId, { questions: [{ ...q[0], marks: 0 }, q[1], q[2]] }));
    expect(err.fields['questions.0.marks']).toBe('Marks must be at least 1');
    err = await errorOf(examPayload(courseId, { passingMarks: 11 }));
    expect(err.fields.passingMarks).toBe('Passing marks cannot be more than total marks');
    err = await errorOf(examPayload(courseId, { totalMarks: 100 }));
    expect(err.message).toBe('Total marks (100) must equal the sum of the question marks (10)');
  });

  it('treats a blank duration, total or passing mark as missing, never as 0', async () => {
    const before = (await t.admin.get('/api/exams')).json().length;
    for (const [field, message] of [
      ['duration', 'Duration is required'],
      ['totalMarks', 'Total marks are required'],
      ['passingMarks', 'Passing marks are required'],
    ] as const) {
      for (const blank of ['', '  ', null]) {
        const err = await errorOf(examPayload(courseId, { [field]: blank }));
        expect(err.fields[field]).toBe(message);
      }
    }
    expect((await t.admin.get('/api/exams')).json()).toHaveLength(before);
  });

  it('requires a correct answer for an MCQ and an active course', async () => {
    const q = examPayload(courseId).questions;
    let err = await errorOf(examPayload(courseId, { questions: [{ ...q[0], correctAnswer: undefined }, q[1], q[2]] }));
    expect(err.fields['questions.0.correctAnswer']).toBe('Please select the correct answer');
    const other = await createCourse(t, 'Old course');
    await t.admin.delete(`/api/courses/${other}`);
    err = await errorOf(examPayload(other));
    expect(err.fields.course).toBe('Please select an active course');
    err = await errorOf({ description: 'x' });
    expect(err.fields.title).toBe('Title is required');
  });

  it('applies the defaults, drops blank options and moves the correct index', async () => {
    const res = await t.admin.post('/api/exams', {
      title: 'Defaults',
      description: 'd',
      course: courseId,
      questions: [],
    });
    expect(res.statusCode).toBe(201);
    const exam = res.json();
    expect(exam).toMatchObject({ duration: 60, totalMarks: 100, passingMarks: 40, isActive: true, questionsCount: 0 });

    const created = await createExam(
      t,
      examPayload(courseId, {
        totalMarks: 2,
        passingMarks: 1,
        questions: [{ type: 'mcq', question: 'Pick C', options: ['A', '', 'C', 'D'], correctAnswer: 2, marks: 2 }],
      }),
    );
    expect(created.questions[0]).toMatchObject({ options: ['A', 'C', 'D'], correctAnswer: 1 });
  });
});

describe('reading exams', () => {
  it('never gives a student the correct answers or explanations', async () => {
    const exam = await createExam(t, examPayload(courseId));
    const admin = await t.admin.get(`/api/exams/${exam._id}`);
    expect(admin.body).toContain('correctAnswer');
    expect(admin.body).toContain('explanation');
    expect(admin.json().questions[0]).toMatchObject({ correctAnswer: 1, explanation: 'It is New Delhi' });

    const s = await t.createStudent();
    const res = await s.client.get(`/api/exams/${exam._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('correctAnswer');
    expect(res.body).not.toContain('explanation');
    expect(res.body).not.toContain('It is New Delhi');
    const body = res.json();
    expect(body.questions).toHaveLength(3);
    expect(body.questions[0].options).toEqual(['Mumbai', 'New Delhi', 'Kolkata']);
    expect(body.attemptStatus).toBe('not_started');
    expect(body.instructions).toEqual(['Read carefully']);

    for (const url of ['/api/exams', '/api/exams/student/available']) {
      const list = await s.client.get(url);
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain('correctAnswer');
    }
  });

  it('shows students only active exams, admins all with counts', async () => {
    const exam = await createExam(t, examPayload(courseId, { title: 'Hidden one', isActive: false }));
    const s = await t.createStudent();
    expect((await s.client.get(`/api/exams/${exam._id}`)).statusCode).toBe(404);
    expect((await s.client.get('/api/exams')).json().some((e: { _id: string }) => e._id === exam._id)).toBe(false);
    expect((await s.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(404);
    const all = (await t.admin.get('/api/exams')).json();
    const row = all.find((e: { _id: string }) => e._id === exam._id);
    expect(row).toMatchObject({ isActive: false, questionsCount: 3, totalQuestions: 3, submissionsCount: 0, course: { _id: courseId } });

    const patched = await t.admin.patch(`/api/exams/${exam._id}`, { isActive: true });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().isActive).toBe(true);
    const available = (await s.client.get('/api/exams/student/available')).json();
    expect(available.find((e: { _id: string }) => e._id === exam._id)).toMatchObject({
      attempted: false,
      attemptStatus: 'not_started',
      duration: 30,
      totalMarks: 10,
      questionsCount: 3,
      course: { _id: courseId, name: 'CLAT Preparation' },
    });
  });

  it('checks roles', async () => {
    const exam = await createExam(t, examPayload(courseId));
    const s = await t.createStudent();
    expect((await t.visitor.get('/api/exams')).statusCode).toBe(401);
    expect((await t.visitor.get(`/api/exams/${exam._id}`)).statusCode).toBe(401);
    expect((await s.client.post('/api/exams', examPayload(courseId))).statusCode).toBe(403);
    expect((await s.client.patch(`/api/exams/${exam._id}`, { isActive: false })).statusCode).toBe(403);
    expect((await s.client.delete(`/api/exams/${exam._id}`)).statusCode).toBe(403);
    expect((await t.admin.get('/api/exams/student/available')).statusCode).toBe(403);
    expect((await t.admin.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(403);
    expect([400, 404]).toContain((await t.admin.get('/api/exams/not-a-uuid')).statusCode);
  });
});

describe('editing and deleting', () => {
  it('replaces questions freely before anyone answers', async () => {
    const exam = await createExam(t, examPayload(courseId));
    const body = examPayload(courseId, {
      title: 'Renamed',
      totalMarks: 4,
      passingMarks: 2,
      questions: [
        { ...exam.questions[0], options: ['Mumbai', 'New Delhi'], question: 'Capital?' },
        { type: 'mcq', question: 'New', options: ['x', 'y'], correctAnswer: 1, marks: 2 },
      ],
    });
    const res = await t.admin.patch(`/api/exams/${exam._id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json();
    expect(updated.title).toBe('Renamed');
    expect(updated.questions).toHaveLength(2);
    expect(updated.questions[0]._id).toBe(exam.questions[0]._id);
    expect(updated.questionsLocked).toBe(false);
  });

  it('locks questions once a student has started or submitted, but allows the rest', async () => {
    const exam = await createExam(t, examPayload(courseId));
    const s = await t.createStudent();
    expect((await s.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(200);
    const full = (await t.admin.get(`/api/exams/${exam._id}`)).json();
    expect(full.questionsLocked).toBe(true);
    const base = { ...examPayload(courseId), questions: full.questions };

    const changes = [
      { ...base, questions: full.questions.slice(0, 2), totalMarks: 4 },
      {
        ...base,
        questions: full.questions.map((q: { marks: number }, i: number) =>
          i === 0 ? { ...q, marks: 1 } : i === 2 ? { ...q, marks: 7 } : q,
        ),
      },
      { ...base, questions: full.questions.map((q: object, i: number) => (i === 0 ? { ...q, correctAnswer: 0 } : q)) },
      {
        ...base,
        questions: full.questions.map((q: object, i: number) => (i === 1 ? { ...q, options: ['Life and liberty', 'Other'] } : q)),
      },
    ];
    for (const body of changes) {
      const res = await t.admin.patch(`/api/exams/${exam._id}`, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toContain('can no longer be changed');
    }

    const ok = await t.admin.patch(`/api/exams/${exam._id}`, {
      ...base,
      title: 'Fixed typo',
      duration: 45,
      instructions: ['New rule'],
      questions: full.questions.map((q: object, i: number) => (i === 2 ? { ...q, question: 'Explain res judicata briefly.' } : q)),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ title: 'Fixed typo', duration: 45, instructions: ['New rule'] });
    expect(ok.json().questions[2].question).toBe('Explain res judicata briefly.');
    expect(ok.json().questions.map((q: { _id: string }) => q._id)).toEqual(full.questions.map((q: { _id: string }) => q._id));

    // Deleting is refused while students are in it, and once they have submitted.
    expect((await t.admin.delete(`/api/exams/${exam._id}`)).statusCode).toBe(409);
    expect((await s.client.post('/api/submissions', { examId: exam._id, answers: {} })).statusCode).toBe(201);
    const del = await t.admin.delete(`/api/exams/${exam._id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('1 submission');
  });

  it('deletes an exam nobody has taken', async () => {
    const exam = await createExam(t, examPayload(courseId));
    const res = await t.admin.delete(`/api/exams/${exam._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Exam deleted successfully');
    expect((await t.admin.get(`/api/exams/${exam._id}`)).statusCode).toBe(404);
  });
});

it('documents the exam, submission and result routes in the OpenAPI', async () => {
  const res = await t.visitor.get('/api/docs/json');
  expect(res.statusCode).toBe(200);
  const paths = Object.keys(res.json().paths);
  for (const p of [
    '/api/exams/',
    '/api/exams/{examId}/attempt',
    '/api/exams/{examId}/attempt/answers',
    '/api/submissions/',
    '/api/results/student',
  ]) {
    expect(paths).toContain(p);
  }
});

it('answers a partial PATCH with the form messages', async () => {
  const exam = await createExam(t, examPayload(courseId));
  const res = await t.admin.patch(`/api/exams/${exam._id}`, { title: '', description: 'd', course: courseId });
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toBe('Title is required');
  expect((await t.admin.patch(`/api/exams/${exam._id}`, {})).statusCode).toBe(400);
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { questions } from '../../db/schema.ts';
import { createCourse } from '../exams/test-fixtures.ts';
import { csv, list, mcqRow, sample, upload } from './test-fixtures.ts';

// The list and its filters; single questions created, edited and deleted; versions and usage.

let t: TestApp;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  courseId = await createCourse(t);
});
afterAll(() => t?.close());

describe('the list', () => {
  // The list runs over the Word sample and a few CSV rows (torts, and a contract question).
  beforeAll(async () => {
    expect((await upload(t, sample('question-bank-sample.docx'), 'question-bank-sample.docx', false)).json()).toMatchObject({
      imported: 4,
    });
    const rows = [mcqRow(), mcqRow(), mcqRow({ section: 'Contracts', topic: 'Contracts', answer: 'C', difficulty: 1 })];
    expect((await upload(t, csv(rows), 'questions.csv', false)).json()).toMatchObject({ imported: 3 });
  });

  it('filters by topic, section, difficulty, text and pages', async () => {
    const all = await list(t, '?limit=2&page=1');
    expect(all.items).toHaveLength(2);
    expect(all.totalPages).toBe(Math.ceil(all.total / 2));
    const hard = await list(t, '?difficulty=3&limit=100');
    expect(hard.items.length).toBeGreaterThan(0);
    expect(hard.items.every((i: { difficulty: number }) => i.difficulty === 3)).toBe(true);
    const torts = await list(t, '?topic=torts&limit=100');
    expect(torts.items.every((i: { topic: string }) => i.topic === 'Torts')).toBe(true);
    const q = await list(t, '?q=OATH%20of');
    expect(q.items.map((i: { question: string }) => i.question)).toEqual(['Who administers the oath of office to the President of India?']);
    // The text of a passage is searched too.
    expect((await list(t, '?q=invitation%20to%20offer')).total).toBe(2);
    expect((await t.admin.get('/api/question-bank/questions?difficulty=9')).statusCode).toBe(400);
    expect(all.sections).toContain('Legal Reasoning');
  });
});

const single = {
  exam: 'CLAT',
  section: 'Versioned',
  topic: 'Torts',
  difficulty: 2,
  source: 'Mock 9',
  tags: ['negligence'],
  question: 'Which of these is an essential of negligence?',
  options: ['Duty of care', 'Intention', 'Motive', 'Malice'],
  correctAnswer: 0,
  marks: 1,
};

describe('single items and versions', () => {
  it('creates, edits, deletes; bad input is a 400 naming the field', async () => {
    const bad = await t.admin.post('/api/question-bank/questions', { ...single, options: ['Only one'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.options).toBeDefined();
    const badAnswer = await t.admin.post('/api/question-bank/questions', { ...single, correctAnswer: 7 });
    expect(badAnswer.statusCode).toBe(400);
    expect(badAnswer.json().fields.correctAnswer).toBeDefined();
    expect((await t.admin.post('/api/question-bank/questions', { ...single, difficulty: 0 })).statusCode).toBe(400);

    const res = await t.admin.post('/api/question-bank/questions', { ...single, question: 'A throwaway question?' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json()._id;
    const patched = await t.admin.patch(`/api/question-bank/questions/${id}`, { topic: 'Contracts', correctAnswer: 3 });
    expect(patched.json()).toMatchObject({ topic: 'Contracts', correctAnswer: 3, version: 1 });
    expect((await t.admin.patch(`/api/question-bank/questions/${id}`, { correctAnswer: 9 })).statusCode).toBe(400);
    expect((await t.admin.delete(`/api/question-bank/questions/${id}`)).statusCode).toBe(200);
    expect((await t.admin.get(`/api/question-bank/questions/${id}`)).statusCode).toBe(404);
    expect((await t.admin.delete(`/api/question-bank/questions/${id}`)).statusCode).toBe(404);
  });

  it('an edit after a submitted exam used the question is a new version; the exam keeps its copy; usage counts', async () => {
    const q = (await t.admin.post('/api/question-bank/questions', single)).json();
    const exam = (
      await t.admin.post('/api/exams', {
        title: 'From the bank',
        description: 'd',
        course: courseId,
        duration: 10,
        totalMarks: 1,
        passingMarks: 0,
        sections: [{ title: 'Versioned', questions: [{ bankQuestionId: q._id }] }],
      })
    ).json();
    expect(exam.questions[0]).toMatchObject({ question: single.question, correctAnswer: 0 });

    // Before any submission an edit rewrites version 1.
    await t.admin.patch(`/api/question-bank/questions/${q._id}`, { explanation: 'Duty, breach, damage' });
    expect((await t.admin.get(`/api/question-bank/questions/${q._id}`)).json().version).toBe(1);

    const s = await t.createStudent();
    await s.client.post(`/api/exams/${exam._id}/attempt`);
    const sub = await s.client.post('/api/submissions', { examId: exam._id, answers: { [exam.questions[0]._id]: 0 } });
    expect(sub.statusCode, sub.body).toBe(201);

    const used = (await t.admin.get(`/api/question-bank/questions/${q._id}`)).json();
    expect(used).toMatchObject({ timesUsed: 1, candidates: 1, correctShare: 100 });

    const edited = (
      await t.admin.patch(`/api/question-bank/questions/${q._id}`, { question: 'Which is NOT needed for negligence?', correctAnswer: 1 })
    ).json();
    expect(edited.version).toBe(2);
    const versions = (await t.admin.get(`/api/question-bank/questions/${q._id}/versions`)).json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    expect(versions[0]).toMatchObject({ question: single.question, correctAnswer: 0, explanation: 'Duty, breach, damage' });
    expect(versions[1]).toMatchObject({ question: 'Which is NOT needed for negligence?', correctAnswer: 1 });
    // The exam's copy never changes.
    const after = (await t.admin.get(`/api/exams/${exam._id}`)).json();
    expect(after.questions[0]).toMatchObject({ question: single.question, correctAnswer: 0 });
    const [copy] = await t.ctx.db.select().from(questions).where(eq(questions.examId, exam._id));
    expect(copy).toMatchObject({ bankQuestionId: q._id, bankVersion: 1 });
    // A tag-only edit is no new version.
    expect((await t.admin.patch(`/api/question-bank/questions/${q._id}`, { tags: ['x'] })).json().version).toBe(2);
  });
});

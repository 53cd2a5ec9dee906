import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createRankedExam, type PaperJson, publish, sit } from './test-fixtures.ts';

let t: TestApp;
let exam: PaperJson;
let other: PaperJson;
let a: Awaited<ReturnType<typeof sit>>;
let b: Awaited<ReturnType<typeof sit>>;
beforeAll(async () => {
  t = await createTestApp();
  exam = await createRankedExam(t, { title: 'Bookmarked' });
  other = await createRankedExam(t, { title: 'Not sat by A' });
  a = await sit(t, exam, 'rw--');
  b = await sit(t, other, 'rrrr');
});
afterAll(async () => t?.close());

describe('bookmarks', () => {
  it('saves a question of an owned submission (201), then updates its note (200)', async () => {
    const q = exam.questions[1]._id;
    const first = await a.student.client.post('/api/bookmarks', { questionId: q, note: 'Check the rule' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().bookmark).toMatchObject({
      questionId: q,
      note: 'Check the rule',
      correctAnswer: null,
      explanation: null,
      solutionReleased: false,
    });
    const again = await a.student.client.post('/api/bookmarks', { questionId: q, note: 'Changed my mind' });
    expect(again.statusCode).toBe(200);
    const list = (await a.student.client.get('/api/bookmarks')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      note: 'Changed my mind',
      yourAnswer: 1,
      passage: 'A passage on torts.',
      section: { title: 'Legal Reasoning' },
    });
  });

  it("gives each bookmark its question's number in the mock (as the solutions number it)", async () => {
    const s = await sit(t, exam, 'rrrr');
    for (const i of [3, 0]) {
      expect((await s.student.client.post('/api/bookmarks', { questionId: exam.questions[i]._id })).statusCode).toBe(201);
    }
    const list = (await s.student.client.get('/api/bookmarks')).json();
    expect(list.map((b: { questionId: string; number: number }) => [b.questionId, b.number])).toEqual([
      [exam.questions[0]._id, 1],
      [exam.questions[3]._id, 4],
    ]);
  });

  it('shows the solution once the results are published', async () => {
    await publish(t, exam._id);
    const [bm] = (await a.student.client.get('/api/bookmarks')).json();
    expect(bm).toMatchObject({ correctAnswer: 0, marksObtained: -0.25, explanation: 'Because LR2 is right', solutionReleased: true });
    const review = (await a.student.client.get(`/api/submissions/${a.submissionId}/review`)).json();
    expect(review.questions[1].bookmarked).toBe(true);
  });

  it('refuses a question of an exam the student did not submit, a long note and a bad id, changing nothing', async () => {
    const notMine = await a.student.client.post('/api/bookmarks', { questionId: other.questions[0]._id });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toMatch(/exam you have submitted/);
    const long = await a.student.client.post('/api/bookmarks', { questionId: exam.questions[0]._id, note: 'x'.repeat(1_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.note).toMatch(/1,000/);
    expect((await a.student.client.post('/api/bookmarks', { questionId: 'nope' })).statusCode).toBe(400);
    expect((await a.student.client.post('/api/bookmarks', { questionId: exam.questions[0]._id, note: 'y'.repeat(1_000) })).statusCode).toBe(
      201,
    );
    expect((await a.student.client.get('/api/bookmarks')).json()).toHaveLength(2);
  });

  it('keeps each student to their own bookmarks, and deletes them', async () => {
    expect((await b.student.client.get('/api/bookmarks')).json()).toEqual([]);
    expect((await b.student.client.delete(`/api/bookmarks/${exam.questions[1]._id}`)).statusCode).toBe(404);
    expect((await a.student.client.delete(`/api/bookmarks/${exam.questions[1]._id}`)).statusCode).toBe(200);
    expect((await a.student.client.delete(`/api/bookmarks/${exam.questions[1]._id}`)).statusCode).toBe(404);
    expect((await a.student.client.get('/api/bookmarks')).json()).toHaveLength(1);
    expect((await t.admin.get('/api/bookmarks')).statusCode).toBe(403);
  });
});

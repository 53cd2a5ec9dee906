import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGRADE_MESSAGES } from '@app/common/schemas/regrade';
import { auditLog } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import type { PaperJson } from '../analysis/test-fixtures.ts';
import { createPaper, type Sitting, sitWith } from './test-fixtures.ts';

// The objection window and objections to the answer key (docs/product-regrade.md, "Objections").

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

const hour = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('the objection window', () => {
  let exam: PaperJson;
  beforeAll(async () => {
    exam = await createPaper(t, 'Window mock');
  });

  it('is set with PATCH /api/exams/{id} { objectionWindow } and shown in the admin view', async () => {
    const window = { opensAt: iso(-hour), closesAt: iso(hour) };
    const res = await t.admin.patch(`/api/exams/${exam._id}`, { objectionWindow: window });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().objectionWindow).toEqual(window);
    expect((await t.admin.get(`/api/exams/${exam._id}`)).json().objectionWindow).toEqual(window);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, exam._id), eq(auditLog.action, 'exam.objection_window')));
    expect(audit).toHaveLength(1);
  });

  it('refuses a window that does not close after it opens, or without both times, changing nothing', async () => {
    const before = (await t.admin.get(`/api/exams/${exam._id}`)).json().objectionWindow;
    const at = iso(hour);
    for (const objectionWindow of [
      { opensAt: at, closesAt: at },
      { opensAt: iso(hour), closesAt: iso(-hour) },
      { opensAt: iso(hour) },
      { opensAt: 'tomorrow', closesAt: iso(hour) },
      'open',
    ]) {
      const res = await t.admin.patch(`/api/exams/${exam._id}`, { objectionWindow });
      expect(res.statusCode, JSON.stringify(objectionWindow)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const res = await t.admin.patch(`/api/exams/${exam._id}`, { objectionWindow: { opensAt: at, closesAt: at } });
    expect(res.json().message).toContain(REGRADE_MESSAGES.windowOrder);
    expect((await t.admin.get(`/api/exams/${exam._id}`)).json().objectionWindow).toEqual(before);
  });

  it('may come with the schedule fields, and null removes it', async () => {
    const res = await t.admin.patch(`/api/exams/${exam._id}`, {
      openToAll: true,
      objectionWindow: { opensAt: iso(-hour), closesAt: iso(hour) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().openToAll).toBe(true);
    const cleared = await t.admin.patch(`/api/exams/${exam._id}`, { objectionWindow: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().objectionWindow).toBeNull();
  });

  it('answers 404 for an exam that does not exist', async () => {
    const res = await t.admin.patch('/api/exams/00000000-0000-4000-8000-000000000000', {
      objectionWindow: { opensAt: iso(0), closesAt: iso(hour) },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('objections', () => {
  let exam: PaperJson;
  let other: PaperJson;
  let a: Sitting;
  let b: Sitting;
  const url = () => `/api/exams/${exam._id}/objections`;
  const setWindow = async (opensAt: string, closesAt: string) =>
    expect((await t.admin.patch(`/api/exams/${exam._id}`, { objectionWindow: { opensAt, closesAt } })).statusCode).toBe(200);

  beforeAll(async () => {
    exam = await createPaper(t, 'Objection mock');
    other = await createPaper(t, 'Another mock');
    a = await sitWith(t, exam, [0, 1, 0, null]);
    b = await sitWith(t, exam, [1, 1, 1, 1]);
  });

  it('are refused without a window, before it opens and after it closes (409)', async () => {
    const body = { questionId: exam.questions[0]._id, reason: 'Option B is right' };
    const none = await a.student.client.post(url(), body);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(REGRADE_MESSAGES.noWindow);
    await setWindow(iso(hour), iso(2 * hour));
    expect((await a.student.client.post(url(), body)).json()).toMatchObject({ message: REGRADE_MESSAGES.notYetOpen });
    await setWindow(iso(-2 * hour), iso(-hour));
    const closed = await a.student.client.post(url(), body);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(REGRADE_MESSAGES.closed);
    expect((await t.admin.get(url())).json()).toEqual([]);
  });

  it('are taken once per question from a student who submitted, while the window is open', async () => {
    await setWindow(iso(-hour), iso(hour));
    const [q1, q2] = exam.questions;
    const first = await a.student.client.post(url(), { questionId: q1._id, reason: '  Option B is right  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ questionId: q1._id, reason: 'Option B is right' });
    const again = await a.student.client.post(url(), { questionId: q1._id, reason: 'Still B' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REGRADE_MESSAGES.duplicate);
    expect((await a.student.client.post(url(), { questionId: q2._id, reason: 'Two options fit' })).statusCode).toBe(201);
    expect((await b.student.client.post(url(), { questionId: q1._id, reason: 'x'.repeat(2000) })).statusCode).toBe(201);
  });

  it('refuse a visitor (401), an admin and a student without a submission (403)', async () => {
    const body = { questionId: exam.questions[2]._id, reason: 'Wrong key' };
    expect((await t.visitor.post(url(), body)).statusCode).toBe(401);
    expect((await t.admin.post(url(), body)).statusCode).toBe(403);
    const outsider = await t.createStudent();
    const res = await outsider.client.post(url(), body);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(REGRADE_MESSAGES.noSubmission);
  });

  it('refuse a question outside the exam, an empty or too long reason (400), and a missing exam (404)', async () => {
    const q3 = exam.questions[2]._id;
    const foreign = await a.student.client.post(url(), { questionId: other.questions[0]._id, reason: 'Wrong key' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields.questionId).toBe(REGRADE_MESSAGES.notInExam);
    expect((await a.student.client.post(url(), { questionId: q3, reason: '   ' })).statusCode).toBe(400);
    expect((await a.student.client.post(url(), { questionId: q3, reason: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await a.student.client.post(url(), { questionId: 'nope', reason: 'Wrong' })).statusCode).toBe(400);
    expect(
      (await a.student.client.post('/api/exams/00000000-0000-4000-8000-000000000000/objections', { questionId: q3, reason: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('are listed for the admin grouped by question with counts and reasons', async () => {
    const res = await t.admin.get(url());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { questionId: exam.questions[0]._id, count: 2, reasons: ['Option B is right', 'x'.repeat(2000)] },
      { questionId: exam.questions[1]._id, count: 1, reasons: ['Two options fit'] },
    ]);
    expect((await a.student.client.get(url())).statusCode).toBe(403);
    expect((await t.visitor.get(url())).statusCode).toBe(401);
  });

  it('are shown to their student with the window', async () => {
    const res = await a.student.client.get(`${url()}/mine`);
    expect(res.statusCode).toBe(200);
    expect(res.json().isOpen).toBe(true);
    expect(res.json().objections.map((o: { questionId: string }) => o.questionId)).toEqual([exam.questions[0]._id, exam.questions[1]._id]);
    const outsider = await t.createStudent();
    expect((await outsider.client.get(`${url()}/mine`)).json().objections).toEqual([]);
  });
});

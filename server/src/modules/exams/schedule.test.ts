import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { ageAttempt, availableTo, batchStudent, createBatch, hoursFromNow } from './schedule-fixtures.ts';
import { createCourse, createExam, mcqOnlyPayload } from './test-fixtures.ts';

// Exam scheduling and targeting (docs/product-batches.md, "Exam scheduling"): who sees and starts an
// exam (its audience) and when (its window).

let t: TestApp;
let courseId: string;
let batchA: string;
let batchB: string;
beforeAll(async () => {
  t = await createTestApp();
  courseId = await createCourse(t, 'Judiciary Foundation');
  batchA = await createBatch(t, courseId);
  batchB = await createBatch(t, courseId, { centre: 'kasba' });
});
afterAll(() => t?.close());

const forBatchA = (patch: Record<string, unknown> = {}) =>
  createExam(t, mcqOnlyPayload(courseId, { title: 'Batch A mock', audience: { courses: [], batches: [batchA], centres: [] }, ...patch }));

describe('audience', () => {
  it('a student of batch A sees and starts the exam; one of batch B neither sees, opens nor starts it', async () => {
    const exam = await forBatchA();
    const a = await batchStudent(t, batchA);
    const b = await batchStudent(t, batchB);
    expect(await availableTo(a, exam._id)).toMatchObject({ status: 'open', attemptStatus: 'not_started', opensAt: null, closesAt: null });
    expect((await a.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(200);
    expect(await availableTo(a, exam._id)).toMatchObject({ status: 'in_progress' });

    expect(await availableTo(b, exam._id)).toBeUndefined();
    expect((await b.client.get('/api/exams')).json().map((e: { _id: string }) => e._id)).not.toContain(exam._id);
    expect((await b.client.get(`/api/exams/${exam._id}`)).statusCode).toBe(404);
    expect((await b.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(404);
    expect((await b.client.post('/api/submissions', { examId: exam._id, answers: {} })).statusCode).toBe(409);
  });

  it('defaults to the exam course: reaches its admitted students (and the course named on the account), not others', async () => {
    const exam = await createExam(t, mcqOnlyPayload(courseId, { title: 'Default audience' }));
    expect(exam).toMatchObject({
      audience: { courses: [courseId], batches: [], centres: [] },
      openToAll: false,
      mode: 'ranked',
      opensAt: null,
    });
    const named = await t.createStudent({ courseInterest: 'Judiciary Foundation', centreId: 'kasba' });
    const other = await t.createStudent({ courseInterest: 'CLAT Preparation', centreId: 'kasba' });
    expect(await availableTo(named, exam._id)).toBeDefined();
    expect(await availableTo(other, exam._id)).toBeUndefined();
  });

  it('reaches a centre, and everyone when open to all', async () => {
    const byCentre = await createExam(t, mcqOnlyPayload(courseId, { audience: { courses: [], batches: [], centres: ['shrirampur'] } }));
    const toAll = await createExam(t, mcqOnlyPayload(courseId, { openToAll: true }));
    const there = await t.createStudent({ centreId: 'shrirampur', courseInterest: null });
    const elsewhere = await t.createStudent({ centreId: 'kasba', courseInterest: null });
    expect(await availableTo(there, byCentre._id)).toBeDefined();
    expect(await availableTo(elsewhere, byCentre._id)).toBeUndefined();
    expect(await availableTo(elsewhere, toAll._id)).toMatchObject({ status: 'open' });
    expect((await elsewhere.client.post(`/api/exams/${toAll._id}/attempt`)).statusCode).toBe(200);
  });
});

describe('window', () => {
  it('before opensAt: upcoming, and starting is refused with the opening time in IST', async () => {
    const exam = await forBatchA({ opensAt: hoursFromNow(24), closesAt: hoursFromNow(27) });
    const a = await batchStudent(t, batchA);
    expect(await availableTo(a, exam._id)).toMatchObject({ status: 'upcoming', opensAt: expect.any(String) });
    const start = await a.client.post(`/api/exams/${exam._id}/attempt`);
    expect(start.statusCode).toBe(409);
    expect(start.json().message).toMatch(/^This exam opens at \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm) IST$/i);
    expect((await a.client.get(`/api/exams/${exam._id}`)).statusCode).toBe(409);
  });

  it('during the window: open; after it with no attempt: missed and refused with the closing time', async () => {
    const open = await forBatchA({ opensAt: hoursFromNow(-1), closesAt: hoursFromNow(1) });
    const closed = await forBatchA({ opensAt: hoursFromNow(-3), closesAt: hoursFromNow(-1) });
    const a = await batchStudent(t, batchA);
    expect(await availableTo(a, open._id)).toMatchObject({ status: 'open' });
    expect((await a.client.post(`/api/exams/${open._id}/attempt`)).statusCode).toBe(200);
    expect(await availableTo(a, closed._id)).toMatchObject({ status: 'missed' });
    const start = await a.client.post(`/api/exams/${closed._id}/attempt`);
    expect(start.statusCode).toBe(409);
    expect(start.json().message).toMatch(/^This exam closed at .+ IST$/);
  });

  it('an attempt started before closesAt runs its full duration', async () => {
    const exam = await forBatchA({ opensAt: hoursFromNow(-1), closesAt: hoursFromNow(1) });
    const a = await batchStudent(t, batchA);
    const started = (await a.client.post(`/api/exams/${exam._id}/attempt`)).json();
    // The window closes while the student is writing.
    const patch = await t.admin.patch(`/api/exams/${exam._id}`, { closesAt: new Date(Date.now() - 1000).toISOString() });
    expect(patch.statusCode, patch.body).toBe(200);
    const resumed = await a.client.post(`/api/exams/${exam._id}/attempt`);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().deadline).toBe(started.deadline);
    expect(resumed.json().remainingSeconds).toBeGreaterThan(29 * 60);
    expect(await availableTo(a, exam._id)).toMatchObject({ status: 'in_progress' });
    const q = exam.questions[0]._id;
    expect((await a.client.put(`/api/exams/${exam._id}/attempt/answers`, { answers: { [q]: 1 } })).statusCode).toBe(200);
    expect((await a.client.post('/api/submissions', { examId: exam._id, answers: {} })).statusCode).toBe(201);
    expect(await availableTo(a, exam._id)).toMatchObject({ status: 'submitted', attemptStatus: 'submitted' });
  });

  it('an attempt that ran out after the close is submitted, not missed', async () => {
    const exam = await forBatchA({ closesAt: hoursFromNow(1) });
    const a = await batchStudent(t, batchA);
    await a.client.post(`/api/exams/${exam._id}/attempt`);
    await ageAttempt(t, exam._id, a.id, 600);
    expect(await availableTo(a, exam._id)).toMatchObject({ status: 'submitted' });
  });
});

describe('bad input', () => {
  it('refuses unknown courses, batches and centres, a reversed window, an empty audience and an unknown mode, creating nothing', async () => {
    const before = (await t.admin.get('/api/exams')).json().length;
    const unknown = '6f1b7b1e-0000-4000-8000-000000000000';
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ audience: { courses: [unknown] } }, 'audience.courses', /course/],
      [{ audience: { batches: [unknown] } }, 'audience.batches', /batch/],
      [{ audience: { centres: ['atlantis'] } }, 'audience.centres', /atlantis/],
      [{ audience: { courses: ['not-an-id'] } }, 'audience.courses.0', /course id/],
      [{ opensAt: hoursFromNow(2), closesAt: hoursFromNow(1) }, 'closesAt', /closesAt must be after opensAt/],
      [{ opensAt: hoursFromNow(2), closesAt: hoursFromNow(2) }, 'closesAt', /closesAt/],
      [{ opensAt: 'tomorrow-ish' }, 'opensAt', /valid date/],
      [{ audience: { courses: [], batches: [], centres: [] } }, 'audience', /at least one/],
      [{ mode: 'exam' }, 'mode', /ranked or practice/],
      [{ openToAll: 'yes' }, 'openToAll', /true or false/],
    ];
    for (const [patch, field, message] of cases) {
      const res = await t.admin.post('/api/exams', mcqOnlyPayload(courseId, patch));
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().message, JSON.stringify(patch)).toMatch(message);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(patch)).toContain(field);
    }
    expect((await t.admin.get('/api/exams')).json().length).toBe(before);
  });

  it('a schedule-only PATCH keeps the paper, checks the merged window, and is refused for a student', async () => {
    const exam = await forBatchA({ opensAt: hoursFromNow(1) });
    const reversed = await t.admin.patch(`/api/exams/${exam._id}`, { closesAt: hoursFromNow(0.5) });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields).toHaveProperty('closesAt');
    const ok = await t.admin.patch(`/api/exams/${exam._id}`, { openToAll: true, closesAt: hoursFromNow(3), mode: 'practice' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ openToAll: true, mode: 'practice', questionsCount: 2, audience: { batches: [batchA] } });
    const a = await batchStudent(t, batchA);
    expect((await a.client.patch(`/api/exams/${exam._id}`, { openToAll: true })).statusCode).toBe(403);
  });

  it('the mode cannot change once the exam has submissions', async () => {
    const exam = await forBatchA();
    const a = await batchStudent(t, batchA);
    await a.client.post(`/api/exams/${exam._id}/attempt`);
    expect((await a.client.post('/api/submissions', { examId: exam._id, answers: {} })).statusCode).toBe(201);
    const res = await t.admin.patch(`/api/exams/${exam._id}`, { mode: 'practice' });
    expect(res.statusCode).toBe(409);
    expect((await t.admin.get(`/api/exams/${exam._id}`)).json().mode).toBe('ranked');
  });
});

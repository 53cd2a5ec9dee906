import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGRADE_MESSAGES } from '@app/common/schemas/regrade';
import { auditLog, mailOutbox, questionKeyDecisions, submissions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { courseOf, type PaperJson, publish, resultOf } from '../analysis/test-fixtures.ts';

// Objections and regrade (docs/product-regrade.md) on hand-made submissions with negative marking.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

const hour = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** Two sections of two 1-mark MCQs with options A-D, key A (index 0), 0.25 off for a wrong answer; ranked. */
function paper(title: string, extra: Record<string, unknown>[] = []) {
  const mcq = (question: string) => ({ type: 'mcq', question, options: ['A1', 'B1', 'C1', 'D1'], correctAnswer: 0, marks: 1 });
  return {
    title,
    description: 'Regrade mock',
    duration: 60,
    totalMarks: 4 + extra.reduce((s, q) => s + Number(q.marks), 0),
    resultMode: 'rank',
    negativeMarks: 0.25,
    sections: [
      { title: 'Legal Reasoning', questions: [mcq('Q1'), mcq('Q2')] },
      { title: 'English', questions: [mcq('Q3'), mcq('Q4'), ...extra] },
    ],
  };
}

async function createPaper(title: string, extra: Record<string, unknown>[] = []): Promise<PaperJson> {
  const res = await t.admin.post('/api/exams', { ...paper(title, extra), course: await courseOf(t) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A new student submits these answers (an option index or null per question, in paper order). */
async function sitWith(exam: PaperJson, choices: (number | string | null)[]) {
  const s = await t.createStudent();
  expect((await s.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(200);
  const answers = Object.fromEntries(exam.questions.map((q, i) => [q._id, choices[i] ?? null]));
  const res = await s.client.post('/api/submissions', { examId: exam._id, answers });
  expect(res.statusCode, res.body).toBe(201);
  return { student: s, submissionId: res.json().submission._id as string };
}

const marksOf = async (ids: string[]) => {
  const rows = await t.ctx.db
    .select({ id: submissions.id, marks: submissions.marksObtained, total: submissions.totalMarks })
    .from(submissions)
    .where(inArray(submissions.id, ids));
  return ids.map((id) => {
    const r = rows.find((x) => x.id === id);
    return [Number(r?.marks), Number(r?.total)];
  });
};

describe('the objection window', () => {
  let exam: PaperJson;
  beforeAll(async () => {
    exam = await createPaper('Window mock');
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
  let a: Awaited<ReturnType<typeof sitWith>>;
  let b: Awaited<ReturnType<typeof sitWith>>;
  const url = () => `/api/exams/${exam._id}/objections`;
  const setWindow = async (opensAt: string, closesAt: string) =>
    expect((await t.admin.patch(`/api/exams/${exam._id}`, { objectionWindow: { opensAt, closesAt } })).statusCode).toBe(200);

  beforeAll(async () => {
    exam = await createPaper('Objection mock');
    other = await createPaper('Another mock');
    a = await sitWith(exam, [0, 1, 0, null]);
    b = await sitWith(exam, [1, 1, 1, 1]);
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

describe('regrade', () => {
  let exam: PaperJson;
  let s: Awaited<ReturnType<typeof sitWith>>[];
  let ids: string[];
  const url = () => `/api/exams/${exam._id}/regrade`;
  const q = (i: number) => exam.questions[i]._id;
  const regrade = (decisions: Record<string, unknown>[], dryRun?: boolean) =>
    t.admin.post(url(), { decisions, ...(dryRun === undefined ? {} : { dryRun }) });
  // The regrade's own e-mails (publishing the results also writes one, docs/product-notifications.md).
  const outboxFor = async (email: string) =>
    (await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((m) => m.subject.includes('were revised')).length;

  beforeAll(async () => {
    exam = await createPaper('Regrade mock', [{ type: 'descriptive', question: 'Explain tort.', marks: 2 }]);
    // Q1..Q4 keyed A; a wrong answer costs 0.25. S1 all right, S2 B A A -, S3 all B, S4 nothing. The essay gets 1 of 2 from S1.
    s = [
      await sitWith(exam, [0, 0, 0, 0, 'An essay']),
      await sitWith(exam, [1, 0, 0, null, null]),
      await sitWith(exam, ['1', 1, 1, 1, null]),
      await sitWith(exam, [null, null, null, null, null]),
    ];
    ids = s.map((x) => x.submissionId);
    const graded = await t.admin.patch(`/api/submissions/${ids[0]}/evaluate`, { answers: [{ questionId: q(4), marksObtained: 1 }] });
    expect(graded.statusCode, graded.body).toBe(200);
    await publish(t, exam._id);
    expect(await marksOf(ids)).toEqual([
      [5, 6],
      [1.75, 6],
      [-1, 6],
      [0, 6],
    ]);
    expect((await resultOf(s[0].student.client, exam._id))?.rank).toBe(1);
  });

  it('refuses bad decisions with 400 and regrades nothing', async () => {
    const other = await createPaper('Other paper');
    const cases: [Record<string, unknown>[], string][] = [
      [[{ questionId: other.questions[0]._id, action: 'drop', dropMode: 'awardAll' }], 'decisions.0.questionId'],
      [[{ questionId: q(0), action: 'changeKey', correctAnswer: 4 }], 'decisions.0.correctAnswer'],
      [[{ questionId: q(0), action: 'changeKey', correctAnswer: 'E' }], 'decisions.0.correctAnswer'],
      [[{ questionId: q(0), action: 'acceptAny', acceptedAnswers: [0, 7] }], 'decisions.0.acceptedAnswers'],
      [[{ questionId: q(0), action: 'changeKey' }], 'decisions.0.correctAnswer'],
      [[{ questionId: q(0), action: 'acceptAny', acceptedAnswers: [] }], 'decisions.0.acceptedAnswers'],
      [[{ questionId: q(0), action: 'drop' }], 'decisions.0.dropMode'],
      [[{ questionId: q(0), action: 'drop', dropMode: 'halve' }], 'decisions.0.dropMode'],
      [[{ questionId: q(0), action: 'rewrite' }], 'decisions.0.action'],
      [[{ questionId: q(4), action: 'drop', dropMode: 'awardAll' }], 'decisions.0.questionId'],
      [
        [
          { questionId: q(1), action: 'drop', dropMode: 'awardAll' },
          { questionId: q(1), action: 'keep' },
        ],
        'decisions.1.questionId',
      ],
      // A good decision beside a bad one: the whole call is refused.
      [
        [
          { questionId: q(1), action: 'drop', dropMode: 'awardAll' },
          { questionId: q(0), action: 'changeKey', correctAnswer: 9 },
        ],
        'decisions.1.correctAnswer',
      ],
    ];
    for (const [decisions, field] of cases) {
      const res = await regrade(decisions);
      expect(res.statusCode, JSON.stringify(decisions)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(decisions)).toContain(field);
    }
    expect((await t.admin.post(url(), { dryRun: true })).statusCode).toBe(400);
    expect((await t.admin.post('/api/exams/00000000-0000-4000-8000-000000000000/regrade', { decisions: [] })).statusCode).toBe(404);
    expect(await marksOf(ids)).toEqual([
      [5, 6],
      [1.75, 6],
      [-1, 6],
      [0, 6],
    ]);
    expect(await t.ctx.db.select().from(questionKeyDecisions)).toEqual([]);
  });

  it('a dry run of changeKey answers the changes and writes nothing', async () => {
    const audits = (await t.ctx.db.select().from(auditLog)).length;
    const mails = (await t.ctx.db.select().from(mailOutbox)).length;
    const res = await regrade([{ questionId: q(0), action: 'changeKey', correctAnswer: 1 }], true);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.affected).toBe(3);
    expect(body.changes).toEqual([
      {
        submissionId: ids[0],
        before: 5,
        beforeMarks: { marksObtained: 5, totalMarks: 6, percentage: 83.33, rank: 1 },
        after: 3.75,
        afterMarks: { marksObtained: 3.75, totalMarks: 6, percentage: 62.5, rank: 1 },
      },
      {
        submissionId: ids[1],
        before: 1.75,
        beforeMarks: { marksObtained: 1.75, totalMarks: 6, percentage: 29.17, rank: 2 },
        after: 3,
        afterMarks: { marksObtained: 3, totalMarks: 6, percentage: 50, rank: 2 },
      },
      {
        submissionId: ids[2],
        before: -1,
        beforeMarks: { marksObtained: -1, totalMarks: 6, percentage: -16.67, rank: 4 },
        after: 0.25,
        afterMarks: { marksObtained: 0.25, totalMarks: 6, percentage: 4.17, rank: 3 },
      },
    ]);
    // Three changes of 1.25 each: the first of them is the largest.
    expect(body.largestChange).toMatchObject({ submissionId: ids[0], before: 5, after: 3.75, difference: -1.25 });
    expect(body.top10.map((r: { submissionId: string; rank: number }) => [r.submissionId, r.rank])).toEqual([
      [ids[0], 1],
      [ids[1], 2],
      [ids[2], 3],
      [ids[3], 4],
    ]);
    expect(body.emailed).toBe(0);
    expect(await marksOf(ids)).toEqual([
      [5, 6],
      [1.75, 6],
      [-1, 6],
      [0, 6],
    ]);
    expect(await t.ctx.db.select().from(questionKeyDecisions)).toEqual([]);
    expect((await t.ctx.db.select().from(auditLog)).length).toBe(audits);
    expect((await t.ctx.db.select().from(mailOutbox)).length).toBe(mails);
  });

  it('changeKey re-marks with the new key, the penalty as before, audits, e-mails and re-ranks', async () => {
    const res = await regrade([{ questionId: q(0), action: 'changeKey', correctAnswer: 'B' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ affected: 3, dryRun: false, emailed: 3 });
    expect(await marksOf(ids)).toEqual([
      [3.75, 6],
      [3, 6],
      [0.25, 6],
      [0, 6],
    ]);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'submission.regrade'), inArray(auditLog.entityId, ids)));
    expect(audit.map((a) => a.entityId).sort()).toEqual([ids[0], ids[1], ids[2]].sort());
    const s3 = audit.find((a) => a.entityId === ids[2]);
    expect(s3?.before).toMatchObject({ marksObtained: -1, totalMarks: 6 });
    expect(s3?.after).toMatchObject({ marksObtained: 0.25, totalMarks: 6 });
    const [decided] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'exam.regrade'), eq(auditLog.entityId, exam._id)));
    expect(decided.before).toEqual({
      decisions: [{ questionId: q(0), action: 'keep', correctAnswer: null, acceptedAnswers: null, dropMode: null }],
    });
    expect(decided.after).toEqual({
      decisions: [{ questionId: q(0), action: 'changeKey', correctAnswer: 1, acceptedAnswers: null, dropMode: null }],
    });
    for (const i of [0, 1, 2]) expect(await outboxFor(s[i].student.email)).toBe(1);
    expect(await outboxFor(s[3].student.email)).toBe(0);
    const [mail] = (await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, s[2].student.email))).filter((m) =>
      m.subject.includes('were revised'),
    );
    expect(mail.subject).toContain('Regrade mock');
    expect(mail.text).toContain('0.25 out of 6');
    // The revised key is the question's key now (solutions, item analysis).
    const view = (await t.admin.get(`/api/exams/${exam._id}`)).json();
    expect(view.questions[0].correctAnswer).toBe(1);
    // Ranks follow: S3 moved from 4th to 3rd.
    const r3 = await resultOf(s[2].student.client, exam._id);
    expect(r3).toMatchObject({ rank: 3, candidates: 4, percentile: 33.33 });
  });

  it('running the same decisions again changes nothing', async () => {
    const audits = (await t.ctx.db.select().from(auditLog)).length;
    const res = await regrade([{ questionId: q(0), action: 'changeKey', correctAnswer: 1 }]);
    expect(res.json()).toMatchObject({ affected: 0, changes: [], emailed: 0 });
    expect((await t.ctx.db.select().from(auditLog)).length).toBe(audits);
    expect((await regrade([])).json().affected).toBe(0);
  });

  it('acceptAny credits every listed option; the other decisions stay as last decided', async () => {
    const res = await regrade([{ questionId: q(1), action: 'acceptAny', acceptedAnswers: ['A', 1] }]);
    expect(res.json().affected).toBe(1);
    expect(res.json().changes[0]).toMatchObject({ submissionId: ids[2], before: 0.25, after: 1.5 });
    expect(await marksOf(ids)).toEqual([
      [3.75, 6],
      [3, 6],
      [1.5, 6],
      [0, 6],
    ]);
  });

  it('drop + awardAll gives every submission the full marks, answered or not', async () => {
    const res = await regrade([{ questionId: q(2), action: 'drop', dropMode: 'awardAll' }]);
    expect(res.json().affected).toBe(2);
    expect(await marksOf(ids)).toEqual([
      [3.75, 6],
      [3, 6],
      [2.75, 6],
      [1, 6],
    ]);
  });

  it('drop + removeFromTotal takes the question out of every total and every score', async () => {
    const res = await regrade([{ questionId: q(3), action: 'drop', dropMode: 'removeFromTotal' }]);
    expect(res.json().affected).toBe(4);
    expect(await marksOf(ids)).toEqual([
      [2.75, 5],
      [3, 5],
      [3, 5],
      [1, 5],
    ]);
    const again = await regrade([{ questionId: q(3), action: 'drop', dropMode: 'removeFromTotal' }]);
    expect(again.json().affected).toBe(0);
  });

  it('keep brings a question back to the key it was set with', async () => {
    const res = await regrade([{ questionId: q(0), action: 'keep' }]);
    expect(res.json().affected).toBe(3);
    expect(await marksOf(ids)).toEqual([
      [4, 5],
      [1.75, 5],
      [1.75, 5],
      [1, 5],
    ]);
    expect((await t.admin.get(`/api/exams/${exam._id}`)).json().questions[0].correctAnswer).toBe(0);
    const decisions = (await t.admin.get(url())).json() as { questionId: string; action: string; dropMode: string | null }[];
    expect(decisions.map((d) => [d.action, d.dropMode])).toEqual([
      ['keep', null],
      ['acceptAny', null],
      ['drop', 'awardAll'],
      ['drop', 'removeFromTotal'],
    ]);
    // Ranks and percentiles are the stored ones, recomputed in the same transaction: 4, 1.75, 1.75, 1.
    expect(await resultOf(s[0].student.client, exam._id)).toMatchObject({ rank: 1, percentile: 100 });
    expect(await resultOf(s[1].student.client, exam._id)).toMatchObject({ rank: 2, percentile: 33.33 });
    expect(await resultOf(s[2].student.client, exam._id)).toMatchObject({ rank: 2, percentile: 33.33 });
    expect(await resultOf(s[3].student.client, exam._id)).toMatchObject({ rank: 4, percentile: 0 });
    // The solutions show the decisions: Q2 accepts A and B, Q3 and Q4 are dropped, Q1 is back to its key.
    const review = (await s[2].student.client.get(`/api/submissions/${ids[2]}/review`)).json();
    expect(
      review.questions.slice(0, 4).map((x: { keyDecision: unknown; correctAnswer: number }) => [x.keyDecision, x.correctAnswer]),
    ).toEqual([
      [null, 0],
      [{ action: 'acceptAny', acceptedAnswers: [0, 1], dropMode: null }, 0],
      [{ action: 'drop', acceptedAnswers: null, dropMode: 'awardAll' }, 0],
      [{ action: 'drop', acceptedAnswers: null, dropMode: 'removeFromTotal' }, 0],
    ]);
    // The stored counts follow the decisions: S4 has Q3 credited (awarded) and three unattempted (one removed) plus the blank essay.
    const [row] = await t.ctx.db.select().from(submissions).where(eq(submissions.id, ids[3]));
    expect([row.correctAnswers, row.incorrectAnswers, row.unattempted]).toEqual([1, 0, 4]);
  });

  it('is for admins only', async () => {
    expect((await s[0].student.client.post(url(), { decisions: [] })).statusCode).toBe(403);
    expect((await t.visitor.post(url(), { decisions: [] })).statusCode).toBe(401);
    expect((await s[0].student.client.get(url())).statusCode).toBe(403);
  });
});

describe('regrade before publication', () => {
  it('e-mails without figures: marks stay hidden until the results are published', async () => {
    const exam = await createPaper('Unpublished mock');
    const x = await sitWith(exam, [1, 0, 0, 0]);
    const res = await t.admin.post(`/api/exams/${exam._id}/regrade`, {
      decisions: [{ questionId: exam.questions[0]._id, action: 'changeKey', correctAnswer: 1 }],
    });
    expect(res.json()).toMatchObject({ affected: 1, emailed: 1 });
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, x.student.email));
    expect(mail.text).toContain('when the results are published');
    expect(mail.text).not.toContain('out of');
  });
});

describe('a question with its own penalty', () => {
  it('loses that penalty under the new key, and the dry run agrees with the apply', async () => {
    const res = await t.admin.post('/api/exams', {
      ...paper('Own penalty mock'),
      course: await courseOf(t),
      sections: [
        {
          title: 'Legal Reasoning',
          questions: [
            { type: 'mcq', question: 'Q1', options: ['A1', 'B1', 'C1'], correctAnswer: 0, marks: 2, negativeMarks: 0.5 },
            { type: 'mcq', question: 'Q2', options: ['A1', 'B1'], correctAnswer: 0, marks: 2 },
          ],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const exam: PaperJson = res.json();
    const x = await sitWith(exam, [0, 1]);
    expect(await marksOf([x.submissionId])).toEqual([[1.75, 4]]);
    const decisions = [{ questionId: exam.questions[0]._id, action: 'changeKey', correctAnswer: 'C' }];
    const dry = (await t.admin.post(`/api/exams/${exam._id}/regrade`, { decisions, dryRun: true })).json();
    const applied = (await t.admin.post(`/api/exams/${exam._id}/regrade`, { decisions })).json();
    expect(dry.changes).toEqual(applied.changes);
    expect(applied.changes[0].afterMarks).toMatchObject({ marksObtained: -0.75, totalMarks: 4, percentage: -18.75 });
    expect(await marksOf([x.submissionId])).toEqual([[-0.75, 4]]);
  });
});

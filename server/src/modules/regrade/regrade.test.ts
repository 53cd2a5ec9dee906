import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, questionKeyDecisions, submissions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { type PaperJson, publish, resultOf } from '../analysis/test-fixtures.ts';
import { createPaper, marksOf, type Sitting, sitWith } from './test-fixtures.ts';

// Regrade (docs/product-regrade.md, "Regrade") on hand-made submissions with negative marking: each
// decision below builds on the ones before it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

describe('regrade', () => {
  let exam: PaperJson;
  let s: Sitting[];
  let ids: string[];
  const url = () => `/api/exams/${exam._id}/regrade`;
  const q = (i: number) => exam.questions[i]._id;
  const regrade = (decisions: Record<string, unknown>[], dryRun?: boolean) =>
    t.admin.post(url(), { decisions, ...(dryRun === undefined ? {} : { dryRun }) });
  // The regrade's own e-mails (publishing the results also writes one, docs/product-notifications.md).
  const outboxFor = async (email: string) =>
    (await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((m) => m.subject.includes('were revised')).length;

  beforeAll(async () => {
    exam = await createPaper(t, 'Regrade mock', [{ type: 'descriptive', question: 'Explain tort.', marks: 2 }]);
    // Q1..Q4 keyed A; a wrong answer costs 0.25. S1 all right, S2 B A A -, S3 all B, S4 nothing. The essay gets 1 of 2 from S1.
    s = [
      await sitWith(t, exam, [0, 0, 0, 0, 'An essay']),
      await sitWith(t, exam, [1, 0, 0, null, null]),
      await sitWith(t, exam, ['1', 1, 1, 1, null]),
      await sitWith(t, exam, [null, null, null, null, null]),
    ];
    ids = s.map((x) => x.submissionId);
    const graded = await t.admin.patch(`/api/submissions/${ids[0]}/evaluate`, { answers: [{ questionId: q(4), marksObtained: 1 }] });
    expect(graded.statusCode, graded.body).toBe(200);
    await publish(t, exam._id);
    expect(await marksOf(t, ids)).toEqual([
      [5, 6],
      [1.75, 6],
      [-1, 6],
      [0, 6],
    ]);
    expect((await resultOf(s[0].student.client, exam._id))?.rank).toBe(1);
  });

  it('refuses bad decisions with 400 and regrades nothing', async () => {
    const other = await createPaper(t, 'Other paper');
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
    expect(await marksOf(t, ids)).toEqual([
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
    expect(await marksOf(t, ids)).toEqual([
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
    expect(await marksOf(t, ids)).toEqual([
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
    expect(await marksOf(t, ids)).toEqual([
      [3.75, 6],
      [3, 6],
      [1.5, 6],
      [0, 6],
    ]);
  });

  it('drop + awardAll gives every submission the full marks, answered or not', async () => {
    const res = await regrade([{ questionId: q(2), action: 'drop', dropMode: 'awardAll' }]);
    expect(res.json().affected).toBe(2);
    expect(await marksOf(t, ids)).toEqual([
      [3.75, 6],
      [3, 6],
      [2.75, 6],
      [1, 6],
    ]);
  });

  it('drop + removeFromTotal takes the question out of every total and every score', async () => {
    const res = await regrade([{ questionId: q(3), action: 'drop', dropMode: 'removeFromTotal' }]);
    expect(res.json().affected).toBe(4);
    expect(await marksOf(t, ids)).toEqual([
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
    expect(await marksOf(t, ids)).toEqual([
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

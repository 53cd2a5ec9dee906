import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { courseOf, createRankedExam, publish, rankedPaper, resultOf, sit } from '../analysis/test-fixtures.ts';
import { rankCandidates } from './compute.ts';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { examRankings, submissions } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const place = async (client: TestApp['admin'], examId: string) => {
  const r = await resultOf(client, examId);
  return { rank: r?.rank, candidates: r?.candidates, percentile: r?.percentile };
};

describe('rank and percentile', () => {
  it('ranks "1, 2, 2, 4" with percentiles over strictly fewer marks, and nothing before publication', async () => {
    const exam = await createRankedExam(t, { title: 'Ties' });
    const a = await sit(t, exam, 'rrrr'); // 4
    const b = await sit(t, exam, 'rr--'); // 2
    const c = await sit(t, exam, '--rr'); // 2
    const d = await sit(t, exam, 'r---'); // 1
    expect(await place(a.student.client, exam._id)).toEqual({ rank: null, candidates: null, percentile: null });
    await publish(t, exam._id);
    expect(await place(a.student.client, exam._id)).toEqual({ rank: 1, candidates: 4, percentile: 100 });
    expect(await place(b.student.client, exam._id)).toEqual({ rank: 2, candidates: 4, percentile: 33.33 });
    expect(await place(c.student.client, exam._id)).toEqual({ rank: 2, candidates: 4, percentile: 33.33 });
    expect(await place(d.student.client, exam._id)).toEqual({ rank: 4, candidates: 4, percentile: 0 });
  });

  it('orders equal totals by the tie-break section before sharing a rank', async () => {
    const exam = await createRankedExam(t, { title: 'Tie-break', tieBreakSection: 'Legal Reasoning' });
    const english = await sit(t, exam, '--rr'); // 2, LR 0
    const legal = await sit(t, exam, 'rr--'); // 2, LR 2
    const mixed = await sit(t, exam, 'r-r-'); // 2, LR 1
    const mixed2 = await sit(t, exam, '-rr-'); // 2, LR 1
    await publish(t, exam._id);
    expect(await place(legal.student.client, exam._id)).toEqual({ rank: 1, candidates: 4, percentile: 0 });
    expect(await place(mixed.student.client, exam._id)).toMatchObject({ rank: 2 });
    expect(await place(mixed2.student.client, exam._id)).toMatchObject({ rank: 2 });
    expect(await place(english.student.client, exam._id)).toMatchObject({ rank: 4, percentile: 0 });
  });

  it('gives a single candidate rank 1 and percentile 100, and ranks negative scores', async () => {
    const exam = await createRankedExam(t, { title: 'Alone' });
    const only = await sit(t, exam, 'wwww'); // -1.00
    await publish(t, exam._id);
    expect(await place(only.student.client, exam._id)).toEqual({ rank: 1, candidates: 1, percentile: 100 });

    const negative = await createRankedExam(t, { title: 'Negative' });
    const worst = await sit(t, negative, 'wwww'); // -1.00
    const bad = await sit(t, negative, 'w---'); // -0.25
    const zero = await sit(t, negative, '----'); // 0
    await publish(t, negative._id);
    expect(await place(zero.student.client, negative._id)).toEqual({ rank: 1, candidates: 3, percentile: 100 });
    expect(await place(bad.student.client, negative._id)).toEqual({ rank: 2, candidates: 3, percentile: 50 });
    expect(await place(worst.student.client, negative._id)).toEqual({ rank: 3, candidates: 3, percentile: 0 });
  });

  it('re-ranks when a candidate arrives after publication and clears ranks when unpublished', async () => {
    const exam = await createRankedExam(t, { title: 'Late' });
    const first = await sit(t, exam, 'rr--');
    await publish(t, exam._id);
    expect(await place(first.student.client, exam._id)).toEqual({ rank: 1, candidates: 1, percentile: 100 });
    const late = await sit(t, exam, 'rrrr');
    expect(await place(first.student.client, exam._id)).toEqual({ rank: 2, candidates: 2, percentile: 0 });
    expect(await place(late.student.client, exam._id)).toEqual({ rank: 1, candidates: 2, percentile: 100 });
    expect((await t.admin.patch(`/api/submissions/admin/unpublish-results/${exam._id}`)).statusCode).toBe(200);
    expect(await place(late.student.client, exam._id)).toEqual({ rank: null, candidates: null, percentile: null });
  });

  it('re-ranks the analysis after a submission is removed or changed by any path, even outside the services', async () => {
    const exam = await createRankedExam(t, { title: 'Changes after publication' });
    const top = await sit(t, exam, 'rrrr'); // 4
    const mid = await sit(t, exam, 'rr--'); // 2
    const low = await sit(t, exam, 'r---'); // 1
    await publish(t, exam._id);
    const analysisOf = async () => {
      const res = await mid.student.client.get(`/api/submissions/${mid.submissionId}/analysis`);
      expect(res.statusCode, res.body).toBe(200);
      const a = res.json();
      const point = a.trend.find((p: { examId: string }) => p.examId === exam._id);
      return { rank: a.rank, candidates: a.candidates, percentile: a.percentile, trend: point?.percentile };
    };
    expect(await analysisOf()).toEqual({ rank: 2, candidates: 3, percentile: 50, trend: 50 });

    // The admin reopens the top candidate's attempt and deletes their submission.
    const reopened = await t.admin.post(`/api/exams/${exam._id}/overrides`, {
      studentId: top.student.id,
      reopen: true,
      deleteSubmission: true,
    });
    expect(reopened.statusCode, reopened.body).toBe(201);
    expect(await analysisOf()).toEqual({ rank: 1, candidates: 2, percentile: 100, trend: 100 });

    // A change written straight to the table (no service knew of it) is seen too: the trigger marks the ranks.
    await t.ctx.db.update(submissions).set({ marksObtained: 3 }).where(eq(submissions.id, low.submissionId));
    expect(await analysisOf()).toEqual({ rank: 2, candidates: 2, percentile: 0, trend: 0 });

    // Deleting a candidate's account removes their submission with it (a cascade).
    expect((await t.admin.delete(`/api/users/${low.student.id}`)).statusCode).toBe(200);
    expect(await analysisOf()).toEqual({ rank: 1, candidates: 1, percentile: 100, trend: 100 });
    const [row] = await t.ctx.db.select().from(examRankings).where(eq(examRankings.examId, exam._id));
    expect(row).toMatchObject({ stale: false, candidates: 1 });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: a change to a submission waits for a computation of the ranks in progress, then marks its ranks stale',
    async () => {
      const exam = await createRankedExam(t, { title: 'Ordered against a computation' });
      const one = await sit(t, exam, 'rr--');
      await publish(t, exam._id);
      const computing = new pg.Client({ connectionString: t.config.DATABASE_URL });
      await computing.connect();
      try {
        // Another process computing this exam's ranks holds the lock until it commits.
        await computing.query('begin');
        await computing.query(`select pg_advisory_xact_lock(hashtext('rankings:' || $1))`, [exam._id]);
        let done = false;
        const change = t.ctx.db
          .update(submissions)
          .set({ marksObtained: 1 })
          .where(eq(submissions.id, one.submissionId))
          .then(() => {
            done = true;
          });
        await new Promise((r) => setTimeout(r, 400));
        expect(done).toBe(false);
        await computing.query('commit');
        await change;
        const [row] = await t.ctx.db.select().from(examRankings).where(eq(examRankings.examId, exam._id));
        expect(row.stale).toBe(true);
      } finally {
        await computing.end();
      }
    },
  );

  it('refuses a tie-break section that is not a section of the paper (400, nothing saved)', async () => {
    const res = await t.admin.post('/api/exams', rankedPaper({ course: await courseOf(t), tieBreakSection: 'Maths' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.tieBreakSection).toMatch(/tie-break section/);
  });

  it('names Legal Reasoning as the CLAT UG tie-break section', async () => {
    const res = await t.admin.get('/api/exam-presets');
    expect(res.json().find((p: { id: string }) => p.id === 'clat-ug').tieBreakSection).toBe('Legal Reasoning');
  });
});

describe('rankCandidates', () => {
  it('computes the comparison figures: mean, best and the top 10 % (at least one)', () => {
    const qs = [{ id: 'q1', sectionId: 's1', marks: 1 }];
    const cands = [3, 1, 2].map((m, i) => ({
      submissionId: `s${i}`,
      marksObtained: m,
      answers: [{ questionId: 'q1', marksObtained: i === 0 ? 1 : 0 }],
    }));
    const { stats, ranked } = rankCandidates(cands, qs, ['s1'], null);
    expect(stats).toMatchObject({
      average: 2,
      topper: 3,
      top10Average: 3,
      percentCorrect: { q1: 33.33 },
      sections: { s1: { average: 0.33, topper: 1 } },
    });
    expect(ranked.map((r) => r.rank)).toEqual([1, 2, 3]);
  });
});

import { and, asc, desc, eq } from 'drizzle-orm';
import { percentageOf } from '@app/common/rules/grades';
import type { Analysis } from '@app/common/schemas/analysis';
import type { Actor, Ctx } from '../../context.ts';
import { examRankings, exams, examSections, questions, submissionRanks, submissions } from '../../db/schema.ts';
import { ensureRankings, findRanks } from '../rankings/service.ts';
import { accuracyOf, loadAttemptTrail, loadPublishedSubmission, round2, statusOf } from './access.ts';

const TREND_LENGTH = 10;

/** GET /api/submissions/{id}/analysis (docs/product-results.md, "The analysis"). */
export async function findAnalysis(ctx: Ctx, actor: Actor, id: string): Promise<Analysis> {
  const { s, exam } = await loadPublishedSubmission(ctx, actor, id, 'analysis');
  await ensureRankings(ctx.db, [exam.id]);
  const [qs, sections, [ranking], [place], trail, trend] = await Promise.all([
    ctx.db
      .select({ id: questions.id, sectionId: questions.sectionId, marks: questions.marks })
      .from(questions)
      .where(eq(questions.examId, exam.id))
      .orderBy(asc(questions.position)),
    ctx.db.select().from(examSections).where(eq(examSections.examId, exam.id)).orderBy(asc(examSections.position)),
    ctx.db.select().from(examRankings).where(eq(examRankings.examId, exam.id)),
    ctx.db.select().from(submissionRanks).where(eq(submissionRanks.submissionId, s.id)),
    loadAttemptTrail(ctx, exam.id, s.studentId),
    findTrend(ctx, s.studentId),
  ]);
  const answerOf = new Map(s.answers.map((a) => [a.questionId, a]));
  const stats = ranking?.stats;
  const questionRows = qs.map((q) => {
    const a = answerOf.get(q.id);
    return {
      _id: q.id,
      section: q.sectionId,
      status: statusOf(a, Number(q.marks)),
      marksObtained: a?.marksObtained ?? null,
      timeSpent: Math.round(trail.timeSpent[q.id] ?? 0),
      percentCorrect: stats?.percentCorrect[q.id] ?? 0,
    };
  });
  const tally = (rows: typeof questionRows) => {
    const correct = rows.filter((r) => r.status === 'correct').length;
    const wrong = rows.filter((r) => r.status === 'wrong').length;
    const attempted = rows.filter((r) => r.status !== 'unattempted').length;
    return { attempted, correct, wrong, accuracy: accuracyOf(correct, correct + wrong) };
  };
  const all = tally(questionRows);
  const marks = Number(s.marksObtained);
  return {
    examId: exam.id,
    title: exam.title,
    resultMode: exam.resultMode,
    score: marks,
    totalMarks: Number(s.totalMarks),
    percentage: percentageOf(marks, Number(s.totalMarks)),
    rank: place?.rank ?? null,
    candidates: ranking?.candidates ?? null,
    percentile: place?.percentile ?? null,
    accuracy: all.accuracy,
    timeSpent: s.totalTimeTaken,
    sections: sections.map((sec) => {
      const rows = questionRows.filter((r) => r.section === sec.id);
      return {
        _id: sec.id,
        title: sec.title,
        score: round2(rows.reduce((sum, r) => sum + (r.marksObtained ?? 0), 0)),
        max: round2(qs.filter((q) => q.sectionId === sec.id).reduce((sum, q) => sum + Number(q.marks), 0)),
        ...tally(rows),
        timeSpent: rows.reduce((sum, r) => sum + r.timeSpent, 0),
        average: stats?.sections[sec.id]?.average ?? 0,
        topper: stats?.sections[sec.id]?.topper ?? 0,
      };
    }),
    questions: questionRows,
    comparison: { average: stats?.average ?? 0, topper: stats?.topper ?? 0, top10Average: stats?.top10Average ?? 0 },
    trend,
  };
}

/** The student's last ranked mocks with published results, oldest first (the trend chart). */
async function findTrend(ctx: Ctx, studentId: string) {
  const rows = await ctx.db
    .select({
      id: submissions.id,
      examId: exams.id,
      title: exams.title,
      submittedAt: submissions.submittedAt,
      score: submissions.marksObtained,
      totalMarks: submissions.totalMarks,
    })
    .from(submissions)
    .innerJoin(exams, eq(exams.id, submissions.examId))
    .where(and(eq(submissions.studentId, studentId), eq(exams.resultsPublished, true), eq(exams.resultMode, 'rank')))
    .orderBy(desc(submissions.submittedAt))
    .limit(TREND_LENGTH);
  await ensureRankings(
    ctx.db,
    rows.map((r) => r.examId),
  );
  const ranks = await findRanks(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.reverse().map((r) => ({
    examId: r.examId,
    title: r.title,
    submittedAt: r.submittedAt.toISOString(),
    score: Number(r.score),
    totalMarks: Number(r.totalMarks),
    percentile: ranks.get(r.id)?.percentile ?? null,
  }));
}

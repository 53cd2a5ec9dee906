import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { percentageOf } from '@app/common/rules/grades';
import { round2 } from '@app/common/rules/rounding';
import { ANALYSIS_MESSAGES, type Analysis } from '@app/common/schemas/analysis';
import { SUBMISSION_MESSAGES } from '@app/common/schemas/submissions';
import type { Ctx } from '../../context.ts';
import type { Scope } from '../../lib/record-scope.ts';
import { type Db, readerLoaderOptions } from '../../db/client.ts';
import { perDb, preparedQuery } from '../../db/prepared.ts';
import {
  type ExamRankingStats,
  examAttempts,
  examRankings,
  exams,
  examSections,
  questions,
  submissionRanks,
  submissions,
} from '../../db/schema.ts';
import { BatchLoader } from '../../lib/batch-loader.ts';
import { notFound } from '../../lib/errors.ts';
import { ensureRankings, rankingsFreshSql } from '../rankings/service.ts';
import { accuracyOf, assertReadable, statusOf } from './access.ts';

const TREND_LENGTH = 10;

/**
 * Everything one analysis needs from its submission: the submission, its exam, the stored ranks'
 * freshness, the student's place and the seconds their attempt kept per question.
 */
const analysisColumns = {
  id: submissions.id,
  studentId: submissions.studentId,
  answers: submissions.answers,
  marksObtained: submissions.marksObtained,
  totalMarks: submissions.totalMarks,
  totalTimeTaken: submissions.totalTimeTaken,
  examId: exams.id,
  title: exams.title,
  resultMode: exams.resultMode,
  resultsPublished: exams.resultsPublished,
  examVersion: exams.updatedAt,
  fresh: rankingsFreshSql,
  computedAt: examRankings.computedAt,
  candidates: examRankings.candidates,
  rank: submissionRanks.rank,
  percentile: submissionRanks.percentile,
  timeSpent: examAttempts.timeSpent,
};

const analysisFrom = (db: Db) =>
  db
    .select(analysisColumns)
    .from(submissions)
    .innerJoin(exams, eq(exams.id, submissions.examId))
    .leftJoin(examRankings, eq(examRankings.examId, exams.id))
    .leftJoin(submissionRanks, eq(submissionRanks.submissionId, submissions.id))
    .leftJoin(examAttempts, and(eq(examAttempts.examId, submissions.examId), eq(examAttempts.studentId, submissions.studentId)));

/** One analysis read alone, in one prepared statement (docs/architecture.md, "Results"). */
const analysisRead = preparedQuery((db) =>
  analysisFrom(db)
    .where(eq(submissions.id, sql.placeholder('id')))
    .prepare('analysis_read'),
);

type AnalysisRow = Awaited<ReturnType<ReturnType<typeof analysisRead>['execute']>>[number];

/**
 * The analyses asked for together (a batch's results coming out, everyone opening theirs) read by one query
 * (lib/batch-loader.ts); a lone one by the prepared statement.
 */
const analysisReads = perDb(
  (db) =>
    new BatchLoader<string, AnalysisRow>(
      async (ids) => new Map((await analysisFrom(db).where(inArray(submissions.id, ids))).map((r) => [r.id, r])),
      (id) => id,
      async (id) => (await analysisRead(db).execute({ id }))[0],
      readerLoaderOptions(db),
    ),
);

/**
 * Students' ranked mocks with published results, with their stored places, each numbered from the newest
 * (`place`). The columns are named, so the same select serves as a subquery.
 */
const trendFrom = (db: Db) =>
  db
    .select({
      studentId: submissions.studentId,
      examId: exams.id,
      title: exams.title,
      submittedAt: submissions.submittedAt,
      score: submissions.marksObtained,
      totalMarks: submissions.totalMarks,
      percentile: submissionRanks.percentile,
      fresh: sql<boolean>`${rankingsFreshSql}`.as('fresh'),
      place: sql<number>`row_number() over (partition by ${submissions.studentId} order by ${submissions.submittedAt} desc)`.as('place'),
    })
    .from(submissions)
    .innerJoin(exams, eq(exams.id, submissions.examId))
    .leftJoin(examRankings, eq(examRankings.examId, exams.id))
    .leftJoin(submissionRanks, eq(submissionRanks.submissionId, submissions.id));
// Results out (the publication rule's areResultsOut, in SQL) and ranked.
const inTrend = and(eq(exams.resultsPublished, true), eq(exams.resultMode, 'rank'));

/** One student's trend, newest first, in one prepared statement. */
const trendRead = preparedQuery((db) =>
  trendFrom(db)
    .where(and(eq(submissions.studentId, sql.placeholder('studentId')), inTrend))
    .orderBy(desc(submissions.submittedAt))
    .limit(TREND_LENGTH)
    .prepare('analysis_trend'),
);

type TrendRow = Awaited<ReturnType<ReturnType<typeof trendRead>['execute']>>[number];

/** The trends of several students at once: each one's last TREND_LENGTH, newest first. */
async function readTrends(db: Db, studentIds: string[]) {
  const numbered = trendFrom(db)
    .where(and(inArray(submissions.studentId, studentIds), inTrend))
    .as('numbered');
  const rows = await db.select().from(numbered).where(lte(numbered.place, TREND_LENGTH)).orderBy(asc(numbered.place));
  const byStudent = new Map<string, TrendRow[]>(studentIds.map((id) => [id, []]));
  for (const r of rows) byStudent.get(r.studentId)?.push(r);
  return byStudent;
}

/** The trends asked for together, read by one query as the analyses are. */
const trendReads = perDb(
  (db) =>
    new BatchLoader<string, TrendRow[]>(
      (ids) => readTrends(db, [...new Set(ids)]),
      (id) => id,
      (studentId) => trendRead(db).execute({ studentId }),
      readerLoaderOptions(db),
    ),
);

/** What every candidate's analysis of one exam shares: its questions, sections and the ranks' figures. */
export type ExamFrame = {
  questions: { id: string; sectionId: string | null; marks: number }[];
  sections: { id: string; title: string; max: number }[];
  stats: ExamRankingStats | null;
};

async function loadFrame(db: Db, examId: string): Promise<ExamFrame> {
  const [qs, sections, [ranking]] = await Promise.all([
    db
      .select({ id: questions.id, sectionId: questions.sectionId, marks: questions.marks })
      .from(questions)
      .where(eq(questions.examId, examId))
      .orderBy(asc(questions.position)),
    db
      .select({ id: examSections.id, title: examSections.title })
      .from(examSections)
      .where(eq(examSections.examId, examId))
      .orderBy(asc(examSections.position)),
    db.select({ stats: examRankings.stats }).from(examRankings).where(eq(examRankings.examId, examId)),
  ]);
  const questionRows = qs.map((q) => ({ id: q.id, sectionId: q.sectionId, marks: Number(q.marks) }));
  return {
    questions: questionRows,
    sections: sections.map((sec) => ({
      ...sec,
      max: round2(questionRows.filter((q) => q.sectionId === sec.id).reduce((sum, q) => sum + q.marks, 0)),
    })),
    stats: ranking?.stats ?? null,
  };
}

/**
 * The submission with its stored place (to a reader assertReadable allows), its ranks brought up to date
 * first when a submission or the exam changed since they were computed.
 */
async function readSubmission(ctx: Ctx, scope: Scope, id: string) {
  let row = await analysisReads(ctx.db).load(id);
  assertReadable(scope, row, ANALYSIS_MESSAGES.notPublished);
  if (!row.fresh) {
    await ensureRankings(ctx.db, [row.examId]);
    [row] = await analysisRead(ctx.db).execute({ id });
    if (!row) throw notFound(SUBMISSION_MESSAGES.notFound);
  }
  return row;
}

/** GET /api/submissions/{id}/analysis (docs/product-results.md, "The analysis"). */
export async function findAnalysis(ctx: Ctx, scope: Scope, id: string): Promise<Analysis> {
  // A student reads their own: the trend is read beside the submission (another's answers 403 anyway).
  const ownTrend = scope.kind === 'student' ? findTrend(ctx, scope.studentId) : null;
  ownTrend?.catch(() => {});
  const s = await readSubmission(ctx, scope, id);
  const [frame, trend] = await Promise.all([
    ctx.caches.analysisFrames.get(s.examId, `${s.examVersion.getTime()}:${s.computedAt?.getTime() ?? ''}`, () =>
      loadFrame(ctx.db, s.examId),
    ),
    ownTrend ?? findTrend(ctx, s.studentId),
  ]);
  const { questions: qs, sections, stats } = frame;
  const timeSpent = s.timeSpent ?? {};
  const answerOf = new Map(s.answers.map((a) => [a.questionId, a]));
  const questionRows = qs.map((q) => {
    const a = answerOf.get(q.id);
    return {
      _id: q.id,
      section: q.sectionId,
      status: statusOf(a, q.marks),
      marksObtained: a?.marksObtained ?? null,
      timeSpent: Math.round(timeSpent[q.id] ?? 0),
      percentCorrect: stats?.percentCorrect[q.id] ?? 0,
    };
  });
  const tally = (rows: typeof questionRows) => {
    let correct = 0;
    let wrong = 0;
    let attempted = 0;
    for (const r of rows) {
      if (r.status === 'correct') correct++;
      else if (r.status === 'wrong') wrong++;
      if (r.status !== 'unattempted') attempted++;
    }
    return { attempted, correct, wrong, accuracy: accuracyOf(correct, correct + wrong) };
  };
  const marks = Number(s.marksObtained);
  return {
    examId: s.examId,
    title: s.title,
    resultMode: s.resultMode,
    score: marks,
    totalMarks: Number(s.totalMarks),
    percentage: percentageOf(marks, Number(s.totalMarks)),
    rank: s.rank ?? null,
    candidates: s.candidates ?? null,
    percentile: s.percentile ?? null,
    accuracy: tally(questionRows).accuracy,
    timeSpent: s.totalTimeTaken,
    sections: sections.map((sec) => {
      const rows = questionRows.filter((r) => r.section === sec.id);
      return {
        _id: sec.id,
        title: sec.title,
        score: round2(rows.reduce((sum, r) => sum + (r.marksObtained ?? 0), 0)),
        max: sec.max,
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
  let rows = (await trendReads(ctx.db).load(studentId)) ?? [];
  const stale = rows.filter((r) => !r.fresh).map((r) => r.examId);
  if (stale.length > 0) {
    await ensureRankings(ctx.db, stale);
    rows = await trendRead(ctx.db).execute({ studentId });
  }
  return rows.reverse().map((r) => ({
    examId: r.examId,
    title: r.title,
    submittedAt: r.submittedAt.toISOString(),
    score: Number(r.score),
    totalMarks: Number(r.totalMarks),
    percentile: r.percentile ?? null,
  }));
}

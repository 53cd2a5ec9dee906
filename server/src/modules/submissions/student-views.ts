import { areMarksVisible, areResultsOut } from '@app/common/rules/publication';
import { desc } from 'drizzle-orm';
import type { MySubmission, StudentResult } from '@app/common/schemas/submissions';
import type { Ctx } from '../../context.ts';
import { type Scope, submissionFilter } from '../../lib/record-scope.ts';
import { submissions } from '../../db/schema.ts';
import { loadQuestionsByExam } from '../exams/queries.ts';
import { ensureRankings, findRanks } from '../rankings/service.ts';
import { readSubmissions } from './read.ts';
import { marksView, mySubmissionOf } from './views.ts';

async function findOwnSubmissions(ctx: Ctx, scope: Scope) {
  // Ownership is in the query: only the caller's rows are ever read (lib/record-scope.ts).
  return readSubmissions(ctx.db).where(submissionFilter(scope)).orderBy(desc(submissions.submittedAt));
}

/** GET /api/submissions/my-submissions: no marks, grade or feedback before publication. */
export async function findMySubmissions(ctx: Ctx, scope: Scope): Promise<MySubmission[]> {
  const rows = await findOwnSubmissions(ctx, scope);
  const questionsOf = await loadQuestionsByExam(
    ctx.db,
    rows.map((r) => r.exam.id),
  );
  return rows.map((r) => mySubmissionOf(r, questionsOf.get(r.exam.id) ?? []));
}

/** GET /api/results/student: marks fields null until the exam's results are published. */
export async function findStudentResults(ctx: Ctx, scope: Scope): Promise<StudentResult[]> {
  const rows = await findOwnSubmissions(ctx, scope);
  await ensureRankings(
    ctx.db,
    rows.filter((r) => areResultsOut(r.exam)).map((r) => r.exam.id),
  );
  const ranks = await findRanks(
    ctx.db,
    rows.filter((r) => areResultsOut(r.exam)).map((r) => r.s.id),
  );
  return rows.map(({ s, exam }) => {
    const { score, grade, isPassed, feedback } = marksView(s, { role: 'student', resultsPublished: exam.resultsPublished });
    const place = areMarksVisible(exam, s) ? ranks.get(s.id) : undefined;
    return {
      _id: s.id,
      exam: { _id: exam.id, title: exam.title, resultMode: exam.resultMode },
      resultsPublished: exam.resultsPublished,
      rank: place?.rank ?? null,
      candidates: place?.candidates ?? null,
      percentile: place?.percentile ?? null,
      marksObtained: score?.marksObtained ?? null,
      totalMarks: Number(s.totalMarks),
      percentage: score?.percentage ?? null,
      grade,
      isPassed,
      correctAnswers: score?.correctAnswers ?? null,
      incorrectAnswers: score?.incorrectAnswers ?? null,
      unattempted: score?.unattempted ?? null,
      feedback,
      status: s.status,
      submittedAt: s.submittedAt.toISOString(),
    };
  });
}

import { and, desc, eq } from 'drizzle-orm';
import type { MySubmission, StudentResult } from '@app/common/schemas/submissions';
import type { Actor, Ctx } from '../../context.ts';
import { exams, submissions, users } from '../../db/schema.ts';
import { toQuestionStudent } from '../exams/dto.ts';
import { loadQuestionsByExam } from '../exams/queries.ts';
import { areMarksVisible } from '../attempts/status.ts';
import { ensureRankings, findRanks } from '../rankings/service.ts';
import { marksView, studentRefOf, submissionBaseOf } from './views.ts';

async function findOwnSubmissions(ctx: Ctx, actor: Actor) {
  // Ownership is in the query: only the caller's rows are ever read.
  return ctx.db
    .select({
      s: submissions,
      exam: {
        id: exams.id,
        title: exams.title,
        description: exams.description,
        durationMinutes: exams.durationMinutes,
        totalMarks: exams.totalMarks,
        resultsPublished: exams.resultsPublished,
        resultMode: exams.resultMode,
      },
      student: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        courseInterest: users.courseInterest,
        education: users.education,
      },
    })
    .from(submissions)
    .innerJoin(exams, eq(exams.id, submissions.examId))
    .innerJoin(users, eq(users.id, submissions.studentId))
    .where(and(eq(submissions.studentId, actor.id)))
    .orderBy(desc(submissions.submittedAt));
}

/** GET /api/submissions/my-submissions: no marks, grade or feedback before publication. */
export async function findMySubmissions(ctx: Ctx, actor: Actor): Promise<MySubmission[]> {
  const rows = await findOwnSubmissions(ctx, actor);
  const questionsOf = await loadQuestionsByExam(
    ctx.db,
    rows.map((r) => r.exam.id),
  );
  return rows.map(({ s, exam, student }) => ({
    ...submissionBaseOf(s),
    student: studentRefOf(student),
    exam: {
      _id: exam.id,
      title: exam.title,
      description: exam.description,
      duration: exam.durationMinutes,
      totalMarks: Number(exam.totalMarks),
      resultsPublished: exam.resultsPublished,
      questions: (questionsOf.get(exam.id) ?? []).map(toQuestionStudent),
    },
    ...marksView(s, { role: 'student', resultsPublished: exam.resultsPublished }),
  }));
}

/** GET /api/results/student: marks fields null until the exam's results are published. */
export async function findStudentResults(ctx: Ctx, actor: Actor): Promise<StudentResult[]> {
  const rows = await findOwnSubmissions(ctx, actor);
  await ensureRankings(
    ctx.db,
    rows.filter((r) => r.exam.resultsPublished).map((r) => r.exam.id),
  );
  const ranks = await findRanks(
    ctx.db,
    rows.filter((r) => r.exam.resultsPublished).map((r) => r.s.id),
  );
  return rows.map(({ s, exam }) => {
    const { score, grade, isPassed, feedback } = marksView(s, { role: 'student', resultsPublished: exam.resultsPublished });
    const place = areMarksVisible(exam.resultsPublished, s.status) ? ranks.get(s.id) : undefined;
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

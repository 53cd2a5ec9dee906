import { asc, eq } from 'drizzle-orm';
import { round2 } from '@app/common/rules/rounding';
import type { RegradeMarks, RegradeResult } from '@app/common/schemas/regrade';
import type { Tx } from '../../db/client.ts';
import { readAll } from '../../db/read-all.ts';
import { examSections, submissions, users } from '../../db/schema.ts';
import { rankCandidates } from '../rankings/compute.ts';
import { type KeyDecision, percentOf, remark, rowDiffers, type SubmissionMarks } from './compute.ts';
import type { QuestionRow, RegradeExam } from './key-decisions.ts';
import { accountEmail } from '../../lib/account-email.ts';

// The regrade's plan (docs/product-regrade.md, "Regrade"): every submission's marks and rank before
// and after the decisions, computed in memory so a dry run and an apply answer the same figures.

export type Planned = {
  id: string;
  studentId: string;
  studentName: string;
  email: string;
  before: RegradeMarks;
  after: RegradeMarks;
  next: SubmissionMarks;
  changed: boolean;
  marksChanged: boolean;
};

/** Every submission of the exam re-marked from its original answers under the `next` decisions. */
export async function planRegrade(
  tx: Tx,
  examId: string,
  exam: RegradeExam,
  qs: Map<string, QuestionRow>,
  next: Map<string, KeyDecision>,
): Promise<Planned[]> {
  const [rows, sections] = await readAll(tx, [
    tx
      .select({
        s: submissions,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(submissions)
      .innerJoin(users, eq(users.id, submissions.studentId))
      .where(eq(submissions.examId, examId))
      .orderBy(asc(submissions.submittedAt), asc(submissions.id)),
    tx
      .select({ id: examSections.id, title: examSections.title })
      .from(examSections)
      .where(eq(examSections.examId, examId))
      .orderBy(asc(examSections.position)),
  ]);
  const examFigures = {
    totalMarks: Number(exam.totalMarks),
    passingMarks: exam.passingMarks === null ? null : Number(exam.passingMarks),
  };
  const recomputed = rows.map((r) => ({ r, marks: remark({ answers: r.s.answers, status: r.s.status }, qs, next, examFigures) }));

  // Ranks before and after, by the rankings module's one computation (in memory: nothing stored yet).
  const rankQuestions = [...qs.values()].map((q) => ({ id: q.id, sectionId: q.sectionId, marks: q.marks }));
  const tieBreak = exam.tieBreakSection ? (sections.find((s) => s.title === exam.tieBreakSection)?.id ?? null) : null;
  const sectionIds = sections.map((s) => s.id);
  const rankMap = (
    list: { submissionId: string; marksObtained: number; answers: { questionId: string; marksObtained: number | null }[] }[],
  ) => new Map(rankCandidates(list, rankQuestions, sectionIds, tieBreak).ranked.map((x) => [x.submissionId, x.rank]));
  const ranksBefore = rankMap(rows.map((r) => ({ submissionId: r.s.id, marksObtained: Number(r.s.marksObtained), answers: r.s.answers })));
  const ranksAfter = rankMap(
    recomputed.map(({ r, marks }) => ({ submissionId: r.s.id, marksObtained: marks.marksObtained, answers: marks.answers })),
  );

  const planned: Planned[] = recomputed.map(({ r, marks }) => {
    const stored = {
      answers: r.s.answers,
      marksObtained: Number(r.s.marksObtained),
      totalMarks: Number(r.s.totalMarks),
      correctAnswers: r.s.correctAnswers,
      incorrectAnswers: r.s.incorrectAnswers,
      unattempted: r.s.unattempted,
      isPassed: r.s.isPassed,
    };
    return {
      id: r.s.id,
      studentId: r.s.studentId,
      studentName: `${r.firstName} ${r.lastName}`.trim(),
      email: accountEmail(r),
      before: {
        marksObtained: stored.marksObtained,
        totalMarks: stored.totalMarks,
        percentage: percentOf(stored.marksObtained, stored.totalMarks),
        rank: ranksBefore.get(r.s.id) ?? 0,
      },
      after: {
        marksObtained: marks.marksObtained,
        totalMarks: marks.totalMarks,
        percentage: percentOf(marks.marksObtained, marks.totalMarks),
        rank: ranksAfter.get(r.s.id) ?? 0,
      },
      next: marks,
      changed: rowDiffers(stored, marks),
      marksChanged: stored.marksObtained !== marks.marksObtained || stored.totalMarks !== marks.totalMarks,
    };
  });
  return planned;
}

/** The answer of POST /api/exams/{id}/regrade: the changes, the largest of them and the new top ten. */
export function summariseRegrade(planned: Planned[], affected: Planned[], dryRun: boolean, emailed: number): RegradeResult {
  const largest = affected.reduce<Planned | null>(
    (best, p) =>
      best === null ||
      Math.abs(p.after.marksObtained - p.before.marksObtained) > Math.abs(best.after.marksObtained - best.before.marksObtained)
        ? p
        : best,
    null,
  );
  const top10 = [...planned]
    .sort((a, b) => a.after.rank - b.after.rank || a.studentName.localeCompare(b.studentName))
    .slice(0, 10)
    .map((p) => ({
      submissionId: p.id,
      studentName: p.studentName,
      rank: p.after.rank,
      marksObtained: p.after.marksObtained,
      previousRank: p.before.rank,
    }));
  return {
    affected: affected.length,
    changes: affected.map((p) => ({
      submissionId: p.id,
      before: p.before.marksObtained,
      after: p.after.marksObtained,
      beforeMarks: p.before,
      afterMarks: p.after,
    })),
    dryRun,
    candidates: planned.length,
    largestChange: largest
      ? {
          submissionId: largest.id,
          studentName: largest.studentName,
          before: largest.before.marksObtained,
          after: largest.after.marksObtained,
          difference: round2(largest.after.marksObtained - largest.before.marksObtained),
        }
      : null,
    top10,
    emailed,
  };
}

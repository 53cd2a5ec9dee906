import { asc, eq, inArray } from 'drizzle-orm';
import type { MeritList, MeritRow } from '@app/common/schemas/analysis';
import { EXAM_MESSAGES } from '@app/common/schemas/exams';
import type { Ctx } from '../../context.ts';
import { centres, exams, submissions, users } from '../../db/schema.ts';
import { csvNumber, toCsv } from '../../lib/csv.ts';
import { notFound } from '../../lib/errors.ts';
import { rankExam } from '../rankings/service.ts';

/**
 * GET /api/exams/{id}/merit-list: every candidate in rank order (the ranks of docs/product-results.md,
 * computed as the submissions stand, so the admin sees it before publishing too). `centre` (its id or
 * name) narrows the rows; each row keeps its rank among all candidates.
 */
export async function findMeritList(ctx: Ctx, examId: string, centre?: string): Promise<MeritList> {
  const [exam] = await ctx.db.select().from(exams).where(eq(exams.id, examId));
  if (!exam) throw notFound(EXAM_MESSAGES.notFound);
  const { ranked, sections } = await rankExam(ctx.db, examId, exam.tieBreakSection);
  const people = ranked.length
    ? await ctx.db
        .select({
          submissionId: submissions.id,
          marksObtained: submissions.marksObtained,
          firstName: users.firstName,
          lastName: users.lastName,
          registrationNumber: users.registrationNumber,
          centreId: users.centreId,
          centreName: centres.name,
        })
        .from(submissions)
        .innerJoin(users, eq(users.id, submissions.studentId))
        .leftJoin(centres, eq(centres.id, users.centreId))
        .where(eq(submissions.examId, examId))
    : [];
  const bySubmission = new Map(people.map((p) => [p.submissionId, p]));
  const wanted = centre?.trim().toLowerCase();
  const rows: MeritRow[] = [];
  for (const r of ranked) {
    const p = bySubmission.get(r.submissionId);
    if (!p) continue;
    if (wanted && p.centreId?.toLowerCase() !== wanted && p.centreName?.toLowerCase() !== wanted) continue;
    rows.push({
      rank: r.rank,
      name: `${p.firstName} ${p.lastName}`.trim(),
      registrationNumber: p.registrationNumber,
      centre: p.centreName,
      marksObtained: Number(p.marksObtained),
      percentile: r.percentile,
      sections: sections.map((s) => ({ title: s.title, score: r.sectionScores[s.id] ?? 0 })),
    });
  }
  const centreIds = [...new Set(people.map((p) => p.centreId).filter((c): c is string => c !== null))];
  const centreList = centreIds.length
    ? await ctx.db
        .select({ id: centres.id, name: centres.name })
        .from(centres)
        .where(inArray(centres.id, centreIds))
        .orderBy(asc(centres.name))
    : [];
  return {
    exam: { _id: exam.id, title: exam.title, totalMarks: Number(exam.totalMarks), resultsPublished: exam.resultsPublished },
    candidates: ranked.length,
    centres: centreList,
    rows,
  };
}

const MERIT_CSV_HEADER = ['Rank', 'Name', 'Registration number', 'Centre', 'Marks', 'Percentile'] as const;

/** The merit list as CSV: the fixed columns, then one column per section; marks as numbers (a negative one too). */
export function meritListCsv(list: MeritList): string {
  const sectionTitles = list.rows[0]?.sections.map((s) => s.title) ?? [];
  return toCsv(
    [...MERIT_CSV_HEADER, ...sectionTitles],
    list.rows.map((r) => [
      r.rank,
      r.name,
      r.registrationNumber,
      r.centre,
      csvNumber(r.marksObtained, { decimals: 2 }),
      csvNumber(r.percentile, { decimals: 2 }),
      ...r.sections.map((s) => csvNumber(s.score, { decimals: 2 })),
    ]),
  );
}

/** A file name from the exam's title: letters, digits and dashes only. */
export const meritFileName = (list: MeritList, ext: 'csv' | 'pdf') =>
  `merit-list-${
    list.exam.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'exam'
  }.${ext}`;

import { isRankedExam } from '@app/common/rules/publication';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { readAll } from '../../db/read-all.ts';
import { examRankings, exams, examSections, questions, submissionRanks, submissions } from '../../db/schema.ts';
import { rankCandidates } from './compute.ts';

/**
 * The version of the exam the ranks were computed from: its last edit (sections, questions, mode) and its
 * tie-break. A change to any submission is marked on the stored row instead (`stale`, set by the trigger
 * of migration 0020), so neither needs the exam's submissions counted.
 */
const examVersionSql = sql<string>`concat_ws(':', extract(epoch from ${exams.updatedAt}), coalesce(${exams.tieBreakSection}, ''))`;

/**
 * Whether the stored ranks (exam_rankings joined on the exam, possibly absent) are what the exam holds now:
 * a ranked exam (isRankedExam of the publication rule, here in SQL) has a row of its current version with no
 * submission changed since; any other has none.
 */
export const rankingsFreshSql = sql<boolean>`case when ${exams.resultsPublished} and ${exams.mode} <> 'practice'
  then ${examRankings.examId} is not null and not ${examRankings.stale} and ${examRankings.fingerprint} = ${examVersionSql}
  else ${examRankings.examId} is null end`;

/**
 * Ranks every submission of an exam as it stands (nothing stored): the one computation behind the
 * stored ranks and the admin's merit list.
 */
export async function rankExam(db: Db | Tx, examId: string, tieBreakSection: string | null) {
  const [sections, qs, rows] = await readAll(db, [
    db
      .select({ id: examSections.id, title: examSections.title })
      .from(examSections)
      .where(eq(examSections.examId, examId))
      .orderBy(asc(examSections.position)),
    db
      .select({ id: questions.id, sectionId: questions.sectionId, marks: questions.marks })
      .from(questions)
      .where(eq(questions.examId, examId)),
    db
      .select({ submissionId: submissions.id, marksObtained: submissions.marksObtained, answers: submissions.answers })
      .from(submissions)
      .where(eq(submissions.examId, examId)),
  ]);
  const tieBreak = tieBreakSection ? (sections.find((s) => s.title === tieBreakSection)?.id ?? null) : null;
  const result = rankCandidates(
    rows.map((r) => ({ ...r, marksObtained: Number(r.marksObtained) })),
    qs.map((q) => ({ ...q, marks: Number(q.marks) })),
    sections.map((s) => s.id),
    tieBreak,
  );
  return { ...result, sections };
}

/**
 * Recomputes and stores the ranks of one exam (at publication, re-publication and every regrade). With
 * `onlyIfStale` (a reader found them stale) it does nothing when another computation brought them up to
 * date while this one waited for the lock, so readers arriving together compute once.
 */
export async function computeRankings(db: Db | Tx, examId: string, opts: { onlyIfStale?: boolean } = {}) {
  await db.transaction(async (tx) => {
    // One computation per exam at a time: a second waits. A change to a submission holds the same lock
    // shared until it commits (migration 0020), so the submissions read below are all committed ones.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rankings:${examId}`}))`);
    const [exam] = await tx
      .select({
        id: exams.id,
        tieBreakSection: exams.tieBreakSection,
        resultsPublished: exams.resultsPublished,
        mode: exams.mode,
        version: examVersionSql,
        fresh: rankingsFreshSql,
      })
      .from(exams)
      .leftJoin(examRankings, eq(examRankings.examId, exams.id))
      .where(eq(exams.id, examId));
    if (!exam || (opts.onlyIfStale && exam.fresh)) return;
    await tx.delete(submissionRanks).where(eq(submissionRanks.examId, examId));
    await tx.delete(examRankings).where(eq(examRankings.examId, examId));
    if (!isRankedExam(exam)) return;
    const { ranked, stats } = await rankExam(tx, examId, exam.tieBreakSection);
    for (let i = 0; i < ranked.length; i += 500) {
      await tx.insert(submissionRanks).values(ranked.slice(i, i + 500).map((r) => ({ ...r, examId })));
    }
    await tx.insert(examRankings).values({ examId, fingerprint: exam.version, candidates: ranked.length, stats });
  });
}

/** Brings the ranks of these exams up to date: any whose stored ranks are not fresh is recomputed. */
export async function ensureRankings(db: Db | Tx, examIds: string[]) {
  const ids = [...new Set(examIds)];
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: exams.id, fresh: rankingsFreshSql })
    .from(exams)
    .leftJoin(examRankings, eq(examRankings.examId, exams.id))
    .where(inArray(exams.id, ids));
  for (const r of rows) if (!r.fresh) await computeRankings(db, r.id, { onlyIfStale: true });
}

/** The stored rank of each of these submissions (after ensureRankings). */
export async function findRanks(db: Db | Tx, submissionIds: string[]) {
  const byId = new Map<string, { rank: number; percentile: number; candidates: number }>();
  if (submissionIds.length === 0) return byId;
  const rows = await db
    .select({
      id: submissionRanks.submissionId,
      rank: submissionRanks.rank,
      percentile: submissionRanks.percentile,
      candidates: examRankings.candidates,
    })
    .from(submissionRanks)
    .innerJoin(examRankings, eq(examRankings.examId, submissionRanks.examId))
    .where(and(inArray(submissionRanks.submissionId, submissionIds)));
  for (const r of rows) byId.set(r.id, { rank: r.rank, percentile: r.percentile, candidates: r.candidates });
  return byId;
}

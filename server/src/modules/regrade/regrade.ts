import { asc, eq, inArray, sql } from 'drizzle-orm';
import { EXAM_MESSAGES } from '@app/common/schemas/exams';
import {
  REGRADE_MESSAGES,
  type RegradeDecision,
  type RegradeDecisionData,
  type RegradeMarks,
  type RegradeResult,
} from '@app/common/schemas/regrade';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { encodeMarkedAnswers } from '../../db/marked-answers.ts';
import { exams, examSections, questionKeyDecisions, questions, submissions, users } from '../../db/schema.ts';
import { recordAudit, recordAuditMany } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Message } from '../mail/service.ts';
import { rankCandidates } from '../rankings/compute.ts';
import { computeRankings, isRankedExam } from '../rankings/service.ts';
import { KEEP, type KeyDecision, percentOf, type RegradeQuestion, remark, rowDiffers, type SubmissionMarks } from './compute.ts';
import { regradeMail } from './mail.ts';

// Key decisions and regrade (docs/product-regrade.md, "Regrade").

type QuestionRow = RegradeQuestion & { sectionId: string | null; optionsCount: number; correctAnswer: number | null; position: number };

async function loadQuestions(db: Db | Tx, examId: string, examPenalty: number) {
  const [rows, stored] = await Promise.all([
    db
      .select({
        id: questions.id,
        type: questions.type,
        options: questions.options,
        marks: questions.marks,
        negativeMarks: questions.negativeMarks,
        correctAnswer: questions.correctAnswer,
        sectionId: questions.sectionId,
        position: questions.position,
      })
      .from(questions)
      .where(eq(questions.examId, examId))
      .orderBy(asc(questions.position)),
    db.select().from(questionKeyDecisions).where(eq(questionKeyDecisions.examId, examId)),
  ]);
  const decisionOf = new Map(stored.map((d) => [d.questionId, d]));
  const qs = new Map<string, QuestionRow>();
  for (const r of rows) {
    const d = decisionOf.get(r.id);
    qs.set(r.id, {
      id: r.id,
      type: r.type,
      marks: Number(r.marks),
      penalty: r.negativeMarks === null ? examPenalty : Number(r.negativeMarks),
      // A decided question keeps the key it was set with in its decision; the others still have it.
      originalAnswer: d ? d.originalAnswer : r.correctAnswer,
      sectionId: r.sectionId,
      optionsCount: r.type === 'mcq' ? r.options.length : 0,
      correctAnswer: r.correctAnswer,
      position: r.position,
    });
  }
  const decisions = new Map<string, KeyDecision>(
    stored.map((d) => [
      d.questionId,
      { action: d.action, correctAnswer: d.correctAnswer, acceptedAnswers: d.acceptedAnswers, dropMode: d.dropMode },
    ]),
  );
  return { qs, decisions, stored };
}

async function findExam(db: Db | Tx, examId: string, lock: boolean) {
  const query = db
    .select({
      id: exams.id,
      title: exams.title,
      totalMarks: exams.totalMarks,
      passingMarks: exams.passingMarks,
      negativeMarks: exams.negativeMarks,
      tieBreakSection: exams.tieBreakSection,
      resultsPublished: exams.resultsPublished,
      mode: exams.mode,
    })
    .from(exams)
    .where(eq(exams.id, examId));
  const [exam] = lock ? await query.for('update') : await query;
  if (!exam) throw notFound(EXAM_MESSAGES.notFound);
  return exam;
}

/** GET /api/exams/{id}/regrade (admin): the current decision of every multiple-choice question (keep when never decided). */
export async function findDecisions(ctx: Ctx, examId: string): Promise<RegradeDecision[]> {
  const exam = await findExam(ctx.db, examId, false);
  const { qs, stored } = await loadQuestions(ctx.db, examId, Number(exam.negativeMarks));
  const byId = new Map(stored.map((d) => [d.questionId, d]));
  return [...qs.values()]
    .filter((q) => q.type === 'mcq')
    .map((q) => {
      const d = byId.get(q.id);
      return {
        questionId: q.id,
        action: d?.action ?? 'keep',
        correctAnswer: d?.correctAnswer ?? null,
        acceptedAnswers: d?.acceptedAnswers ?? null,
        dropMode: d?.dropMode ?? null,
        originalAnswer: q.originalAnswer,
        decidedAt: d?.decidedAt.toISOString() ?? null,
      };
    });
}

/** Each decision names an MCQ of this exam and options it has: else 400 naming the field, nothing regraded. */
function checkDecisions(input: RegradeDecisionData[], qs: Map<string, QuestionRow>) {
  input.forEach((d, i) => {
    const field = (name: string) => `decisions.${i}.${name}`;
    const q = qs.get(d.questionId);
    if (!q) throw badRequest(REGRADE_MESSAGES.notInExam, { [field('questionId')]: REGRADE_MESSAGES.notInExam });
    if (q.type !== 'mcq') throw badRequest(REGRADE_MESSAGES.notMcq, { [field('questionId')]: REGRADE_MESSAGES.notMcq });
    const options = [...(d.correctAnswer === null ? [] : [d.correctAnswer]), ...(d.acceptedAnswers ?? [])];
    if (options.some((o) => o >= q.optionsCount)) {
      const name = d.action === 'changeKey' ? 'correctAnswer' : 'acceptedAnswers';
      throw badRequest(REGRADE_MESSAGES.option, { [field(name)]: REGRADE_MESSAGES.option });
    }
  });
}

type Planned = {
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

const sameDecision = (a: KeyDecision, b: KeyDecision) => JSON.stringify(a) === JSON.stringify(b);

/**
 * POST /api/exams/{id}/regrade: the named questions get their decisions, the others keep theirs; every
 * submission is re-marked from its original answers under all current decisions. A dry run answers the
 * same figures and writes nothing; otherwise one transaction writes the marks, the ranks, the audit
 * entries and the e-mails.
 */
export async function regradeExam(
  ctx: Ctx,
  actor: Actor,
  examId: string,
  input: { decisions: RegradeDecisionData[]; dryRun: boolean },
): Promise<RegradeResult> {
  const mails: { id: string; message: Message }[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const exam = await findExam(tx, examId, !input.dryRun);
    const { qs, decisions: current } = await loadQuestions(tx, examId, Number(exam.negativeMarks));
    checkDecisions(input.decisions, qs);

    const next = new Map(current);
    for (const d of input.decisions) {
      const decision: KeyDecision = {
        action: d.action,
        correctAnswer: d.correctAnswer,
        acceptedAnswers: d.acceptedAnswers,
        dropMode: d.dropMode,
      };
      if (decision.action === 'keep') next.delete(d.questionId);
      else next.set(d.questionId, decision);
    }

    const [rows, sections] = await Promise.all([
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
    const ranksBefore = rankMap(
      rows.map((r) => ({ submissionId: r.s.id, marksObtained: Number(r.s.marksObtained), answers: r.s.answers })),
    );
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
        email: r.email,
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
    const affected = planned.filter((p) => p.marksChanged);

    if (!input.dryRun) {
      await writeDecisions(tx, actor, examId, qs, current, next);
      const ranked = isRankedExam(exam);
      const changed = planned.filter((x) => x.changed);
      for (let i = 0; i < changed.length; i += WRITE_CHUNK) await writeSubmissions(tx, changed.slice(i, i + WRITE_CHUNK));
      for (let i = 0; i < affected.length; i += WRITE_CHUNK) {
        const chunk = affected.slice(i, i + WRITE_CHUNK);
        await recordAuditMany(
          tx,
          actor,
          'submission.regrade',
          'submission',
          chunk.map((p) => ({ entityId: p.id, before: p.before, after: p.after })),
        );
      }
      for (const p of affected) {
        const message = {
          to: p.email,
          ...regradeMail({
            name: p.studentName,
            exam: exam.title,
            published: exam.resultsPublished,
            before: p.before,
            after: p.after,
            ranked,
            candidates: planned.length,
          }),
        };
        mails.push({ id: await ctx.mailer.storeIn(tx, message), message });
      }
      // Every rank and percentile afresh, in the same transaction (docs/product-results.md).
      await computeRankings(tx, examId);
    }

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
      dryRun: input.dryRun,
      candidates: planned.length,
      largestChange: largest
        ? {
            submissionId: largest.id,
            studentName: largest.studentName,
            before: largest.before.marksObtained,
            after: largest.after.marksObtained,
            difference: Math.round((largest.after.marksObtained - largest.before.marksObtained) * 100) / 100,
          }
        : null,
      top10,
      emailed: mails.length,
    };
  });
  // Delivered after the commit: the outbox rows exist exactly when the new marks do.
  await Promise.all(mails.map(({ id, message }) => ctx.mailer.sendStored(id, message).catch(() => false)));
  return result;
}

const WRITE_CHUNK = 250;

/** Writes the re-marked submissions in one statement per chunk (a mock of 2,000 is a handful of statements). */
async function writeSubmissions(tx: Tx, rows: Planned[]) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (p) =>
        sql`(${p.id}::uuid, ${JSON.stringify(encodeMarkedAnswers(p.next.answers))}::jsonb, ${p.next.marksObtained}::numeric, ${p.next.totalMarks}::numeric, ${p.next.correctAnswers}::int, ${p.next.incorrectAnswers}::int, ${p.next.unattempted}::int, ${p.next.isPassed}::boolean)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`update ${submissions} set
      answers = v.answers, marks_obtained = v.marks, total_marks = v.total, correct_answers = v.correct,
      incorrect_answers = v.incorrect, unattempted = v.unattempted, is_passed = v.passed
    from (values ${values}) as v(id, answers, marks, total, correct, incorrect, unattempted, passed)
    where ${submissions.id} = v.id`);
}

/**
 * Stores the decisions that changed: keep removes a question's row (and gives it back the key it was
 * set with); changeKey also becomes the question's key, so the solutions, the item analysis and any
 * later submission read the revised one. Bumps the exam's version when anything changed (the marking
 * cache and the ranks' fingerprint follow it).
 */
async function writeDecisions(
  tx: Tx,
  actor: Actor,
  examId: string,
  qs: Map<string, QuestionRow>,
  current: Map<string, KeyDecision>,
  next: Map<string, KeyDecision>,
) {
  const touched = [...qs.keys()].filter((id) => !sameDecision(current.get(id) ?? KEEP, next.get(id) ?? KEEP));
  if (touched.length === 0) return;
  const now = new Date();
  const removed = touched.filter((id) => !next.has(id));
  if (removed.length > 0) await tx.delete(questionKeyDecisions).where(inArray(questionKeyDecisions.questionId, removed));
  for (const id of touched) {
    const q = qs.get(id) as QuestionRow;
    const d = next.get(id);
    if (d) {
      const values = { ...d, decidedBy: actor.id, decidedAt: now };
      await tx
        .insert(questionKeyDecisions)
        .values({ questionId: id, examId, originalAnswer: q.originalAnswer, ...values })
        .onConflictDoUpdate({ target: questionKeyDecisions.questionId, set: values });
    }
    const key = d?.action === 'changeKey' ? d.correctAnswer : q.originalAnswer;
    if (key !== q.correctAnswer) await tx.update(questions).set({ correctAnswer: key }).where(eq(questions.id, id));
  }
  await tx.update(exams).set({ updatedAt: now }).where(eq(exams.id, examId));
  await recordAudit(
    tx,
    actor,
    'exam.regrade',
    'exam',
    examId,
    { decisions: touched.map((id) => ({ questionId: id, ...(current.get(id) ?? KEEP) })) },
    { decisions: touched.map((id) => ({ questionId: id, ...(next.get(id) ?? KEEP) })) },
  );
}

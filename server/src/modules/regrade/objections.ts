import { and, asc, eq } from 'drizzle-orm';
import { EXAM_MESSAGES } from '@app/common/schemas/exams';
import {
  type MyObjections,
  type ObjectionGroup,
  type ObjectionWindow,
  type ObjectionWindowData,
  REGRADE_MESSAGES,
} from '@app/common/schemas/regrade';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { examObjections, examObjectionWindows, exams, questions, submissions } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { ownStudentId, type Scope } from '../../lib/record-scope.ts';

// Objections to an exam's answer key (docs/product-regrade.md, "Objections").

const windowView = (w: { opensAt: Date; closesAt: Date } | undefined): ObjectionWindow | null =>
  w ? { opensAt: w.opensAt.toISOString(), closesAt: w.closesAt.toISOString() } : null;

/** The exam's objection window, or null. */
export async function findObjectionWindow(db: Db | Tx, examId: string): Promise<ObjectionWindow | null> {
  const [w] = await db.select().from(examObjectionWindows).where(eq(examObjectionWindows.examId, examId));
  return windowView(w);
}

const isOpenAt = (w: ObjectionWindow | null, now: Date) =>
  w !== null && now.getTime() >= Date.parse(w.opensAt) && now.getTime() < Date.parse(w.closesAt);

/** PATCH /api/exams/{id} with `objectionWindow`: sets it (or removes it with null), audited. */
export async function setObjectionWindow(ctx: Ctx, actor: Actor, examId: string, input: ObjectionWindowData) {
  await ctx.db.transaction(async (tx) => {
    const [exam] = await tx.select({ id: exams.id }).from(exams).where(eq(exams.id, examId)).for('update');
    if (!exam) throw notFound(EXAM_MESSAGES.notFound);
    const before = await findObjectionWindow(tx, examId);
    if (input === null) {
      await tx.delete(examObjectionWindows).where(eq(examObjectionWindows.examId, examId));
    } else {
      const values = { opensAt: input.opensAt, closesAt: input.closesAt, updatedAt: new Date() };
      await tx
        .insert(examObjectionWindows)
        .values({ examId, ...values })
        .onConflictDoUpdate({ target: examObjectionWindows.examId, set: values });
    }
    await recordAudit(tx, actor, 'exam.objection_window', 'exam', examId, before, input === null ? null : windowView(input));
  });
}

async function examExists(db: Db | Tx, examId: string) {
  const [exam] = await db.select({ id: exams.id }).from(exams).where(eq(exams.id, examId));
  if (!exam) throw notFound(EXAM_MESSAGES.notFound);
}

/**
 * POST /api/exams/{id}/objections: a student who has submitted the exam, on one of its questions,
 * while the window is open, once per question.
 */
export async function raiseObjection(ctx: Ctx, scope: Scope, examId: string, input: { questionId: string; reason: string }) {
  const studentId = ownStudentId(scope);
  await examExists(ctx.db, examId);
  const [submitted] = await ctx.db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.examId, examId), eq(submissions.studentId, studentId)))
    .limit(1);
  if (!submitted) throw forbidden(REGRADE_MESSAGES.noSubmission);
  const [question] = await ctx.db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, input.questionId), eq(questions.examId, examId)));
  if (!question) throw badRequest(REGRADE_MESSAGES.notInExam, { questionId: REGRADE_MESSAGES.notInExam });
  const window = await findObjectionWindow(ctx.db, examId);
  const now = new Date();
  if (!window) throw conflict(REGRADE_MESSAGES.noWindow);
  if (now.getTime() < Date.parse(window.opensAt)) throw conflict(REGRADE_MESSAGES.notYetOpen);
  if (!isOpenAt(window, now)) throw conflict(REGRADE_MESSAGES.closed);
  const [row] = await ctx.db
    .insert(examObjections)
    .values({ examId, questionId: input.questionId, studentId, reason: input.reason })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(REGRADE_MESSAGES.duplicate);
  return { _id: row.id, questionId: row.questionId, reason: row.reason, createdAt: row.createdAt.toISOString() };
}

/** GET /api/exams/{id}/objections (admin): per question with objections, in paper order, oldest reason first. */
export async function findObjectionGroups(ctx: Ctx, examId: string): Promise<ObjectionGroup[]> {
  await examExists(ctx.db, examId);
  const rows = await ctx.db
    .select({ questionId: examObjections.questionId, reason: examObjections.reason })
    .from(examObjections)
    .innerJoin(questions, eq(questions.id, examObjections.questionId))
    .where(eq(examObjections.examId, examId))
    .orderBy(asc(questions.position), asc(examObjections.createdAt), asc(examObjections.id));
  const groups = new Map<string, ObjectionGroup>();
  for (const r of rows) {
    const g = groups.get(r.questionId) ?? { questionId: r.questionId, count: 0, reasons: [] };
    g.count++;
    g.reasons.push(r.reason);
    groups.set(r.questionId, g);
  }
  return [...groups.values()];
}

/** GET /api/exams/{id}/objections/mine (student): the window, whether it is open, and the caller's objections. */
export async function findMyObjections(ctx: Ctx, scope: Scope, examId: string): Promise<MyObjections> {
  const studentId = ownStudentId(scope);
  await examExists(ctx.db, examId);
  const window = await findObjectionWindow(ctx.db, examId);
  const rows = await ctx.db
    .select()
    .from(examObjections)
    .where(and(eq(examObjections.examId, examId), eq(examObjections.studentId, studentId)))
    .orderBy(asc(examObjections.createdAt));
  return {
    window,
    isOpen: isOpenAt(window, new Date()),
    objections: rows.map((r) => ({ _id: r.id, questionId: r.questionId, reason: r.reason, createdAt: r.createdAt.toISOString() })),
  };
}

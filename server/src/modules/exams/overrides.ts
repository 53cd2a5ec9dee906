import { and, desc, eq } from 'drizzle-orm';
import type { ExamOverride } from '@app/common/schemas/exam-schedule';
import { SCHEDULE_MESSAGES } from '@app/common/schemas/exam-schedule';
import { EXAM_MESSAGES } from '@app/common/schemas/exams';
import type { Actor, Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { examAttempts, examOverrides, exams, submissions, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { deadlineOf, isPastGrace } from '../exam-taking/clock.ts';
import { findStudentScope, isInAudience } from '../exam-taking/audience.ts';
import { findExceptions } from '../exam-taking/exceptions.ts';
import { assertStudent, type Scope } from '../../lib/record-scope.ts';
import { accountEmail } from '../../lib/account-email.ts';

export type OverrideInput = { studentId: string; extraMinutes?: number; reopen?: boolean; deleteSubmission?: boolean };

const studentName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

async function findStudentInAudience(tx: Tx, exam: typeof exams.$inferSelect, studentId: string) {
  const [student] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, studentId));
  if (student?.role !== 'student') {
    throw badRequest(SCHEDULE_MESSAGES.overrideStudentMissing, { studentId: SCHEDULE_MESSAGES.overrideStudentMissing });
  }
  if (!isInAudience(exam, await findStudentScope(tx, studentId))) {
    throw badRequest(SCHEDULE_MESSAGES.overrideOutsideAudience, { studentId: SCHEDULE_MESSAGES.overrideOutsideAudience });
  }
  return student;
}

/**
 * POST /api/exams/{id}/overrides (docs/product-batches.md, "Exceptions for one student"): extra
 * minutes lengthen every attempt of the student, the running one included; reopen gives a closed
 * attempt a fresh deadline of the full duration (its saved answers kept). A submission is deleted
 * only with `deleteSubmission: true`. Reopening before any attempt lets the student start after closesAt.
 */
export async function createOverride(ctx: Ctx, actor: Actor, scope: Scope, examId: string, input: OverrideInput): Promise<ExamOverride> {
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    // Whose records first (lib/record-scope.ts), then the exam and its audience.
    await assertStudent(tx, scope, input.studentId);
    const [exam] = await tx.select().from(exams).where(eq(exams.id, examId));
    if (!exam) throw notFound(EXAM_MESSAGES.notFound);
    const student = await findStudentInAudience(tx, exam, input.studentId);
    const [attempt] = await tx
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.examId, examId), eq(examAttempts.studentId, student.id)))
      .for('update');
    const extra = input.extraMinutes ?? 0;
    const before = { deadline: attempt?.deadline.toISOString() ?? null, closedAt: attempt?.closedAt?.toISOString() ?? null };
    let deadline: Date | null = attempt && !attempt.closedAt ? attempt.deadline : null;
    let deletedSubmission = false;
    const isRunning = attempt && !attempt.closedAt && !isPastGrace(attempt.deadline, now);
    if (input.reopen && attempt) {
      if (isRunning) throw conflict(SCHEDULE_MESSAGES.reopenInProgress);
      const [submission] = await tx
        .select({ id: submissions.id, marksObtained: submissions.marksObtained })
        .from(submissions)
        .where(
          and(eq(submissions.examId, examId), eq(submissions.studentId, student.id), eq(submissions.attemptNumber, attempt.attemptNumber)),
        );
      if (submission && input.deleteSubmission !== true) throw conflict(SCHEDULE_MESSAGES.reopenNeedsConfirmation);
      if (submission) {
        await tx.delete(submissions).where(eq(submissions.id, submission.id));
        deletedSubmission = true;
      }
      const earlier = await findExceptions(tx, examId, student.id);
      deadline = deadlineOf(now, exam.durationMinutes, earlier.extraMinutes + extra);
      await tx.update(examAttempts).set({ closedAt: null, deadline }).where(eq(examAttempts.id, attempt.id));
    } else if (extra > 0 && attempt && !attempt.closedAt) {
      deadline = new Date(attempt.deadline.getTime() + extra * 60_000);
      await tx.update(examAttempts).set({ deadline }).where(eq(examAttempts.id, attempt.id));
    }
    const [row] = await tx
      .insert(examOverrides)
      .values({ examId, studentId: student.id, extraMinutes: extra, reopen: input.reopen === true, deletedSubmission, createdBy: actor.id })
      .returning();
    await recordAudit(tx, actor, 'exam.override', 'exam', examId, before, {
      student: student.id,
      extraMinutes: extra,
      reopen: row.reopen,
      deletedSubmission,
      deadline: deadline?.toISOString() ?? null,
    });
    return {
      _id: row.id,
      student: { _id: student.id, name: studentName(student), email: accountEmail(student) },
      extraMinutes: row.extraMinutes,
      reopen: row.reopen,
      deletedSubmission: row.deletedSubmission,
      createdBy: `${actor.firstName} ${actor.lastName}`.trim(),
      createdAt: row.createdAt.toISOString(),
      deadline: deadline?.toISOString() ?? null,
    };
  });
}

/** GET /api/exams/{id}/overrides: the exam's exceptions, newest first. */
export async function findOverrides(ctx: Ctx, examId: string): Promise<ExamOverride[]> {
  const [exam] = await ctx.db.select({ id: exams.id }).from(exams).where(eq(exams.id, examId));
  if (!exam) throw notFound(EXAM_MESSAGES.notFound);
  const rows = await ctx.db
    .select({ override: examOverrides, student: users })
    .from(examOverrides)
    .innerJoin(users, eq(users.id, examOverrides.studentId))
    .where(eq(examOverrides.examId, examId))
    .orderBy(desc(examOverrides.createdAt));
  const adminIds = [...new Set(rows.map((r) => r.override.createdBy).filter((id): id is string => id !== null))];
  const admins = new Map<string, string>();
  for (const id of adminIds) {
    const [a] = await ctx.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, id));
    if (a) admins.set(id, studentName(a));
  }
  return rows.map(({ override: o, student: s }) => ({
    _id: o.id,
    student: { _id: s.id, name: studentName(s), email: accountEmail(s) },
    extraMinutes: o.extraMinutes,
    reopen: o.reopen,
    deletedSubmission: o.deletedSubmission,
    createdBy: o.createdBy ? (admins.get(o.createdBy) ?? null) : null,
    createdAt: o.createdAt.toISOString(),
  }));
}

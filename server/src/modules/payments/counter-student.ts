import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatDateTime, formatINR, toRupees } from '@app/common';
import { COUNTER_MSG, type CounterStudent, describePendingOrder } from '@app/common/schemas/collections';
import type { Actor, Ctx } from '../../context.ts';
import { payments, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { PaymentRow } from './dto.ts';
import { type ApprovedAdmission, computeSummary, findApprovedAdmission, isOpenOnlineFor } from './fees.ts';
import { GatewayError } from './gateways/index.ts';
import { causeOf } from './ledger.ts';
import { settleWithGateway } from './settle.ts';

// What the counter knows of a student before taking their money (docs/product.md, "Counter payments and
// collections"): what they owe, the next installment, and their own online orders still open for these fees.

/** A student (not staff) by id; null for anyone else. */
export async function findStudent(ctx: Ctx, studentId: string) {
  const [student] = await ctx.db
    .select({ id: users.id, role: users.role, centreId: users.centreId })
    .from(users)
    .where(eq(users.id, studentId))
    .limit(1);
  return student?.role === 'student' ? student : null;
}

/** The open orders as the counter's refusal names them. */
export const describeOpenOrders = (list: PaymentRow[]) =>
  list
    .map((p) =>
      describePendingOrder({
        amount: formatINR(toRupees(p.amountPaise)),
        course: p.courseName,
        orderId: p.orderId,
        started: formatDateTime(p.createdAt),
      }),
    )
    .join('; ');

/**
 * GET /api/payments/counter/students/{id}: what the counter form shows once a student is chosen (the
 * centre to preselect, what is owed, the next installment, the online orders still open), from the same
 * fee decision as the student's own fee page.
 */
export async function findCounterStudent(ctx: Ctx, studentId: string, now = new Date()): Promise<CounterStudent> {
  const student = await findStudent(ctx, studentId);
  if (!student) throw notFound(COUNTER_MSG.studentNotFound);
  const admission = await findApprovedAdmission(ctx, studentId);
  if (!admission) throw conflict(COUNTER_MSG.noAdmission);
  const rows = await ctx.db.select().from(payments).where(eq(payments.studentId, studentId));
  const summary = computeSummary(admission, rows, now);
  const next = summary.nextDue ? summary.installments[summary.nextDue.installmentNumber - 1] : null;
  return {
    studentId,
    centre: student.centreId ?? admission.centreId,
    course: admission.course.name,
    totalFees: summary.totalFees,
    paidAmount: summary.paidAmount,
    owed: summary.pendingAmount,
    nextDue:
      summary.nextDue && next
        ? {
            installmentNumber: summary.nextDue.installmentNumber,
            installmentCount: summary.installments.length,
            amount: summary.nextDue.amount,
            dueDate: next.dueDate,
            status: next.status === 'overdue' ? 'overdue' : 'pending',
          }
        : null,
    pendingOnline: rows
      .filter((p) => isOpenOnlineFor(admission, p, now))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((p) => ({
        _id: p.id,
        orderId: p.orderId,
        amount: toRupees(p.amountPaise),
        course: p.courseName,
        createdAt: p.createdAt.toISOString(),
      })),
  };
}

/**
 * Asks the gateway about the student's online orders still open for these fees before the counter takes
 * money: one the student paid whose news was lost completes now, and the counter then sees it paid. A
 * gateway that does not answer changes nothing (the counter still sees the order open).
 */
export async function settleOpenOrders(ctx: Ctx, log: FastifyBaseLogger, admission: ApprovedAdmission, studentId: string, actor: Actor) {
  const now = new Date();
  const rows = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.studentId, studentId), eq(payments.status, 'pending')));
  for (const p of rows.filter((r) => isOpenOnlineFor(admission, r, now))) {
    try {
      await settleWithGateway(ctx, p, causeOf(actor));
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      log.warn({ err, orderId: p.orderId }, 'counter: gateway status unavailable');
    }
  }
}

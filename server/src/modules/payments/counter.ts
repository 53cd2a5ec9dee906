import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, formatINR, indiaDayOf, instantInIndia, todayInIndia, toPaise, toRupees } from '@app/common';
import {
  COLLECTION_METHOD_LABELS,
  COUNTER_MSG,
  type Collections,
  type collectionsQuery,
  type counterPaymentBody,
} from '@app/common/schemas/collections';
import type { z } from 'zod';
import type { Actor, Ctx } from '../../context.ts';
import { mayReadStudent, mayUseCentre, type Scope } from '../../lib/record-scope.ts';
import { admissionRequests, centres, paymentEvents, payments, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { csvNumber, toCsv } from '../../lib/csv.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { findPaymentDetail } from './admin.ts';
import { describeOpenOrders, findStudent, settleOpenOrders } from './counter-student.ts';
import { toAdminPayment } from './dto.ts';
import { computeSummary, findApprovedAdmission, installmentPayment, isOpenOnlineFor, lockStudentFees } from './fees.ts';
import { issueCreditNote } from '../invoices/service.ts';
import { afterCompletion, causeOf, recordCompletedPayment, transitionIn } from './ledger.ts';
import { findRefundFlags } from './refund-flags.ts';
import { newOrderId } from './service.ts';

// Counter payments and the daily collection report (docs/product.md, "Counter payments and collections").

/**
 * An admin records money received at a centre: a completed installment payment of the student's approved
 * admission, with its receipt and confirmation mail, written completed in one transaction under the
 * student's fees lock (two clerks cannot both take the last rupees owed). The student's own online
 * orders still open for these fees are asked of the gateway first; if one is still unpaid and with this
 * payment the student would pay more than owed, the counter refuses naming it, until the clerk confirms
 * the student did not pay online (`confirmPendingOnline`): their open orders are then cancelled in the
 * same transaction, and a capture the gateway still reports for one later is flagged for refund.
 */
export async function recordCounterPayment(ctx: Ctx, log: FastifyBaseLogger, actor: Actor, body: z.output<typeof counterPaymentBody>) {
  if (body.receivedAt.getTime() > Date.now() + 60_000) throw badRequest(COUNTER_MSG.future, { receivedAt: COUNTER_MSG.future });
  if (!(await findStudent(ctx, body.studentId))) {
    throw badRequest(COUNTER_MSG.studentNotFound, { studentId: COUNTER_MSG.studentNotFound });
  }
  const admission = await findApprovedAdmission(ctx, body.studentId);
  if (!admission) throw conflict(COUNTER_MSG.noAdmission);
  await settleOpenOrders(ctx, log, admission, body.studentId, actor);
  const amountPaise = toPaise(body.amount);
  const cause = causeOf(actor);
  const how = `${COLLECTION_METHOD_LABELS[body.method]}${body.reference ? `, ${body.reference}` : ''}`;
  const row = await ctx.db.transaction(async (tx) => {
    await lockStudentFees(tx, body.studentId);
    const now = new Date();
    const rows = await tx.select().from(payments).where(eq(payments.studentId, body.studentId));
    const summary = computeSummary(admission, rows, now);
    const owedPaise = toPaise(summary.pendingAmount);
    if (owedPaise <= 0) throw conflict(COUNTER_MSG.nothingOwed);
    const over = COUNTER_MSG.overOwed(formatINR(toRupees(owedPaise)));
    if (amountPaise > owedPaise) throw badRequest(over, { amount: over });
    const open = rows.filter((p) => isOpenOnlineFor(admission, p, now));
    const openPaise = open.reduce((sum, p) => sum + p.amountPaise, 0);
    if (!body.confirmPendingOnline && amountPaise + openPaise > owedPaise)
      throw conflict(COUNTER_MSG.pendingOnline(describeOpenOrders(open)));
    if (body.confirmPendingOnline) {
      for (const p of open) {
        await transitionIn(tx, p.id, 'cancelled', cause, {
          patch: { responseMessage: 'Cancelled at the counter' },
          note: `Cancelled at the counter: ${formatINR(body.amount)} received there instead (${how}), recorded by ${cause.label}`,
        });
      }
    }
    return recordCompletedPayment(
      tx,
      {
        ...installmentPayment(body.studentId, admission, amountPaise),
        orderId: newOrderId(),
        method: 'offline',
        gateway: null,
        counterMethod: body.method,
        reference: body.reference || null,
        centreId: body.centre,
        receivedAt: body.receivedAt,
        installmentNumber: summary.nextDue?.installmentNumber ?? null,
        paidBy: 'staff',
      },
      cause,
      `Received at the counter (${how})`,
    );
  });
  await afterCompletion(ctx, row);
  const [who] = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, body.studentId));
  return toAdminPayment(row, who ?? null);
}

/** A cheque that bounced: the payment is reversed (cancelled, no longer counting), with the reason in its history. */
export async function bounceCheque(ctx: Ctx, actor: Actor, id: string, reason?: string) {
  const [p] = await ctx.db.select().from(payments).where(eq(payments.id, id)).limit(1);
  if (!p) throw notFound('Payment not found');
  if (p.counterMethod !== 'cheque' || p.status !== 'completed' || p.refundedPaise > 0) throw conflict(COUNTER_MSG.notCheque);
  const note = `Cheque bounced${reason ? `: ${reason}` : ''}`;
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({ status: 'cancelled', responseMessage: note, updatedAt: new Date() })
      .where(and(eq(payments.id, id), eq(payments.status, 'completed')))
      .returning();
    if (!row) throw conflict(COUNTER_MSG.notCheque);
    // The invoice of a cheque that bounced is reversed by a credit note (docs/product-invoices.md).
    await issueCreditNote(tx, row, { amountPaise: row.amountPaise, refundId: null, reason: note }, new Date());
    await tx.insert(paymentEvents).values({
      paymentId: id,
      fromStatus: 'completed',
      toStatus: 'cancelled',
      actorId: actor.id,
      actorLabel: causeOf(actor).label,
      note,
    });
    await recordAudit(tx, actor, 'payment.bounce', 'payment', id, { status: 'completed' }, { status: 'cancelled', note });
  });
  return findPaymentDetail(ctx, id);
}

/** Midnight IST at the start of a YYYY-MM-DD day. */
const istMidnight = (day: string) => instantInIndia(day, '00:00');

/**
 * Completed payments whose money came in between `from` and `to` (IST days, inclusive; today by default):
 * totals per day, centre and method, and the payments themselves. A counter payment is dated when it was
 * received and belongs to its centre; any other to the day it completed and the student's admission centre.
 */
export async function findCollections(ctx: Ctx, q: z.output<typeof collectionsQuery>, scope: Scope): Promise<Collections> {
  const to = q.to ?? q.from ?? todayInIndia();
  const from = q.from ?? to;
  const when = sql<Date>`coalesce(${payments.receivedAt}, ${payments.paidAt})`;
  const rows = await ctx.db
    .select({
      p: payments,
      firstName: users.firstName,
      lastName: users.lastName,
      admissionCentre: admissionRequests.centreId,
      studentCentre: users.centreId,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.studentId))
    .leftJoin(admissionRequests, eq(admissionRequests.id, payments.admissionId))
    .where(
      and(
        inArray(payments.status, ['completed']),
        isNotNull(payments.paidAt),
        gte(when, istMidnight(from)),
        lt(when, istMidnight(addDays(to, 1))),
      ),
    )
    .orderBy(asc(when), asc(payments.createdAt));
  const names = new Map((await ctx.db.select({ id: centres.id, name: centres.name }).from(centres)).map((c) => [c.id, c.name]));
  const flags = await findRefundFlags(
    ctx.db,
    rows.map((r) => r.p),
  );
  const list = rows
    .map((r) => {
      const p = r.p;
      const centre = p.centreId ?? r.admissionCentre ?? null;
      const method = p.counterMethod ?? (p.method === 'gateway' ? 'online' : 'offline');
      const amountPaise = p.amountPaise - p.refundedPaise;
      return {
        _id: p.id,
        date: indiaDayOf(p.receivedAt ?? p.paidAt ?? p.createdAt),
        receiptNumber: p.receiptNumber,
        student: `${r.firstName} ${r.lastName}`,
        course: p.courseName,
        amountPaise,
        method,
        reference: p.reference ?? p.transactionId ?? null,
        centre,
        centreName: centre ? (names.get(centre) ?? centre) : 'No centre',
        recordedAt: (p.paidAt ?? p.createdAt).toISOString(),
        toRefundPaise: flags.get(p.id)?.toRefundPaise ?? 0,
        // Only for a centre manager's scope (lib/record-scope.ts): a payment with neither counter nor admission centre.
        studentCentre: r.studentCentre,
      };
    })
    .filter((p) => (!q.centre || p.centre === q.centre) && mayUseCentre(scope, p.centre ?? p.studentCentre));
  const group = <K extends string>(key: (p: (typeof list)[number]) => K) => {
    const m = new Map<K, { amountPaise: number; count: number }>();
    for (const p of list) {
      const g = m.get(key(p)) ?? { amountPaise: 0, count: 0 };
      g.amountPaise += p.amountPaise;
      g.count += 1;
      m.set(key(p), g);
    }
    return [...m].sort(([a], [b]) => a.localeCompare(b)).map(([k, g]) => ({ key: k, amount: toRupees(g.amountPaise), count: g.count }));
  };
  const sep = '|';
  return {
    from,
    to,
    centre: q.centre ?? null,
    total: { amount: toRupees(list.reduce((s, p) => s + p.amountPaise, 0)), count: list.length },
    toRefund: {
      amount: toRupees(list.reduce((s, p) => s + p.toRefundPaise, 0)),
      count: list.filter((p) => p.toRefundPaise > 0).length,
    },
    byDay: group((p) => p.date).map(({ key, ...t }) => ({ date: key, ...t })),
    byCentre: group((p) => p.centre ?? '').map(({ key, ...t }) => ({
      centre: key || null,
      name: key ? (names.get(key) ?? key) : 'No centre',
      ...t,
    })),
    byMethod: group((p) => p.method).map(({ key, ...t }) => ({ method: key, label: COLLECTION_METHOD_LABELS[key] ?? key, ...t })),
    rows: group((p) => [p.date, p.centre ?? '', p.method].join(sep)).map(({ key, ...t }) => {
      const [date, centre, method] = key.split(sep);
      return { date, centre: centre || null, method, ...t };
    }),
    payments: list.map(({ amountPaise, toRefundPaise, studentCentre: _scope, ...p }) => ({
      ...p,
      amount: toRupees(amountPaise),
      toRefund: toRupees(toRefundPaise),
    })),
  };
}

export function collectionsCsv(c: Collections): string {
  return toCsv(
    ['Date', 'Receipt', 'Student', 'Course', 'Centre', 'Method', 'Reference', 'Amount (INR)', 'To refund (INR)'],
    c.payments.map((p) => [
      p.date,
      p.receiptNumber,
      p.student,
      p.course,
      p.centreName,
      COLLECTION_METHOD_LABELS[p.method] ?? p.method,
      p.reference,
      csvNumber(p.amount, { decimals: 2 }),
      // Money flagged for refund on this payment (a second capture, or paid beyond what was owed).
      csvNumber(p.toRefund, { decimals: 2 }),
    ]),
  );
}

/** A centre manager records counter money only at their centres, for students of their centres (docs/product-staff.md). */
export async function assertCounterInScope(ctx: Ctx, scope: Scope, studentId: string, centre: string) {
  if (!mayUseCentre(scope, centre))
    throw badRequest('You can only record payments at your own centres', { centre: 'Not one of your centres' });
  if (!(await mayReadStudent(ctx.db, scope, studentId))) {
    throw badRequest(COUNTER_MSG.studentNotFound, { studentId: COUNTER_MSG.studentNotFound });
  }
}

import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { formatINR, toPaise, toRupees } from '@app/common';
import {
  COLLECTION_METHOD_LABELS,
  COUNTER_MSG,
  type Collections,
  type collectionsQuery,
  type counterPaymentBody,
} from '@app/common/schemas/collections';
import type { z } from 'zod';
import type { Actor, Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { type CentreScope, centreInScope } from '../../lib/centre-scope.ts';
import { admissionRequests, centres, paymentEvents, payments, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { toCsv } from '../../lib/csv.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { findPaymentDetail } from './admin.ts';
import { toAdminPayment } from './dto.ts';
import { computeSummary, findApprovedAdmission } from './fees.ts';
import { issueCreditNote } from '../invoices/service.ts';
import { causeOf, createPayment, transitionPayment } from './ledger.ts';
import { newOrderId } from './service.ts';

// Counter payments and the daily collection report (docs/product.md, "Counter payments and collections").

/**
 * An admin records money received at a centre: a completed installment payment of the student's approved
 * admission, with its receipt and confirmation mail. What is owed is checked again under the admission's
 * row lock as the payment is written, so two clerks cannot both take the last rupees owed.
 */
export async function recordCounterPayment(ctx: Ctx, actor: Actor, body: z.output<typeof counterPaymentBody>) {
  if (body.receivedAt.getTime() > Date.now() + 60_000) throw badRequest(COUNTER_MSG.future, { receivedAt: COUNTER_MSG.future });
  const [student] = await ctx.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, body.studentId)).limit(1);
  if (student?.role !== 'student') throw badRequest(COUNTER_MSG.studentNotFound, { studentId: COUNTER_MSG.studentNotFound });
  const admission = await findApprovedAdmission(ctx, body.studentId);
  if (!admission) throw conflict(COUNTER_MSG.noAdmission);
  const amountPaise = toPaise(body.amount);
  let installmentNumber: number | null = null;
  const guard = async (tx: Tx) => {
    await tx.select({ id: admissionRequests.id }).from(admissionRequests).where(eq(admissionRequests.id, admission.id)).for('update');
    const rows = await tx.select().from(payments).where(eq(payments.studentId, body.studentId));
    const summary = computeSummary(admission, rows, new Date());
    // Another clerk's counter payment is written, then completed a moment later: it is owed no more.
    const recording = rows.filter((p) => p.status === 'pending' && p.counterMethod !== null).reduce((sum, p) => sum + p.amountPaise, 0);
    const owedPaise = toPaise(summary.pendingAmount) - recording;
    if (owedPaise <= 0) throw conflict(COUNTER_MSG.nothingOwed);
    const over = COUNTER_MSG.overOwed(formatINR(toRupees(owedPaise)));
    if (amountPaise > owedPaise) throw badRequest(over, { amount: over });
    installmentNumber = summary.nextDue?.installmentNumber ?? null;
  };
  const cause = causeOf(actor);
  const created = await createPayment(
    ctx,
    {
      studentId: body.studentId,
      courseId: admission.course.id,
      courseName: admission.course.name,
      admissionId: admission.id,
      kind: 'installment',
      amountPaise,
      feePaise: amountPaise,
      orderId: newOrderId(),
      method: 'offline',
      gateway: null,
      counterMethod: body.method,
      reference: body.reference || null,
      centreId: body.centre,
      receivedAt: body.receivedAt,
    },
    cause,
    guard,
  );
  if (installmentNumber !== null) {
    await ctx.db.update(payments).set({ installmentNumber }).where(eq(payments.id, created.id));
  }
  const { row } = await transitionPayment(ctx, created.id, 'completed', cause, {
    note: `Received at the counter (${COLLECTION_METHOD_LABELS[body.method]}${body.reference ? `, ${body.reference}` : ''})`,
  });
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

const istDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
/** Midnight IST at the start of a YYYY-MM-DD day. */
const istMidnight = (day: string) => new Date(`${day}T00:00:00+05:30`);
const nextDay = (day: string) => istDay(new Date(istMidnight(day).getTime() + 36 * 3_600_000));

/**
 * Completed payments whose money came in between `from` and `to` (IST days, inclusive; today by default):
 * totals per day, centre and method, and the payments themselves. A counter payment is dated when it was
 * received and belongs to its centre; any other to the day it completed and the student's admission centre.
 */
export async function findCollections(ctx: Ctx, q: z.output<typeof collectionsQuery>, scope: CentreScope = null): Promise<Collections> {
  const to = q.to ?? q.from ?? istDay(new Date());
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
        lt(when, istMidnight(nextDay(to))),
      ),
    )
    .orderBy(asc(when), asc(payments.createdAt));
  const names = new Map((await ctx.db.select({ id: centres.id, name: centres.name }).from(centres)).map((c) => [c.id, c.name]));
  const list = rows
    .map((r) => {
      const p = r.p;
      const centre = p.centreId ?? r.admissionCentre ?? null;
      const method = p.counterMethod ?? (p.method === 'gateway' ? 'online' : 'offline');
      const amountPaise = p.amountPaise - p.refundedPaise;
      return {
        _id: p.id,
        date: istDay(p.receivedAt ?? p.paidAt ?? p.createdAt),
        receiptNumber: p.receiptNumber,
        student: `${r.firstName} ${r.lastName}`,
        course: p.courseName,
        amountPaise,
        method,
        reference: p.reference ?? p.transactionId ?? null,
        centre,
        centreName: centre ? (names.get(centre) ?? centre) : 'No centre',
        recordedAt: (p.paidAt ?? p.createdAt).toISOString(),
        // Only for a centre manager's scope (scope.ts): a payment with neither counter nor admission centre.
        studentCentre: r.studentCentre,
      };
    })
    .filter((p) => (!q.centre || p.centre === q.centre) && centreInScope(p.centre ?? p.studentCentre, scope));
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
    payments: list.map(({ amountPaise, studentCentre: _scope, ...p }) => ({ ...p, amount: toRupees(amountPaise) })),
  };
}

export function collectionsCsv(c: Collections): string {
  return toCsv(
    ['Date', 'Receipt', 'Student', 'Course', 'Centre', 'Method', 'Reference', 'Amount (INR)'],
    c.payments.map((p) => [
      p.date,
      p.receiptNumber,
      p.student,
      p.course,
      p.centreName,
      COLLECTION_METHOD_LABELS[p.method] ?? p.method,
      p.reference,
      p.amount.toFixed(2),
    ]),
  );
}

import { and, desc, eq, sql } from 'drizzle-orm';
import { DEFAULT_TOTAL_FEES, INSTALLMENT_OPTIONS, toPaise, toRupees } from '@app/common';
import { PAYMENT_MSG, type PaymentSummary, type PaymentTiles } from '@app/common/schemas/payments';
import type { Ctx } from '../../context.ts';
import { admissionRequests, courses, payments } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { PaymentRow } from './dto.ts';

// The student's payment summary (GET /api/payments/student) and the admin tiles (SPEC.md section 9).

export type ApprovedAdmission = {
  id: string;
  admissionNumber: string | null;
  admissionDate: Date;
  course: { id: string | null; name: string; feeType: 'full' | 'monthly'; pricePaise: number };
};

/** The student's newest approved admission with its course; null when there is none. */
export async function findApprovedAdmission(ctx: Ctx, studentId: string): Promise<ApprovedAdmission | null> {
  const [row] = await ctx.db
    .select({ a: admissionRequests, c: courses })
    .from(admissionRequests)
    .leftJoin(courses, eq(courses.id, admissionRequests.courseId))
    .where(and(eq(admissionRequests.userId, studentId), eq(admissionRequests.status, 'approved')))
    .orderBy(desc(admissionRequests.approvedAt))
    .limit(1);
  if (!row) return null;
  return {
    id: row.a.id,
    admissionNumber: row.a.admissionNumber,
    admissionDate: row.a.approvedAt ?? row.a.createdAt,
    // The fee fixed at approval wins over the course's price today; without either (an admission
    // approved without a course) the spec's default total fees apply (SPEC.md section 9).
    course: {
      id: row.c?.id ?? null,
      name: row.c?.name ?? 'Course Fee',
      feeType: row.c?.feeType ?? 'full',
      pricePaise: row.a.feePaise ?? row.c?.pricePaise ?? toPaise(DEFAULT_TOTAL_FEES),
    },
  };
}

/** What a completed payment credits against the admission's fees: a course fee paid with a coupon settles the whole fee. */
const creditOf = (p: PaymentRow) => (p.kind === 'fee' ? p.feePaise : p.amountPaise);

/** Payments that count for this admission: its installments, and fee payments for its course. */
export function countsFor(admission: ApprovedAdmission, p: PaymentRow) {
  if (p.status !== 'completed') return false;
  if (p.kind === 'installment') return p.admissionId === admission.id;
  return admission.course.id !== null && p.courseId === admission.course.id;
}

/** Calendar date (YYYY-MM-DD) in Asia/Kolkata, where the institute is. */
const istDate = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

/** The admission date plus n calendar months (clamped to the month's last day), as midnight IST. */
export function dueDateOf(admissionDate: Date, months: number): Date {
  const [y, m, d] = istDate(admissionDate).split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), day) - 330 * 60_000);
}

/**
 * The summary, computed for `now` (injected so the overdue rule can be tested around the due date).
 * Four equal installments (whole rupees; the last takes the remainder) due at the admission date
 * + 0, 1, 2, 3 months. Money paid covers the installments in order of their due dates, whatever
 * installment the student picked when paying: installment k is paid once the completed payments add
 * up to installments 1..k, on the day they did. A student who paid ahead is never shown as overdue,
 * and what the schedule shows unpaid is exactly the pending amount. Unpaid after its due day (IST)
 * an installment is overdue.
 */
export function computeSummary(admission: ApprovedAdmission, all: PaymentRow[], now: Date): PaymentSummary {
  const total = admission.course.pricePaise;
  const counted = all.filter((p) => countsFor(admission, p)).sort((a, b) => (a.paidAt?.getTime() ?? 0) - (b.paidAt?.getTime() ?? 0));
  const paid = counted.reduce((sum, p) => sum + creditOf(p), 0);
  /** When the completed payments first added up to `threshold` paise; null if they never did. */
  const reachedAt = (threshold: number) => {
    let running = 0;
    return (
      counted.find((p) => {
        running += creditOf(p);
        return running >= threshold;
      })?.paidAt ?? null
    );
  };

  const n = INSTALLMENT_OPTIONS.length;
  const part = Math.floor(total / n / 100) * 100;
  const today = istDate(now);
  let dueSoFar = 0;
  const installments = INSTALLMENT_OPTIONS.map(({ value }, i) => {
    const amount = i === n - 1 ? total - part * (n - 1) : part;
    dueSoFar += amount;
    const paidDate = amount > 0 ? reachedAt(dueSoFar) : null;
    const dueDate = dueDateOf(admission.admissionDate, i);
    const status = paidDate || amount === 0 ? 'paid' : today > istDate(dueDate) ? 'overdue' : 'pending';
    return {
      type: admission.course.feeType === 'monthly' ? ('monthly' as const) : ('installment' as const),
      installmentNumber: value,
      amount: toRupees(amount),
      dueDate: dueDate.toISOString(),
      status: status as 'paid' | 'pending' | 'overdue',
      paidDate: paidDate ? paidDate.toISOString() : null,
    };
  });
  return {
    admissionId: admission.id,
    course: { _id: admission.course.id, name: admission.course.name, feeType: admission.course.feeType },
    totalFees: toRupees(total),
    paidAmount: toRupees(Math.min(paid, total)),
    pendingAmount: toRupees(Math.max(0, total - paid)),
    paymentStatus: paid >= total ? 'completed' : paid > 0 ? 'partial' : 'unpaid',
    installments,
  };
}

export async function findStudentSummary(ctx: Ctx, studentId: string, now = new Date()) {
  const admission = await findApprovedAdmission(ctx, studentId);
  if (!admission) throw notFound(PAYMENT_MSG.noAdmission);
  const rows = await ctx.db.select().from(payments).where(eq(payments.studentId, studentId));
  return { admission, summary: computeSummary(admission, rows, now) };
}

/** The admin's five tiles and the Payment Summary: revenue = completed, pending = pending amounts. */
export async function findPaymentTiles(ctx: Ctx): Promise<PaymentTiles> {
  const [r] = await ctx.db
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${payments.status} = 'completed')::int`,
      failed: sql<number>`count(*) filter (where ${payments.status} = 'failed')::int`,
      refunded: sql<number>`count(*) filter (where ${payments.status} = 'refunded')::int`,
      pendingCount: sql<number>`count(*) filter (where ${payments.status} = 'pending')::int`,
      revenue: sql<string>`coalesce(sum(${payments.amountPaise}) filter (where ${payments.status} = 'completed'), 0)::text`,
      pending: sql<string>`coalesce(sum(${payments.amountPaise}) filter (where ${payments.status} = 'pending'), 0)::text`,
    })
    .from(payments);
  return {
    totalRevenue: toRupees(Number(r.revenue)),
    pending: toRupees(Number(r.pending)),
    pendingCount: r.pendingCount,
    totalTransactions: r.total,
    successful: r.completed,
    failed: r.failed,
    refunded: r.refunded,
    successRate: r.total === 0 ? 0 : Math.round((r.completed / r.total) * 100),
  };
}

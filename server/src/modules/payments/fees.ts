import { and, asc, desc, eq } from 'drizzle-orm';
import { DEFAULT_TOTAL_FEES, INSTALLMENT_OPTIONS, toPaise, toRupees } from '@app/common';
import { type CourseFee, PAYMENT_MSG, type PaymentSummary } from '@app/common/schemas/payments';
import type { Ctx } from '../../context.ts';
import { admissionRequests, courses, payments } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { PaymentRow } from './dto.ts';

// The one fee decision (docs/product.md section 9): what a student owes for a course (the fee fixed
// at the admission's approval, or the course's price), how each payment counts against it (money
// received less refunds, and a coupon's discount), the installment schedule, and what is still due.
// Every answer that shows a student's fees is built from here; the browser never prices a course.

export type ApprovedAdmission = {
  id: string;
  admissionNumber: string | null;
  admissionDate: Date;
  course: { id: string | null; name: string; feeType: 'full' | 'monthly'; pricePaise: number };
};

/**
 * The fee of an admission: the one fixed at approval (docs/decisions/0001-admission-fee-fixed-at-approval.md)
 * wins over the course's price today; without either (approved without a course) the default total fees.
 */
export const admissionFeePaise = (fixedFeePaise: number | null | undefined, coursePricePaise: number | null | undefined) =>
  fixedFeePaise ?? coursePricePaise ?? toPaise(DEFAULT_TOTAL_FEES);

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
    course: {
      id: row.c?.id ?? null,
      name: row.c?.name ?? 'Course Fee',
      feeType: row.c?.feeType ?? 'full',
      pricePaise: admissionFeePaise(row.a.feePaise, row.c?.pricePaise),
    },
  };
}

/**
 * What a completed payment brings to a fee: the money received and kept (its amount less refunds) and
 * the discount a coupon granted on a course fee. Together they are its credit against the fee.
 */
export function contributionOf(p: PaymentRow) {
  if (p.status !== 'completed') return { receivedPaise: 0, discountPaise: 0, creditPaise: 0 };
  const receivedPaise = Math.max(0, p.amountPaise - p.refundedPaise);
  const discountPaise = p.kind === 'fee' ? Math.max(0, p.feePaise - p.amountPaise) : 0;
  return { receivedPaise, discountPaise, creditPaise: receivedPaise + discountPaise };
}

/** Payments that count for this admission: its installments, and fee payments for its course. */
export function countsFor(admission: ApprovedAdmission, p: PaymentRow) {
  if (p.status !== 'completed') return false;
  if (p.kind === 'installment') return p.admissionId === admission.id;
  return admission.course.id !== null && p.courseId === admission.course.id;
}

const sumOf = (rows: PaymentRow[]) =>
  rows.reduce(
    (t, p) => {
      const c = contributionOf(p);
      return {
        receivedPaise: t.receivedPaise + c.receivedPaise,
        discountPaise: t.discountPaise + c.discountPaise,
        creditPaise: t.creditPaise + c.creditPaise,
      };
    },
    { receivedPaise: 0, discountPaise: 0, creditPaise: 0 },
  );

const statusOf = (creditPaise: number, totalPaise: number): PaymentSummary['paymentStatus'] =>
  creditPaise >= totalPaise ? 'completed' : creditPaise > 0 ? 'partial' : 'unpaid';

type CourseRow = typeof courses.$inferSelect;

/**
 * What this student owes for one course: the admitted course at the admission's fee with every payment
 * of the admission counting; any other course at its price with the student's fee payments for it.
 */
export function decideCourseFee(course: CourseRow, admission: ApprovedAdmission | null, rows: PaymentRow[]) {
  const admitted = admission !== null && admission.course.id === course.id;
  const feePaise = admitted ? admission.course.pricePaise : course.pricePaise;
  const counted = rows.filter((p) =>
    admitted ? countsFor(admission, p) : p.status === 'completed' && p.kind === 'fee' && p.courseId === course.id,
  );
  const t = sumOf(counted);
  const duePaise = Math.max(0, feePaise - t.creditPaise);
  return { course, admitted, feePaise, ...t, duePaise, status: statusOf(t.creditPaise, feePaise) };
}
export type CourseFeeDecision = ReturnType<typeof decideCourseFee>;

/** The decision for one course (null when the course does not exist or is not open for payment). */
export async function findCourseFee(ctx: Ctx, studentId: string, courseId: string): Promise<CourseFeeDecision | null> {
  const [course] = await ctx.db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!course?.isActive) return null;
  const [admission, rows] = await Promise.all([findApprovedAdmission(ctx, studentId), paymentsOf(ctx, studentId)]);
  return decideCourseFee(course, admission, rows);
}

/** GET /api/payments/fees: every active course with what this student owes for it. */
export async function findCourseFees(ctx: Ctx, studentId: string): Promise<CourseFee[]> {
  const [list, admission, rows] = await Promise.all([
    ctx.db.select().from(courses).where(eq(courses.isActive, true)).orderBy(asc(courses.createdAt), asc(courses.id)),
    findApprovedAdmission(ctx, studentId),
    paymentsOf(ctx, studentId),
  ]);
  return list.map((course) => {
    const d = decideCourseFee(course, admission, rows);
    return {
      _id: course.id,
      name: course.name,
      description: course.description,
      feeType: course.feeType,
      duration: course.duration,
      features: course.features,
      fee: toRupees(d.feePaise),
      paid: toRupees(d.receivedPaise),
      discount: toRupees(d.discountPaise),
      due: toRupees(d.duePaise),
      status: d.status,
      admitted: d.admitted,
    };
  });
}

const paymentsOf = (ctx: Ctx, studentId: string) => ctx.db.select().from(payments).where(eq(payments.studentId, studentId));

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
  const { receivedPaise, discountPaise, creditPaise: paid } = sumOf(counted);
  /** When the completed payments first added up to `threshold` paise; null if they never did. */
  const reachedAt = (threshold: number) => {
    let running = 0;
    return (
      counted.find((p) => {
        running += contributionOf(p).creditPaise;
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
  // The first installment not covered, and what is left of it: the schedule up to it less the credit.
  let scheduled = 0;
  let nextDue: PaymentSummary['nextDue'] = null;
  for (const i of installments) {
    scheduled += toPaise(i.amount);
    if (i.status !== 'paid') {
      nextDue = { installmentNumber: i.installmentNumber, amount: toRupees(Math.min(scheduled - paid, total - paid)) };
      break;
    }
  }
  return {
    admissionId: admission.id,
    course: { _id: admission.course.id, name: admission.course.name, feeType: admission.course.feeType },
    totalFees: toRupees(total),
    paidAmount: toRupees(receivedPaise),
    discountAmount: toRupees(discountPaise),
    pendingAmount: toRupees(Math.max(0, total - paid)),
    nextDue,
    paymentStatus: statusOf(paid, total),
    installments,
  };
}

export async function findStudentSummary(ctx: Ctx, studentId: string, now = new Date()) {
  const admission = await findApprovedAdmission(ctx, studentId);
  if (!admission) throw notFound(PAYMENT_MSG.noAdmission);
  const rows = await ctx.db.select().from(payments).where(eq(payments.studentId, studentId));
  return { admission, summary: computeSummary(admission, rows, now) };
}

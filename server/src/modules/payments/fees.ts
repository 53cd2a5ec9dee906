import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { DEFAULT_TOTAL_FEES, toPaise, toRupees } from '@app/common';
import { indiaDayOf } from '@app/common/rules/dates';
import { DEFAULT_FEE_PLAN, type FeePlan, planDueDates, splitFeePaise } from '@app/common/rules/fee-plans';
import { CHECKOUT_WINDOW_MS, type CourseFee, PAYMENT_MSG, type PaymentSummary } from '@app/common/schemas/payments';
import type { Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { admissionRequests, courses, payments, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { PaymentRow } from './dto.ts';
import { accountEmail } from '../../lib/account-email.ts';

// The one fee decision (docs/product.md section 9): what a student owes for a course (the fee fixed
// at the admission's approval, or the course's price), how each payment counts against it (money
// received less refunds, and a coupon's discount), the installment schedule, and what is still due.
// Every answer that shows a student's fees is built from here; the browser never prices a course.

export type ApprovedAdmission = {
  id: string;
  admissionNumber: string | null;
  /** The centre the student was admitted at. */
  centreId: string | null;
  admissionDate: Date;
  course: { id: string | null; name: string; feeType: 'full' | 'monthly'; pricePaise: number };
  /** The plan the student was admitted with (installments and due dates). */
  feePlan: FeePlan;
};

/**
 * What an installment payment records of the admission it pays towards, at the counter or online: the student,
 * the course (its name kept should the course go) and the amount, all of it fee (no discount on an installment).
 */
export const installmentPayment = (studentId: string, admission: ApprovedAdmission, amountPaise: number) => ({
  studentId,
  courseId: admission.course.id,
  courseName: admission.course.name,
  admissionId: admission.id,
  kind: 'installment' as const,
  amountPaise,
  feePaise: amountPaise,
});

/**
 * The plan of an admission: the one fixed at approval wins over the course's plan today (as the fee does:
 * docs/product.md section 11, "Fee plans"); without either, the default four monthly installments.
 */
const admissionFeePlan = (fixed: FeePlan | null | undefined, coursePlan: FeePlan | null | undefined): FeePlan =>
  fixed ?? coursePlan ?? DEFAULT_FEE_PLAN;

type AdmissionRow = typeof admissionRequests.$inferSelect;
type CourseRow = typeof courses.$inferSelect;

const toApprovedAdmission = (a: AdmissionRow, c: CourseRow | null): ApprovedAdmission => ({
  id: a.id,
  admissionNumber: a.admissionNumber,
  centreId: a.centreId,
  admissionDate: a.approvedAt ?? a.createdAt,
  course: {
    id: c?.id ?? null,
    name: c?.name ?? 'Course Fee',
    feeType: c?.feeType ?? 'full',
    pricePaise: admissionFeePaise(a.feePaise, c?.pricePaise),
  },
  feePlan: admissionFeePlan(a.feePlan, c?.feePlan),
});

/**
 * The fee of an admission: the one fixed at approval (docs/decisions/0001-admission-fee-fixed-at-approval.md)
 * wins over the course's price today; without either (approved without a course) the default total fees.
 */
export const admissionFeePaise = (fixedFeePaise: number | null | undefined, coursePricePaise: number | null | undefined) =>
  fixedFeePaise ?? coursePricePaise ?? toPaise(DEFAULT_TOTAL_FEES);

/** The student's newest approved admission with its course; null when there is none. */
export async function findApprovedAdmission(ctx: { db: Db | Tx }, studentId: string): Promise<ApprovedAdmission | null> {
  const [row] = await ctx.db
    .select({ a: admissionRequests, c: courses })
    .from(admissionRequests)
    .leftJoin(courses, eq(courses.id, admissionRequests.courseId))
    .where(and(eq(admissionRequests.userId, studentId), eq(admissionRequests.status, 'approved')))
    .orderBy(desc(admissionRequests.approvedAt))
    .limit(1);
  return row ? toApprovedAdmission(row.a, row.c) : null;
}

/**
 * Every transaction that decides what a student owes and writes money for it (a counter payment, a
 * payment completing) holds this lock, taken before any payment row: two at once for one student queue
 * here, so neither decides on figures the other is changing.
 */
export async function lockStudentFees(tx: Tx, studentId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fees:${studentId}`}))`);
}

/**
 * A student's online order still open for this admission's fees: a gateway payment pending within the
 * checkout window (common CHECKOUT_WINDOW_MINUTES), for the admission's installments or its course's fee.
 * Past the window the gateway takes no money for it; a late capture is flagged (`findOverpaidPaise`).
 */
export function isOpenOnlineFor(admission: ApprovedAdmission, p: PaymentRow, now: Date) {
  if (p.method !== 'gateway' || p.status !== 'pending' || now.getTime() - p.createdAt.getTime() > CHECKOUT_WINDOW_MS) return false;
  if (p.kind === 'installment') return p.admissionId === admission.id;
  return admission.course.id !== null && p.courseId === admission.course.id;
}

/** An admission by id with its course, approved or not (the admission a payment was made for). */
export async function findAdmissionById(db: Db | Tx, id: string): Promise<ApprovedAdmission | null> {
  const [row] = await db
    .select({ a: admissionRequests, c: courses })
    .from(admissionRequests)
    .leftJoin(courses, eq(courses.id, admissionRequests.courseId))
    .where(eq(admissionRequests.id, id))
    .limit(1);
  return row ? toApprovedAdmission(row.a, row.c) : null;
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

/**
 * What this student owes for one course: the admitted course at the admission's fee with every payment
 * of the admission counting; any other course at its price with the student's fee payments for it.
 */
function decideCourseFee(course: CourseRow, admission: ApprovedAdmission | null, rows: PaymentRow[]) {
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

/**
 * The summary, computed for `now` (injected so the overdue rule can be tested around the due date).
 * The admission's plan gives the installments: the fee split by `splitFeePaise` (whole rupees, the last
 * taking the remainder) and due on the plan's dates (`planDueDates`: listed, or monthly from the
 * admission's IST calendar day), each answered as an IST calendar date YYYY-MM-DD. Money paid covers the
 * installments in order of their due dates, whatever installment the student picked when paying:
 * installment k is paid once the completed payments add up to installments 1..k, on the day they did
 * (docs/decisions/0002-installments-covered-in-due-date-order.md). A student who paid ahead is never shown
 * as overdue, and what the schedule shows outstanding is exactly the pending amount. Unpaid after its due
 * day (IST) an installment is overdue.
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

  const amounts = splitFeePaise(total, admission.feePlan.installments);
  const dueDates = planDueDates(admission.feePlan, indiaDayOf(admission.admissionDate));
  const today = indiaDayOf(now);
  let dueSoFar = 0;
  const installments = amounts.map((amount, i) => {
    const coveredPaise = Math.min(amount, Math.max(0, paid - dueSoFar));
    dueSoFar += amount;
    const paidDate = amount > 0 ? reachedAt(dueSoFar) : null;
    const dueDate = dueDates[i];
    const status = paidDate || amount === 0 ? 'paid' : today > dueDate ? 'overdue' : 'pending';
    return {
      type: admission.course.feeType === 'monthly' ? ('monthly' as const) : ('installment' as const),
      installmentNumber: i + 1,
      amount: toRupees(amount),
      dueDate,
      status: status as 'paid' | 'pending' | 'overdue',
      paidDate: paidDate ? paidDate.toISOString() : null,
      paid: toRupees(coveredPaise),
      outstanding: toRupees(amount - coveredPaise),
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

/** One installment of one student's schedule, as `listInstallmentDues` lists it. Amounts in paise. */
export type InstallmentDue = {
  studentId: string;
  studentName: string;
  email: string;
  phone: string | null;
  admissionId: string;
  admissionNumber: string | null;
  courseId: string | null;
  courseName: string;
  installmentNumber: number;
  /** How many installments the student's plan has (the last is the 'Final'). */
  installmentCount: number;
  /** The IST calendar day it falls due, YYYY-MM-DD. */
  dueDate: string;
  amountPaise: number;
  /** What the student's payments cover of it (covered in due-date order). */
  paidPaise: number;
  outstandingPaise: number;
  /** As the student's schedule shows it on `now`'s IST day: paid, pending (not yet due or due today) or overdue. */
  status: 'paid' | 'pending' | 'overdue';
};

/**
 * Every installment of every student with an approved admission (the newest, as the student's own
 * summary uses), with its due date, amount, what is paid and what is outstanding, computed by the same
 * `computeSummary` as `GET /api/payments/student`: what fee reminders are built from. `now` decides the
 * status only. Ordered by due date, then student and installment.
 */
export async function listInstallmentDues(ctx: Ctx, now = new Date()): Promise<InstallmentDue[]> {
  const rows = await ctx.db
    .select({
      a: admissionRequests,
      c: courses,
      u: { firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone },
    })
    .from(admissionRequests)
    .innerJoin(users, eq(users.id, admissionRequests.userId))
    .leftJoin(courses, eq(courses.id, admissionRequests.courseId))
    .where(and(eq(admissionRequests.status, 'approved'), isNotNull(admissionRequests.userId)))
    .orderBy(desc(admissionRequests.approvedAt), desc(admissionRequests.id));
  // The newest approved admission of each student, as findApprovedAdmission chooses it.
  const newest = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (r.a.userId && !newest.has(r.a.userId)) newest.set(r.a.userId, r);
  if (newest.size === 0) return [];
  const studentIds = [...newest.keys()];
  const paid: PaymentRow[] = [];
  // In slices, so a large institute never sends one statement thousands of parameters.
  for (let i = 0; i < studentIds.length; i += 500) {
    const slice = studentIds.slice(i, i + 500);
    paid.push(
      ...(await ctx.db
        .select()
        .from(payments)
        .where(and(inArray(payments.studentId, slice), eq(payments.status, 'completed')))),
    );
  }
  const byStudent = new Map<string, PaymentRow[]>();
  for (const p of paid) {
    const list = byStudent.get(p.studentId) ?? [];
    list.push(p);
    byStudent.set(p.studentId, list);
  }
  const out: InstallmentDue[] = [];
  for (const [studentId, r] of newest) {
    const admission = toApprovedAdmission(r.a, r.c);
    const summary = computeSummary(admission, byStudent.get(studentId) ?? [], now);
    for (const i of summary.installments) {
      const amountPaise = toPaise(i.amount);
      const paidPaise = toPaise(i.paid);
      out.push({
        studentId,
        studentName: `${r.u.firstName} ${r.u.lastName}`.trim(),
        email: accountEmail(r.u),
        phone: r.u.phone,
        admissionId: admission.id,
        admissionNumber: admission.admissionNumber,
        courseId: admission.course.id,
        courseName: admission.course.name,
        installmentNumber: i.installmentNumber,
        installmentCount: summary.installments.length,
        dueDate: i.dueDate,
        amountPaise,
        paidPaise,
        outstandingPaise: amountPaise - paidPaise,
        status: i.status,
      });
    }
  }
  return out.sort(
    (x, y) => x.dueDate.localeCompare(y.dueDate) || x.studentId.localeCompare(y.studentId) || x.installmentNumber - y.installmentNumber,
  );
}

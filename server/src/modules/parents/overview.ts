import { and, desc, eq } from 'drizzle-orm';
import { toRupees, todayInIndia } from '@app/common';
import { installmentLabel } from '@app/common/rules/fee-plans';
import { areMarksVisible } from '@app/common/rules/publication';
import type { ChildOverview } from '@app/common/schemas/parents';
import type { Actor, Ctx } from '../../context.ts';
import { payments, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { paymentFilter, type StudentScope } from '../../lib/record-scope.ts';
import { findAnalysis } from '../analysis/analysis.ts';
import { findVisibleAnnouncements } from '../announcements/service.ts';
import { findStudentAttendance, percentOf } from '../batches/attendance.ts';
import { findStudentWeek } from '../batches/sessions.ts';
import { findExams } from '../exams/queries.ts';
import { findStudentSummary } from '../payments/fees.ts';
import { findStudentResults } from '../submissions/student-views.ts';

// GET /api/parent/children/{id}/overview (docs/product-parents.md "The parent's area"): the child's
// attendance, exams, fees and notices, each read by the service the child's own screen reads it with,
// called with the child's scope (lib/record-scope.ts `childScope`). What the parent is shown of each is
// chosen here: published results only (common/rules/publication.ts), never a key or a solution.

const RECENT_ABSENCES = 5;
const NOTICES = 10;

/** The child as the services that take an actor (the exams list, the notices) see a signed-in student. */
async function childActor(ctx: Ctx, child: StudentScope): Promise<Actor> {
  const [row] = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.id, child.studentId), eq(users.role, 'student')))
    .limit(1);
  if (!row) throw notFound();
  return { ...row, role: 'student', centres: null };
}

async function attendanceOf(ctx: Ctx, child: StudentScope, now: Date): Promise<ChildOverview['attendance']> {
  const [record, week] = await Promise.all([findStudentAttendance(ctx, child), findStudentWeek(ctx, child, now)]);
  const month = todayInIndia(now).slice(0, 7);
  const inMonth = record.records.filter((r) => r.session.date.startsWith(month));
  const presentInMonth = inMonth.filter((r) => r.isPresent).length;
  return {
    month: { held: inMonth.length, present: presentInMonth, percentage: percentOf(presentInMonth, inMonth.length) },
    course: { held: record.total, present: record.present, percentage: record.percentage },
    recentAbsences: record.records
      .filter((r) => !r.isPresent)
      .reverse()
      .slice(0, RECENT_ABSENCES)
      // A class has no topic of its own yet (docs/product-batches.md): the subject is what the timetable names.
      .map((r) => ({ date: r.session.date, subject: r.session.subject, topic: null })),
    timetable: week.sessions.map((s) => ({
      _id: s._id,
      date: s.date,
      startTime: s.startTime,
      endTime: s.endTime,
      subject: s.subject,
      teacher: s.teacher || null,
    })),
  };
}

async function examsOf(ctx: Ctx, student: Actor, child: StudentScope, now: Date): Promise<ChildOverview['exams']> {
  const [list, results] = await Promise.all([
    // The child's exam list as the child's own screen reads it: the exams of their audience, active.
    findExams(ctx, student, child),
    findStudentResults(ctx, child),
  ]);
  const sat = new Set(results.map((r) => r.exam._id));
  const upcoming = list
    .filter((e) => !sat.has(e._id) && (e.closesAt === null || Date.parse(e.closesAt) > now.getTime()))
    .map((e) => ({ _id: e._id, title: e.title, opensAt: e.opensAt, closesAt: e.closesAt, duration: e.duration }));
  const published = results.filter((r) => areMarksVisible({ resultsPublished: r.resultsPublished }, { status: r.status }));
  const shown: ChildOverview['exams']['results'] = [];
  let trend: ChildOverview['exams']['trend'] = [];
  for (const r of published) {
    if (r.marksObtained === null || r.percentage === null) continue;
    const analysis = await analysisOf(ctx, child, r._id);
    // Newest first: the newest result's analysis carries the trend up to it.
    if (shown.length === 0 && analysis) trend = analysis.trend;
    shown.push({
      exam: { _id: r.exam._id, title: r.exam.title },
      submittedAt: r.submittedAt,
      marksObtained: r.marksObtained,
      totalMarks: r.totalMarks,
      percentage: r.percentage,
      rank: r.rank,
      candidates: r.candidates,
      percentile: r.percentile,
      // The section table, from the child's own analysis (its score per section).
      sections: analysis?.sections.map((s) => ({ title: s.title, marksObtained: s.score, totalMarks: s.max })) ?? [],
    });
  }
  return { upcoming, results: shown, trend };
}

/** The child's own analysis of a published result; null when the child could not open it either (the exam withdrawn meanwhile). */
async function analysisOf(ctx: Ctx, child: StudentScope, submissionId: string) {
  try {
    return await findAnalysis(ctx, child, submissionId);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

async function feesOf(ctx: Ctx, child: StudentScope, now: Date): Promise<ChildOverview['fees']> {
  const receipts = await ctx.db
    .select()
    .from(payments)
    .where(and(paymentFilter(child), eq(payments.status, 'completed')))
    .orderBy(desc(payments.paidAt));
  const receiptList = receipts.map((p) => ({
    _id: p.id,
    receiptNumber: p.receiptNumber,
    amount: toRupees(p.amountPaise),
    paidAt: p.paidAt?.toISOString() ?? null,
    paidBy: p.paidBy,
  }));
  let summary: Awaited<ReturnType<typeof findStudentSummary>>['summary'];
  try {
    ({ summary } = await findStudentSummary(ctx, child.studentId, now));
  } catch (err) {
    // No approved admission yet: nothing is owed.
    if (err instanceof AppError && err.code === 'NOT_FOUND') {
      return { totalFees: 0, paidAmount: 0, pendingAmount: 0, installments: [], receipts: receiptList };
    }
    throw err;
  }
  const count = summary.installments.length;
  return {
    // What Pay names: the admission the installment is paid against.
    admissionId: summary.admissionId,
    totalFees: summary.totalFees,
    paidAmount: summary.paidAmount,
    pendingAmount: summary.pendingAmount,
    installments: summary.installments.map((i) => ({
      number: i.installmentNumber,
      label: installmentLabel(i.installmentNumber, count),
      dueDate: i.dueDate,
      amount: i.amount,
      paid: i.paid,
      outstanding: i.outstanding,
      overdue: i.status === 'overdue',
    })),
    receipts: receiptList,
  };
}

export async function findChildOverview(ctx: Ctx, child: StudentScope, now = new Date()): Promise<ChildOverview> {
  const student = await childActor(ctx, child);
  const [attendance, exams, fees, notices] = await Promise.all([
    attendanceOf(ctx, child, now),
    examsOf(ctx, student, child, now),
    feesOf(ctx, child, now),
    findVisibleAnnouncements(ctx, student, NOTICES, now),
  ]);
  return {
    attendance,
    exams,
    fees,
    notices: notices.map((n) => ({ _id: n._id, title: n.title, content: n.content, date: n.publishDate })),
  };
}

import { and, eq, isNotNull } from 'drizzle-orm';
import { toPaise } from '@app/common';
import type { Ctx } from '../../context.ts';
import { admissionRequests, users } from '../../db/schema.ts';
import { findStudentSummary } from '../payments/fees.ts';

/** One installment a student has not paid yet, as the fee reminders need it. */
export type InstallmentDue = {
  studentId: string;
  admissionId: string;
  courseName: string;
  installmentNumber: number;
  dueDate: Date;
  /** What is left to pay of this installment. */
  amountPaise: number;
};

/**
 * Every unpaid installment of every active student with an approved admission, from the one fee
 * decision (modules/payments/fees.ts): the same schedule and the same "paid" the student sees at
 * GET /api/payments/student. The fee reminders read dues only through here, so a change to how
 * schedules are made (fee plans per course) changes this body alone.
 */
export async function findInstallmentDues(ctx: Ctx, now: Date): Promise<InstallmentDue[]> {
  const admitted = await ctx.db
    .selectDistinct({ studentId: admissionRequests.userId })
    .from(admissionRequests)
    .innerJoin(users, eq(users.id, admissionRequests.userId))
    .where(and(eq(admissionRequests.status, 'approved'), isNotNull(admissionRequests.userId), eq(users.isActive, true)));
  const dues: InstallmentDue[] = [];
  for (const { studentId } of admitted) {
    if (!studentId) continue;
    const { admission, summary } = await findStudentSummary(ctx, studentId, now);
    // The first unpaid installment may be partly paid: nextDue says what is left of it.
    for (const i of summary.installments) {
      if (i.status === 'paid') continue;
      const left = summary.nextDue?.installmentNumber === i.installmentNumber ? summary.nextDue.amount : i.amount;
      if (left <= 0) continue;
      dues.push({
        studentId,
        admissionId: admission.id,
        courseName: admission.course.name,
        installmentNumber: i.installmentNumber,
        dueDate: new Date(i.dueDate),
        amountPaise: toPaise(left),
      });
    }
  }
  return dues;
}

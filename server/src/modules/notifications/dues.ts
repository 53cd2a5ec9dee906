import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { listInstallmentDues } from '../payments/fees.ts';

/** One installment a student has not paid yet, as the fee reminders need it. */
export type InstallmentDue = {
  studentId: string;
  admissionId: string;
  courseName: string;
  installmentNumber: number;
  /** The IST calendar day it falls due, as a Date at 00:00 UTC of that day (05:30 IST, the same IST day). */
  dueDate: Date;
  /** What is left to pay of this installment. */
  amountPaise: number;
};

/**
 * Every unpaid installment of every student with an approved admission, from the one fee decision
 * (`listInstallmentDues` in modules/payments/fees.ts): the same plan, schedule and "paid" the student sees at
 * GET /api/payments/student. The fee reminders read dues only through here. A deactivated student is not
 * reminded (and takes no reminder key, so a reactivated one is reminded from then on).
 */
export async function findInstallmentDues(ctx: Ctx, now: Date): Promise<InstallmentDue[]> {
  const [all, inactive] = await Promise.all([
    listInstallmentDues(ctx, now),
    ctx.db.select({ id: users.id }).from(users).where(eq(users.isActive, false)),
  ]);
  const skip = new Set(inactive.map((u) => u.id));
  return all
    .filter((i) => i.outstandingPaise > 0 && !skip.has(i.studentId))
    .map((i) => ({
      studentId: i.studentId,
      admissionId: i.admissionId,
      courseName: i.courseName,
      installmentNumber: i.installmentNumber,
      dueDate: new Date(`${i.dueDate}T00:00:00Z`),
      amountPaise: i.outstandingPaise,
    }));
}

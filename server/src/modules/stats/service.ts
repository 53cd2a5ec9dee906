import { and, count, desc, eq } from 'drizzle-orm';
import type { AdminStats } from '@app/common/schemas/admissions';
import type { Ctx } from '../../context.ts';
import { admissionRequests, courses, exams, payments, users } from '../../db/schema.ts';
import { RECENT_ADMISSIONS } from '@app/common';
import { selectAdmissionRequests, shownToAdmins, toAdmissionDto } from '../admissions/dto.ts';

/** The admin dashboard's real counts (docs/product.md section 2, "Admin dashboard": payments is the number of payment rows). */
export async function findAdminStats(ctx: Ctx): Promise<AdminStats> {
  const { db } = ctx;
  const n = (rows: { n: number }[]) => rows[0]?.n ?? 0;
  const [students, courseCount, examCount, paymentCount, pending, recent] = await Promise.all([
    db.select({ n: count() }).from(users).where(eq(users.role, 'student')),
    db.select({ n: count() }).from(courses),
    db.select({ n: count() }).from(exams),
    db.select({ n: count() }).from(payments),
    db
      .select({ n: count() })
      .from(admissionRequests)
      .where(and(eq(admissionRequests.status, 'pending'), shownToAdmins)),
    selectAdmissionRequests(db)
      .where(shownToAdmins)
      .orderBy(desc(admissionRequests.createdAt), desc(admissionRequests.id))
      .limit(RECENT_ADMISSIONS),
  ]);
  return {
    students: n(students),
    courses: n(courseCount),
    exams: n(examCount),
    payments: n(paymentCount),
    pendingAdmissions: n(pending),
    recentAdmissions: recent.map(toAdmissionDto),
  };
}

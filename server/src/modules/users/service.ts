import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { CSV_STUDENT_COLUMNS, formatDate } from '@app/common';
import { type StudentDetail, USER_MSG } from '@app/common/schemas/users';
import type { Ctx } from '../../context.ts';
import { batches, centres, exams, submissions, users } from '../../db/schema.ts';
import { csvNumber, toCsv } from '../../lib/csv.ts';
import { percentageOrNull } from '../../lib/scores.ts';
import { notFound } from '../../lib/errors.ts';
import { toUserDto } from './dto.ts';
import { findStudentCourses } from '../batches/placement.ts';
import {
  countStudents,
  type ScopedStudentQuery,
  type StudentRow,
  selectAllStudents,
  selectStudentPage,
  selectStudentStats,
} from './queries.ts';
import { assertStudent, type Scope, studentFilter } from '../../lib/record-scope.ts';

const toListItem = (r: StudentRow) => ({ ...toUserDto(r.user, r.centre, r.batch), examsTaken: r.examsTaken, averageScore: r.averageScore });

/** GET /api/users?role=student: one page, the filtered total and the list's tiles. */
export async function findStudents(ctx: Ctx, q: ScopedStudentQuery) {
  const [rows, total, stats] = await Promise.all([
    selectStudentPage(ctx.db, q, q.limit, (q.page - 1) * q.limit),
    countStudents(ctx.db, q),
    selectStudentStats(ctx.db, q.scope),
  ]);
  return {
    users: rows.map(toListItem),
    total,
    page: q.page,
    limit: q.limit,
    totalPages: Math.max(1, Math.ceil(total / q.limit)),
    stats,
  };
}

/** Every admin account, active ones first, then by name. */
export async function findAdmins(ctx: Ctx) {
  const rows = await ctx.db
    .select()
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(desc(users.isActive), asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));
  return { users: rows.map((u) => toUserDto(u)), total: rows.length };
}

/** students.csv: every filtered row (not one page), columns of docs/product.md section 9. */
export async function exportStudentsCsv(ctx: Ctx, q: ScopedStudentQuery) {
  const rows = await selectAllStudents(ctx.db, q);
  return toCsv(
    CSV_STUDENT_COLUMNS,
    rows.map((r) => [
      `${r.user.firstName} ${r.user.lastName}`.trim(),
      r.user.email,
      r.user.phone ?? '',
      r.user.courseInterest ?? '',
      r.centre?.name ?? '',
      r.user.isActive ? 'Active' : 'Inactive',
      r.examsTaken,
      r.averageScore === null ? 'N/A' : csvNumber(r.averageScore, { percent: true }),
      formatDate(r.user.createdAt),
    ]),
  );
}

/** A student with their exam statistics; anyone who is not a student is not found here. */
export async function findStudentDetail(ctx: Ctx, id: string, scope: Scope): Promise<StudentDetail> {
  const [row] = await ctx.db
    .select()
    .from(users)
    .leftJoin(centres, eq(users.centreId, centres.id))
    .leftJoin(batches, eq(users.batchId, batches.id))
    .where(and(eq(users.id, id), eq(users.role, 'student'), studentFilter(scope)))
    .limit(1);
  if (!row) throw notFound(USER_MSG.notFound);
  const subs = await ctx.db
    .select({ s: submissions, exam: { _id: exams.id, title: exams.title } })
    .from(submissions)
    .innerJoin(exams, eq(submissions.examId, exams.id))
    .where(eq(submissions.studentId, id))
    .orderBy(desc(submissions.submittedAt));
  const studentCourses = await findStudentCourses(ctx.db, id);
  const totalMarksObtained = subs.reduce((a, { s }) => a + Number(s.marksObtained), 0);
  const totalMarksAvailable = subs.reduce((a, { s }) => a + Number(s.totalMarks), 0);
  return {
    ...toUserDto(row.users, row.centres, row.batches),
    courses: studentCourses,
    examsTaken: subs.length,
    averageScore: percentageOrNull(totalMarksObtained, totalMarksAvailable),
    passedExams: subs.filter(({ s }) => s.isPassed === true).length,
    failedExams: subs.filter(({ s }) => s.isPassed === false).length,
    totalMarksObtained,
    totalMarksAvailable,
    submissions: subs.map(({ s, exam }) => ({
      _id: s.id,
      exam,
      marksObtained: Number(s.marksObtained),
      totalMarks: Number(s.totalMarks),
      percentage: percentageOrNull(Number(s.marksObtained), Number(s.totalMarks)),
      status: s.status,
      isPassed: s.isPassed,
      submittedAt: s.submittedAt.toISOString(),
    })),
  };
}

/**
 * A full admin acts on any account here (admins too); other staff only on the students of their scope,
 * a centre manager on those of their centres (docs/product-staff.md): anyone else is "not found" to them,
 * so nothing says whether the account exists.
 */
export async function assertStudentInScope(ctx: Ctx, id: string, scope: Scope) {
  if (scope.kind === 'admin') return assertStudent(ctx.db, scope, id);
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'student'), studentFilter(scope)))
    .limit(1);
  if (!row) throw notFound(USER_MSG.notFound);
}

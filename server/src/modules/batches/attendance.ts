import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { BATCH_MSG, type AttendanceReport, type SessionAttendance, type StudentAttendance } from '@app/common/schemas/batches';
import { roundHundredths } from '@app/common/rules/rounding';
import type { Actor, Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { attendance, batches, classSessions, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { toCsv } from '../../lib/csv.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { ownStudentId, type Scope } from '../../lib/record-scope.ts';
import { selectSessions, toSessionDto } from './sessions.ts';

/** Present over marked sessions, two decimals; null before anything is marked. */
export const percentOf = (present: number, total: number) => (total > 0 ? roundHundredths((present * 10_000) / total) : null);

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

async function findSessionWithBatch(db: Ctx['db'] | Tx, id: string) {
  const [row] = await selectSessions(db, eq(classSessions.id, id));
  if (!row) throw notFound(BATCH_MSG.sessionNotFound);
  return row;
}

const batchStudents = (db: Ctx['db'] | Tx, batchId: string) =>
  db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, registrationNumber: users.registrationNumber })
    .from(users)
    .where(and(eq(users.batchId, batchId), eq(users.role, 'student')))
    .orderBy(asc(users.firstName), asc(users.lastName));

/**
 * The roster of a session: the batch's students, each present unless marked absent. Once marked, the
 * students recorded then are listed with what was recorded (a student who has since moved stays listed).
 */
export async function findSessionAttendance(ctx: Ctx, id: string): Promise<SessionAttendance> {
  const { session, batch } = await findSessionWithBatch(ctx.db, id);
  const members = await batchStudents(ctx.db, batch.id);
  const recorded = await ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      registrationNumber: users.registrationNumber,
      isPresent: attendance.isPresent,
    })
    .from(attendance)
    .innerJoin(users, eq(users.id, attendance.studentId))
    .where(eq(attendance.sessionId, id));
  const byId = new Map(recorded.map((r) => [r.id, r]));
  const students = [...members.map((m) => ({ ...m, isPresent: byId.get(m.id)?.isPresent ?? true }))];
  for (const r of recorded) if (!members.some((m) => m.id === r.id)) students.push(r);
  const list = students.map((s) => ({
    _id: s.id,
    fullName: fullName(s),
    registrationNumber: s.registrationNumber,
    isPresent: s.isPresent,
  }));
  const present = list.filter((s) => s.isPresent).length;
  return { session: toSessionDto(session, batch), students: list, present, absent: list.length - present };
}

/** Records the session: the listed students absent, everyone else in the batch present. Marking again replaces it. */
export async function markAttendance(ctx: Ctx, actor: Actor, id: string, absent: string[]) {
  await ctx.db.transaction(async (tx) => {
    const [session] = await tx.select().from(classSessions).where(eq(classSessions.id, id)).for('update');
    if (!session) throw notFound(BATCH_MSG.sessionNotFound);
    const members = await batchStudents(tx, session.batchId);
    const memberIds = new Set(members.map((m) => m.id));
    const absentees = new Set(absent);
    if ([...absentees].some((a) => !memberIds.has(a))) throw badRequest(BATCH_MSG.absentNotInBatch, { absent: BATCH_MSG.absentNotInBatch });
    await tx.delete(attendance).where(eq(attendance.sessionId, id));
    if (members.length > 0) {
      await tx.insert(attendance).values(members.map((m) => ({ sessionId: id, studentId: m.id, isPresent: !absentees.has(m.id) })));
    }
    await tx.update(classSessions).set({ attendanceMarkedAt: new Date(), attendanceMarkedBy: actor.id }).where(eq(classSessions.id, id));
    await recordAudit(tx, actor, 'attendance.mark', 'class_session', id, null, {
      absent: [...absentees],
      present: members.length - absentees.size,
    });
  });
  return findSessionAttendance(ctx, id);
}

export async function findStudentAttendance(ctx: Ctx, scope: Scope): Promise<StudentAttendance> {
  const studentId = ownStudentId(scope);
  const [me] = await ctx.db
    .select({ id: batches.id, name: batches.name })
    .from(users)
    .innerJoin(batches, eq(batches.id, users.batchId))
    .where(eq(users.id, studentId));
  const rows = await ctx.db
    .select({ session: classSessions, batch: { id: batches.id, name: batches.name }, isPresent: attendance.isPresent })
    .from(attendance)
    .innerJoin(classSessions, eq(classSessions.id, attendance.sessionId))
    .innerJoin(batches, eq(batches.id, classSessions.batchId))
    .where(eq(attendance.studentId, studentId))
    .orderBy(asc(classSessions.date), asc(classSessions.startTime));
  const present = rows.filter((r) => r.isPresent).length;
  return {
    batch: me ? { _id: me.id, name: me.name } : null,
    present,
    absent: rows.length - present,
    total: rows.length,
    percentage: percentOf(present, rows.length),
    records: rows.map((r) => ({ session: toSessionDto(r.session, r.batch), isPresent: r.isPresent })),
  };
}

/** A batch's attendance over a period: per student, per session and per month. */
export async function findAttendanceReport(ctx: Ctx, batchId: string, from?: string, to?: string): Promise<AttendanceReport> {
  const [batch] = await ctx.db.select({ id: batches.id, name: batches.name }).from(batches).where(eq(batches.id, batchId));
  if (!batch) throw notFound(BATCH_MSG.notFound);
  if (from && to && to < from) throw badRequest('To must be on or after From', { to: 'To must be on or after From' });
  const sessions = await ctx.db
    .select()
    .from(classSessions)
    .where(
      and(
        eq(classSessions.batchId, batchId),
        from ? gte(classSessions.date, from) : undefined,
        to ? lte(classSessions.date, to) : undefined,
      ),
    )
    .orderBy(asc(classSessions.date), asc(classSessions.startTime));
  const marked = sessions.filter((s) => s.attendanceMarkedAt !== null);
  const records = marked.length
    ? await ctx.db
        .select({ sessionId: attendance.sessionId, studentId: attendance.studentId, isPresent: attendance.isPresent })
        .from(attendance)
        .where(
          inArray(
            attendance.sessionId,
            marked.map((s) => s.id),
          ),
        )
    : [];
  const members = await batchStudents(ctx.db, batchId);
  const recordedIds = [...new Set(records.map((r) => r.studentId))].filter((id) => !members.some((m) => m.id === id));
  const others = recordedIds.length
    ? await ctx.db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, registrationNumber: users.registrationNumber })
        .from(users)
        .where(inArray(users.id, recordedIds))
    : [];
  const students = [...members, ...others].map((s) => {
    const mine = records.filter((r) => r.studentId === s.id);
    const present = mine.filter((r) => r.isPresent).length;
    return {
      _id: s.id,
      fullName: fullName(s),
      registrationNumber: s.registrationNumber,
      present,
      absent: mine.length - present,
      total: mine.length,
      percentage: percentOf(present, mine.length),
    };
  });
  const bySession = marked.map((s) => {
    const mine = records.filter((r) => r.sessionId === s.id);
    const present = mine.filter((r) => r.isPresent).length;
    return { _id: s.id, date: s.date, startTime: s.startTime, subject: s.subject, present, absent: mine.length - present };
  });
  const months = new Map<string, { present: number; absent: number }>();
  for (const s of bySession) {
    const m = months.get(s.date.slice(0, 7)) ?? { present: 0, absent: 0 };
    m.present += s.present;
    m.absent += s.absent;
    months.set(s.date.slice(0, 7), m);
  }
  return {
    batch: { _id: batch.id, name: batch.name },
    from: from ?? null,
    to: to ?? null,
    sessionsMarked: marked.length,
    students,
    sessions: bySession,
    months: [...months].map(([month, m]) => ({ month, ...m, percentage: percentOf(m.present, m.present + m.absent) })),
  };
}

export const ATTENDANCE_CSV_COLUMNS = ['Name', 'Registration Number', 'Present', 'Absent', 'Sessions', 'Percentage'] as const;

export function attendanceReportCsv(report: AttendanceReport) {
  return toCsv(
    ATTENDANCE_CSV_COLUMNS,
    report.students.map((s) => [s.fullName, s.registrationNumber, s.present, s.absent, s.total, s.percentage]),
  );
}

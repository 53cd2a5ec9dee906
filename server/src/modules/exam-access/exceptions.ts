import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { examOverrides } from '../../db/schema.ts';

/** One student's exceptions on one exam, summed: extra minutes on every attempt, and whether it was reopened. */
export type Exceptions = { extraMinutes: number; isReopened: boolean };

export async function findExceptions(db: Db | Tx, examId: string, studentId: string): Promise<Exceptions> {
  const [row] = await db
    .select({
      extraMinutes: sql<number>`coalesce(sum(${examOverrides.extraMinutes}), 0)::int`,
      isReopened: sql<boolean>`coalesce(bool_or(${examOverrides.reopen}), false)`,
    })
    .from(examOverrides)
    .where(and(eq(examOverrides.examId, examId), eq(examOverrides.studentId, studentId)));
  return { extraMinutes: Number(row?.extraMinutes ?? 0), isReopened: row?.isReopened === true };
}

/** The same for every exam of one student, by exam id (the dashboard's list). */
export async function findExceptionsByExam(db: Db | Tx, studentId: string): Promise<Map<string, Exceptions>> {
  const rows = await db
    .select({
      examId: examOverrides.examId,
      extraMinutes: sql<number>`coalesce(sum(${examOverrides.extraMinutes}), 0)::int`,
      isReopened: sql<boolean>`coalesce(bool_or(${examOverrides.reopen}), false)`,
    })
    .from(examOverrides)
    .where(eq(examOverrides.studentId, studentId))
    .groupBy(examOverrides.examId);
  return new Map(rows.map((r) => [r.examId, { extraMinutes: Number(r.extraMinutes), isReopened: r.isReopened === true }]));
}

import { type Placeholder, and, eq, inArray, sql } from 'drizzle-orm';
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

/**
 * The same as a column of a query on `exams` (one round trip for a start): `{ extraMinutes, isReopened }`
 * as jsonb, read back with parseExceptions.
 */
export const exceptionsOf = (studentId: string | Placeholder) =>
  sql<unknown>`(select jsonb_build_object('extraMinutes', coalesce(sum(${examOverrides.extraMinutes}), 0)::int, 'isReopened', coalesce(bool_or(${examOverrides.reopen}), false))
    from ${examOverrides} where ${examOverrides.examId} = "exams"."id" and ${examOverrides.studentId} = ${studentId})`;

/** jsonb comes back parsed from PostgreSQL and as text from some drivers. */
export function parseExceptions(value: unknown): Exceptions {
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as Partial<Exceptions> | null;
  return { extraMinutes: Number(v?.extraMinutes ?? 0), isReopened: v?.isReopened === true };
}

/** The same for many students of one exam, by student id (a hall pressing Start together). */
export async function findExceptionsByStudent(db: Db | Tx, examId: string, studentIds: string[]): Promise<Map<string, Exceptions>> {
  const rows = await db
    .select({
      studentId: examOverrides.studentId,
      extraMinutes: sql<number>`coalesce(sum(${examOverrides.extraMinutes}), 0)::int`,
      isReopened: sql<boolean>`coalesce(bool_or(${examOverrides.reopen}), false)`,
    })
    .from(examOverrides)
    .where(and(eq(examOverrides.examId, examId), inArray(examOverrides.studentId, studentIds)))
    .groupBy(examOverrides.studentId);
  return new Map(rows.map((r) => [r.studentId, { extraMinutes: Number(r.extraMinutes), isReopened: r.isReopened === true }]));
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

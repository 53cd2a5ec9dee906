import { type Placeholder, and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { examOverrides } from '../../db/schema.ts';

/** One student's exceptions on one exam, summed: extra minutes on every attempt, and whether it was reopened. */
export type Exceptions = { extraMinutes: number; isReopened: boolean };

/** The summed exceptions as select columns, read back with toExceptions. */
const summed = {
  extraMinutes: sql<number>`coalesce(sum(${examOverrides.extraMinutes}), 0)::int`,
  isReopened: sql<boolean>`coalesce(bool_or(${examOverrides.reopen}), false)`,
};
const toExceptions = (row: { extraMinutes: number; isReopened: boolean } | undefined): Exceptions => ({
  extraMinutes: Number(row?.extraMinutes ?? 0),
  isReopened: row?.isReopened === true,
});

export async function findExceptions(db: Db | Tx, examId: string, studentId: string): Promise<Exceptions> {
  const [row] = await db
    .select(summed)
    .from(examOverrides)
    .where(and(eq(examOverrides.examId, examId), eq(examOverrides.studentId, studentId)));
  return toExceptions(row);
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
      ...summed,
    })
    .from(examOverrides)
    .where(and(eq(examOverrides.examId, examId), inArray(examOverrides.studentId, studentIds)))
    .groupBy(examOverrides.studentId);
  return new Map(rows.map((r) => [r.studentId, toExceptions(r)]));
}

/** The same for every exam of one student, by exam id (the dashboard's list). */
export async function findExceptionsByExam(db: Db | Tx, studentId: string): Promise<Map<string, Exceptions>> {
  const rows = await db
    .select({
      examId: examOverrides.examId,
      ...summed,
    })
    .from(examOverrides)
    .where(eq(examOverrides.studentId, studentId))
    .groupBy(examOverrides.examId);
  return new Map(rows.map((r) => [r.examId, toExceptions(r)]));
}

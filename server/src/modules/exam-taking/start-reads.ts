import { and, eq, inArray, sql } from 'drizzle-orm';
import { loaderOptions } from '../../db/client.ts';
import { perDb, preparedQuery } from '../../db/prepared.ts';
import { examAttempts, exams } from '../../db/schema.ts';
import { BatchLoader } from '../../lib/batch-loader.ts';
import { type Exceptions, exceptionsOf, findExceptionsByStudent, parseExceptions } from './exceptions.ts';
import { attemptLoader } from './attempt-loader.ts';

// A start's reads and its attempt insert (docs/architecture.md, "The exam hall"): prepared statements for a
// lone start, one query or statement per turn of the event loop for a hall pressing Start together.

type AttemptRow = typeof examAttempts.$inferSelect;

/** The exam columns a start checks. */
const examForStart = {
  id: exams.id,
  isActive: exams.isActive,
  durationMinutes: exams.durationMinutes,
  mode: exams.mode,
  opensAt: exams.opensAt,
  closesAt: exams.closesAt,
  openToAll: exams.openToAll,
  audienceCourseIds: exams.audienceCourseIds,
  audienceBatchIds: exams.audienceBatchIds,
  audienceCentreIds: exams.audienceCentreIds,
};

export type ExamForStart = Pick<typeof exams.$inferSelect, keyof typeof examForStart>;

const startQuery = preparedQuery((db) =>
  db
    .select({ exam: examForStart, attempt: examAttempts, exceptions: exceptionsOf(sql.placeholder('studentId')) })
    .from(exams)
    .leftJoin(examAttempts, and(eq(examAttempts.examId, exams.id), eq(examAttempts.studentId, sql.placeholder('studentId'))))
    .where(eq(exams.id, sql.placeholder('examId')))
    .prepare('attempt_start'),
);

/**
 * The starts arriving in one turn of the event loop (a hall pressing Start) read together: the exam once,
 * the students' attempts and their exceptions by one query each (lib/batch-loader.ts); a lone start
 * reads all three in one prepared statement.
 */
export const startReads = perDb((db) =>
  attemptLoader(
    db,
    async (examId, studentIds) => {
      const [[exam], attempts, exceptions] = await Promise.all([
        db.select(examForStart).from(exams).where(eq(exams.id, examId)),
        db
          .select()
          .from(examAttempts)
          .where(and(eq(examAttempts.examId, examId), inArray(examAttempts.studentId, studentIds))),
        findExceptionsByStudent(db, examId, studentIds),
      ]);
      if (!exam) return [];
      const byStudent = new Map(attempts.map((a) => [a.studentId, a]));
      return studentIds.map((id): [string, StartRow] => [
        id,
        { exam, attempt: byStudent.get(id) ?? null, exceptions: exceptions.get(id) ?? NO_EXCEPTIONS },
      ]);
    },
    async (key): Promise<StartRow | undefined> => {
      const [row] = await startQuery(db).execute(key);
      return row && { exam: row.exam, attempt: row.attempt, exceptions: parseExceptions(row.exceptions) };
    },
  ),
);

type StartRow = { exam: ExamForStart; attempt: AttemptRow | null; exceptions: Exceptions };
const NO_EXCEPTIONS: Exceptions = { extraMinutes: 0, isReopened: false };

type NewAttempt = { examId: string; studentId: string; startedAt: Date; deadline: Date };

/**
 * The new attempts of one turn of the event loop inserted by one statement (one round trip and one commit
 * for the hall). A student already holding one (a concurrent start won) gets none back, and resumes that one.
 */
export const attemptInserts = perDb(
  (db) =>
    new BatchLoader<NewAttempt, AttemptRow>(
      async (keys) => {
        const first = new Map(keys.map((k) => [`${k.examId}:${k.studentId}`, k]));
        const rows = await db
          .insert(examAttempts)
          .values([...first.values()])
          .onConflictDoNothing({ target: [examAttempts.examId, examAttempts.studentId] })
          .returning();
        return new Map(rows.map((r) => [`${r.examId}:${r.studentId}`, r]));
      },
      (k) => `${k.examId}:${k.studentId}`,
      async (k) => (await insertAttemptQuery(db).execute(k))[0],
      // A turn's starts are written at once, as before a previous insert answers.
      { ...loaderOptions(db), maxInFlight: Number.POSITIVE_INFINITY },
    ),
);

const insertAttemptQuery = preparedQuery((db) =>
  db
    .insert(examAttempts)
    .values({
      examId: sql.placeholder('examId'),
      studentId: sql.placeholder('studentId'),
      startedAt: sql.placeholder('startedAt'),
      deadline: sql.placeholder('deadline'),
    })
    .onConflictDoNothing({ target: [examAttempts.examId, examAttempts.studentId] })
    .returning()
    .prepare('attempt_insert'),
);

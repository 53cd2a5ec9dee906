import { type Db, loaderOptions } from '../../db/client.ts';
import { BatchLoader } from '../../lib/batch-loader.ts';

export type AttemptKey = { examId: string; studentId: string };

/**
 * A batch loader of one row per (exam, student): the hall's starts, saves or submits arriving together are
 * read by one query per exam (`readMany` with the students' ids, answering rows by student id); a lone one
 * by `readOne` (a prepared statement).
 */
export function attemptLoader<R>(
  db: Db,
  readMany: (examId: string, studentIds: string[]) => Promise<Iterable<[string, R]>>,
  readOne: (key: AttemptKey) => Promise<R | undefined>,
) {
  return new BatchLoader<AttemptKey, R>(
    async (keys) => {
      const byExam = new Map<string, string[]>();
      for (const k of keys) {
        const ids = byExam.get(k.examId);
        if (ids) ids.push(k.studentId);
        else byExam.set(k.examId, [k.studentId]);
      }
      const found = new Map<string, R>();
      await Promise.all(
        [...byExam].map(async ([examId, studentIds]) => {
          for (const [studentId, row] of await readMany(examId, [...new Set(studentIds)])) found.set(`${examId}:${studentId}`, row);
        }),
      );
      return found;
    },
    (k) => `${k.examId}:${k.studentId}`,
    readOne,
    loaderOptions(db),
  );
}

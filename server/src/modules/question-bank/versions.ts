import { and, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bankPassages, bankQuestions, bankQuestionVersions, type BankVersionSnapshot, questions, submissions } from '../../db/schema.ts';
import { type BankRow, bankContentOf } from './dto.ts';

// Versions of a bank question: what a submitted exam copied is never rewritten.

export async function passageBody(db: Db | Tx, passageId: string | null) {
  if (!passageId) return null;
  const [p] = await db.select({ body: bankPassages.body }).from(bankPassages).where(eq(bankPassages.id, passageId));
  return p?.body ?? null;
}

export const snapshotOf = (r: BankRow, passage: string | null): BankVersionSnapshot => ({
  ...bankContentOf(r),
  passage,
});

/** Whether an exam with a submission holds a copy of this version. */
async function versionSubmitted(db: Db | Tx, id: string, version: number) {
  const [row] = await db
    .select({ n: count() })
    .from(questions)
    .innerJoin(submissions, eq(submissions.examId, questions.examId))
    .where(and(eq(questions.bankQuestionId, id), eq(questions.bankVersion, version)));
  return row.n > 0;
}

/**
 * Records the question's content as its current version: a version a submitted exam copied stays as it
 * was and the edit becomes the next version; otherwise the current version is rewritten.
 */
export async function recordVersion(tx: Tx, row: BankRow, before: BankVersionSnapshot | null): Promise<BankRow> {
  const snapshot = snapshotOf(row, await passageBody(tx, row.passageId));
  if (before && JSON.stringify(before) === JSON.stringify(snapshot)) return row;
  if (before && (await versionSubmitted(tx, row.id, row.version))) {
    const [next] = await tx
      .update(bankQuestions)
      .set({ version: row.version + 1 })
      .where(eq(bankQuestions.id, row.id))
      .returning();
    await tx.insert(bankQuestionVersions).values({ bankQuestionId: row.id, version: next.version, snapshot });
    return next;
  }
  await tx
    .insert(bankQuestionVersions)
    .values({ bankQuestionId: row.id, version: row.version, snapshot })
    .onConflictDoUpdate({
      target: [bankQuestionVersions.bankQuestionId, bankQuestionVersions.version],
      set: { snapshot, updatedAt: new Date() },
    });
  return row;
}

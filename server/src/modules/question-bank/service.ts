import { and, asc, count, eq, ne } from 'drizzle-orm';
import {
  BANK_MESSAGES,
  type BankQuestion,
  type BankQuestionData,
  type BankQuestionPatch,
  type BankVersion,
  duplicateKey,
} from '@app/common/schemas/question-bank';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bankPassages, bankQuestions, bankQuestionVersions } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { type BankRow, toBankDtos } from './dto.ts';
import { passageBody, recordVersion, snapshotOf } from './versions.ts';

// The question bank (docs/product-question-bank.md): single questions and their versions. The list is in
// list-questions.ts, the import in import.ts, the answers' shape in dto.ts.

async function findRow(db: Db | Tx, id: string, lock = false): Promise<BankRow> {
  const q = db.select().from(bankQuestions).where(eq(bankQuestions.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(BANK_MESSAGES.notFound);
  return row;
}

export async function getBankQuestion(ctx: Ctx, id: string): Promise<BankQuestion> {
  const [dto] = await toBankDtos(ctx.db, [await findRow(ctx.db, id)]);
  return dto;
}

export async function createBankQuestion(ctx: Ctx, actor: Actor, input: BankQuestionData): Promise<BankQuestion> {
  const id = await ctx.db.transaction(async (tx) => {
    let passageId = input.passageId;
    let passage: string | null = null;
    if (passageId) {
      passage = await passageBody(tx, passageId);
      if (passage === null) throw badRequest(BANK_MESSAGES.passageNotFound, { passageId: BANK_MESSAGES.passageNotFound });
    } else if (input.passageText) {
      const [p] = await tx.insert(bankPassages).values({ body: input.passageText }).returning();
      passageId = p.id;
      passage = p.body;
    }
    const [row] = await tx
      .insert(bankQuestions)
      .values({
        exam: input.exam,
        section: input.section,
        topic: input.topic,
        difficulty: input.difficulty,
        source: input.source,
        tags: input.tags,
        passageId,
        question: input.question,
        normalized: duplicateKey(input.question, passage),
        options: input.options,
        correctAnswer: input.correctAnswer,
        marks: input.marks,
        negativeMarks: input.negativeMarks,
        explanation: input.explanation,
        createdBy: actor.id,
      })
      .returning();
    await recordVersion(tx, row, null);
    return row.id;
  });
  return getBankQuestion(ctx, id);
}

export async function updateBankQuestion(ctx: Ctx, actor: Actor, id: string, patch: BankQuestionPatch): Promise<BankQuestion> {
  await ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, id, true);
    const before = snapshotOf(row, await passageBody(tx, row.passageId));
    const options = patch.options ?? row.options;
    const correctAnswer = patch.correctAnswer ?? row.correctAnswer;
    if (correctAnswer >= options.length)
      throw badRequest('Please select the correct answer', { correctAnswer: 'Please select the correct answer' });
    let passageId = row.passageId;
    let passage = before.passage;
    if (patch.passageText !== undefined && patch.passageText !== before.passage) {
      if (patch.passageText === null) passageId = null;
      else if (passageId) await tx.update(bankPassages).set({ body: patch.passageText }).where(eq(bankPassages.id, passageId));
      else passageId = (await tx.insert(bankPassages).values({ body: patch.passageText }).returning())[0].id;
      passage = patch.passageText;
    }
    const question = patch.question ?? row.question;
    const [updated] = await tx
      .update(bankQuestions)
      .set({
        ...(patch.exam !== undefined ? { exam: patch.exam } : {}),
        ...(patch.section !== undefined ? { section: patch.section } : {}),
        ...(patch.topic !== undefined ? { topic: patch.topic } : {}),
        ...(patch.difficulty !== undefined ? { difficulty: patch.difficulty } : {}),
        ...(patch.source !== undefined ? { source: patch.source } : {}),
        ...(patch.tags !== undefined ? { tags: patch.tags } : {}),
        ...(patch.marks !== undefined ? { marks: patch.marks } : {}),
        ...(patch.negativeMarks !== undefined ? { negativeMarks: patch.negativeMarks } : {}),
        ...(patch.explanation !== undefined ? { explanation: patch.explanation } : {}),
        question,
        options,
        correctAnswer,
        passageId,
        normalized: duplicateKey(question, passage),
        updatedAt: new Date(),
      })
      .where(eq(bankQuestions.id, id))
      .returning();
    const saved = await recordVersion(tx, updated, before);
    // A shared passage edited here is a new version of every question standing on it.
    if (passageId && passageId === row.passageId && passage !== before.passage) {
      const others = await tx
        .select()
        .from(bankQuestions)
        .where(and(eq(bankQuestions.passageId, passageId), ne(bankQuestions.id, id)))
        .for('update');
      for (const other of others) {
        const old = await tx
          .select({ snapshot: bankQuestionVersions.snapshot })
          .from(bankQuestionVersions)
          .where(and(eq(bankQuestionVersions.bankQuestionId, other.id), eq(bankQuestionVersions.version, other.version)));
        await tx
          .update(bankQuestions)
          .set({ normalized: duplicateKey(other.question, passage), updatedAt: new Date() })
          .where(eq(bankQuestions.id, other.id));
        await recordVersion(tx, other, old[0]?.snapshot ?? null);
      }
    }
    await recordAudit(tx, actor, 'question-bank.update', 'bank_question', id, { version: row.version }, { version: saved.version });
  });
  return getBankQuestion(ctx, id);
}

export async function deleteBankQuestion(ctx: Ctx, actor: Actor, id: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, id, true);
    await tx.delete(bankQuestions).where(eq(bankQuestions.id, id));
    if (row.passageId) {
      const [{ n }] = await tx.select({ n: count() }).from(bankQuestions).where(eq(bankQuestions.passageId, row.passageId));
      if (n === 0) await tx.delete(bankPassages).where(eq(bankPassages.id, row.passageId));
    }
    await recordAudit(tx, actor, 'question-bank.delete', 'bank_question', id, { question: row.question.slice(0, 200) }, null);
  });
}

export async function listVersions(ctx: Ctx, id: string): Promise<BankVersion[]> {
  await findRow(ctx.db, id);
  const rows = await ctx.db
    .select()
    .from(bankQuestionVersions)
    .where(eq(bankQuestionVersions.bankQuestionId, id))
    .orderBy(asc(bankQuestionVersions.version));
  return rows.map((r) => ({ version: r.version, createdAt: r.createdAt.toISOString(), ...r.snapshot }));
}

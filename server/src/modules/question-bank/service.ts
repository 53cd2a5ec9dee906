import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  BANK_MESSAGES,
  type BankDryRun,
  type BankImportResult,
  type BankImportRow,
  type BankListQuery,
  type BankListResponse,
  type BankQuestion,
  type BankQuestionData,
  type BankQuestionPatch,
  type BankVersion,
  duplicateKey,
} from '@app/common/schemas/question-bank';
import type { Actor, Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bankPassages, bankQuestions, bankQuestionVersions, type BankVersionSnapshot, questions, submissions } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { FileRow } from './parse.ts';
import { type CheckedRow, checkRows, type ImportItem } from './validate.ts';

// The question bank (docs/product-question-bank.md).

type BankRow = typeof bankQuestions.$inferSelect;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

type Usage = { timesUsed: number; candidates: number; correct: number };

/**
 * How often each bank question was used (exams holding a copy of any of its versions) and how the
 * candidates of those exams answered the copy: correct share = correct answers / submissions.
 */
async function usageOf(db: Db | Tx, ids: string[]): Promise<Map<string, Usage>> {
  const out = new Map<string, Usage>();
  if (ids.length === 0) return out;
  const rows = await db.execute<{ id: string; times_used: number; candidates: number; correct: number }>(sql`
    select q.bank_question_id as id,
      count(distinct q.exam_id)::int as times_used,
      count(s.id)::int as candidates,
      count(s.id) filter (where (a.e ->> 1) ~ '^[0-9]+$' and (a.e ->> 1)::int = q.correct_answer)::int as correct
    from ${questions} q
    left join ${submissions} s on s.exam_id = q.exam_id
    left join lateral (
      -- Each stored answer is [question id, option chosen, marks, text?] (db/marked-answers.ts).
      select e from jsonb_array_elements(s.answers) e where e ->> 0 = q.id::text limit 1
    ) a on true
    where q.bank_question_id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    group by q.bank_question_id`);
  for (const r of rows.rows) {
    out.set(r.id, { timesUsed: Number(r.times_used), candidates: Number(r.candidates), correct: Number(r.correct) });
  }
  return out;
}

const toDto = (r: BankRow, passage: { id: string; body: string } | null, usage: Usage | undefined): BankQuestion => ({
  _id: r.id,
  version: r.version,
  exam: r.exam,
  section: r.section,
  topic: r.topic,
  difficulty: r.difficulty,
  source: r.source,
  tags: r.tags,
  passage: passage ? { _id: passage.id, body: passage.body } : null,
  question: r.question,
  options: r.options,
  correctAnswer: r.correctAnswer,
  marks: Number(r.marks),
  negativeMarks: r.negativeMarks === null ? null : Number(r.negativeMarks),
  explanation: r.explanation,
  timesUsed: usage?.timesUsed ?? 0,
  candidates: usage?.candidates ?? 0,
  correctShare: usage && usage.candidates > 0 ? Math.round((usage.correct / usage.candidates) * 1000) / 10 : null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function toBankDtos(db: Db | Tx, rows: BankRow[]): Promise<BankQuestion[]> {
  const passageIds = [...new Set(rows.map((r) => r.passageId).filter((id): id is string => id !== null))];
  const [passages, usage] = await Promise.all([
    passageIds.length ? db.select().from(bankPassages).where(inArray(bankPassages.id, passageIds)) : Promise.resolve([]),
    usageOf(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const byId = new Map(passages.map((p) => [p.id, p]));
  return rows.map((r) => toDto(r, r.passageId ? (byId.get(r.passageId) ?? null) : null, usage.get(r.id)));
}

export async function listBankQuestions(ctx: Ctx, f: BankListQuery): Promise<BankListResponse> {
  const where: SQL[] = [];
  const ci = (col: typeof bankQuestions.topic | typeof bankQuestions.section, v: string) => sql`lower(${col}) = lower(${v})`;
  if (f.topic) where.push(ci(bankQuestions.topic, f.topic));
  if (f.section) where.push(ci(bankQuestions.section, f.section));
  if (f.source) where.push(ilike(bankQuestions.source, `%${escapeLike(f.source)}%`));
  if (f.exam) where.push(eq(bankQuestions.exam, f.exam));
  if (f.difficulty) where.push(eq(bankQuestions.difficulty, f.difficulty));
  if (f.tag) where.push(sql`exists (select 1 from jsonb_array_elements_text(${bankQuestions.tags}) t where lower(t) = lower(${f.tag}))`);
  if (f.q) {
    const p = `%${escapeLike(f.q)}%`;
    const inPassage = sql`exists (select 1 from ${bankPassages} bp where bp.id = ${bankQuestions.passageId} and bp.body ilike ${p})`;
    where.push(
      or(
        ilike(bankQuestions.question, p),
        ilike(bankQuestions.topic, p),
        ilike(bankQuestions.source, p),
        sql`${bankQuestions.options}::text ilike ${p}`,
        sql`${bankQuestions.tags}::text ilike ${p}`,
        inPassage,
      ) as SQL,
    );
  }
  const cond = where.length ? and(...where) : undefined;
  const [[{ total }], rows, sections, topics] = await Promise.all([
    ctx.db.select({ total: count() }).from(bankQuestions).where(cond),
    ctx.db
      .select()
      .from(bankQuestions)
      .where(cond)
      .orderBy(desc(bankQuestions.createdAt), asc(bankQuestions.id))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit),
    ctx.db.selectDistinct({ v: bankQuestions.section }).from(bankQuestions).orderBy(asc(bankQuestions.section)),
    ctx.db.selectDistinct({ v: bankQuestions.topic }).from(bankQuestions).orderBy(asc(bankQuestions.topic)),
  ]);
  return {
    items: await toBankDtos(ctx.db, rows),
    total,
    page: f.page,
    limit: f.limit,
    totalPages: Math.max(1, Math.ceil(total / f.limit)),
    sections: sections.map((r) => r.v).filter((v): v is string => !!v),
    topics: topics.map((r) => r.v).filter((v): v is string => !!v),
  };
}

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

async function passageBody(db: Db | Tx, passageId: string | null) {
  if (!passageId) return null;
  const [p] = await db.select({ body: bankPassages.body }).from(bankPassages).where(eq(bankPassages.id, passageId));
  return p?.body ?? null;
}

const snapshotOf = (r: BankRow, passage: string | null): BankVersionSnapshot => ({
  question: r.question,
  options: r.options,
  correctAnswer: r.correctAnswer,
  marks: Number(r.marks),
  negativeMarks: r.negativeMarks === null ? null : Number(r.negativeMarks),
  explanation: r.explanation,
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
async function recordVersion(tx: Tx, row: BankRow, before: BankVersionSnapshot | null): Promise<BankRow> {
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

// --- Import

type Judged = { row: number; status: BankImportRow['status']; message: string; item: ImportItem | null };

/** Every row's status: error (its faults), duplicate (in the bank or an earlier ok row), else ok. */
async function judge(db: Db | Tx, rows: FileRow[]): Promise<Judged[]> {
  const checked: CheckedRow[] = checkRows(rows);
  const keys = checked.map((c) => (c.item ? duplicateKey(c.item.question, c.item.passageText) : null));
  const wanted = [...new Set(keys.filter((k): k is string => k !== null))];
  const inBank = new Set<string>();
  for (let i = 0; i < wanted.length; i += 500) {
    const found = await db
      .select({ k: bankQuestions.normalized })
      .from(bankQuestions)
      .where(inArray(bankQuestions.normalized, wanted.slice(i, i + 500)));
    for (const f of found) inBank.add(f.k);
  }
  const firstRow = new Map<string, number>();
  return checked.map((c, i) => {
    if (!c.item) return { row: c.row, status: 'error', message: c.errors.join('; '), item: null };
    const key = keys[i] as string;
    if (inBank.has(key)) return { row: c.row, status: 'duplicate', message: BANK_MESSAGES.duplicateInBank, item: null };
    const earlier = firstRow.get(key);
    if (earlier !== undefined) return { row: c.row, status: 'duplicate', message: BANK_MESSAGES.duplicateInFile(earlier), item: null };
    firstRow.set(key, c.row);
    return { row: c.row, status: 'ok', message: BANK_MESSAGES.ready, item: c.item };
  });
}

export async function dryRunImport(ctx: Ctx, rows: FileRow[]): Promise<BankDryRun> {
  const judged = await judge(ctx.db, rows);
  return {
    rows: judged.map(({ row, status, message }) => ({ row, status, message })),
    ok: judged.filter((j) => j.status === 'ok').length,
    errors: judged.filter((j) => j.status === 'error').length,
    duplicates: judged.filter((j) => j.status === 'duplicate').length,
  };
}

/** Saves exactly the rows a dry run marks ok; one transaction. */
export async function importRows(ctx: Ctx, actor: Actor, rows: FileRow[], filename: string): Promise<BankImportResult> {
  return ctx.db.transaction(async (tx) => {
    // Two imports of one file at once must not both pass the duplicate check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('question-bank-import'))`);
    const judged = await judge(tx, rows);
    const ok = judged.filter((j) => j.item !== null).map((j) => j.item as ImportItem);
    const passageIds = new Map<string, string>();
    for (const item of ok) {
      if (!item.passageKey || !item.passageText || passageIds.has(item.passageKey)) continue;
      const [p] = await tx.insert(bankPassages).values({ body: item.passageText }).returning({ id: bankPassages.id });
      passageIds.set(item.passageKey, p.id);
    }
    for (let i = 0; i < ok.length; i += 100) {
      const chunk = ok.slice(i, i + 100);
      const inserted = await tx
        .insert(bankQuestions)
        .values(
          chunk.map((item) => ({
            exam: item.exam,
            section: item.section,
            topic: item.topic,
            difficulty: item.difficulty,
            source: item.source,
            tags: item.tags,
            passageId: item.passageKey ? (passageIds.get(item.passageKey) ?? null) : null,
            question: item.question,
            normalized: duplicateKey(item.question, item.passageText),
            options: item.options,
            correctAnswer: item.correctAnswer,
            marks: item.marks,
            negativeMarks: item.negativeMarks,
            explanation: item.explanation,
            createdBy: actor.id,
          })),
        )
        .returning();
      const byId = new Map(chunk.map((item, j) => [inserted[j]?.id, item]));
      await tx
        .insert(bankQuestionVersions)
        .values(inserted.map((r) => ({ bankQuestionId: r.id, version: 1, snapshot: snapshotOf(r, byId.get(r.id)?.passageText ?? null) })));
    }
    const result = { imported: ok.length, skipped: judged.length - ok.length };
    await recordAudit(tx, actor, 'question-bank.import', 'bank_question', null, null, { file: filename.slice(0, 200), ...result });
    return result;
  });
}

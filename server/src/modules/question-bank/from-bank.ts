import { randomInt } from 'node:crypto';
import { and, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import {
  BANK_MESSAGES,
  type BankExam,
  type BankQuestion,
  type DrawPreviewData,
  drawInput,
  isBankRef,
} from '@app/common/schemas/question-bank';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { bankPassages, bankQuestions } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { findUnstorable } from '../../lib/validation.ts';
import { type BankRow, bankContentOf, toBankDtos } from './dto.ts';
import { ofSection } from './sections.ts';

// Papers from the bank (docs/product-question-bank.md, "Papers from the bank"): before an exam body is
// validated, every `{ bankQuestionId }` and every section's `draw` is replaced by copies of the bank
// questions as they are now, so the exam holds its own copies and a later bank edit changes nothing.

/** The bank question and version a copy came from, by paper position. */
export type BankLink = { bankQuestionId: string; bankVersion: number };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A whole question of the exam form, carrying its origin (stripped by the exam schema, read back by linksOf). */
const copyOf = (r: BankRow): Obj => ({
  type: 'mcq',
  ...bankContentOf(r),
  bankQuestionId: r.id,
  bankVersion: r.version,
});

const shuffled = <T>(list: T[]) => {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
};

/** Whether the body names the bank: a reference, a draw, or a copy that says where it came from. */
function namesBank(body: Obj): boolean {
  const named = (list: unknown) => Array.isArray(list) && list.some((q) => isObj(q) && 'bankQuestionId' in q);
  if (named(body.questions)) return true;
  if (!Array.isArray(body.sections)) return false;
  return body.sections.some(
    (s) =>
      isObj(s) &&
      ((s.draw !== undefined && s.draw !== null) ||
        named(s.questions) ||
        (Array.isArray(s.passages) && s.passages.some((p) => isObj(p) && named(p.questions)))),
  );
}

/**
 * Resolves references and draws in a POST or full PATCH body of /api/exams. Answers the body to
 * validate and the bank link of each question in paper order, or null when the body names no bank item.
 */
export async function resolveBankPaper(db: Db, body: unknown): Promise<{ body: Obj; links: (BankLink | null)[] } | null> {
  // Text PostgreSQL cannot store is refused by the route's validation (lib/validation.ts), never queried with.
  if (!isObj(body) || !namesBank(body) || findUnstorable(body)) return null;
  const out: Obj = { ...body };

  // Every id the body names, loaded at once.
  const ids = new Set<string>();
  const collect = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const q of list) if (isObj(q) && typeof q.bankQuestionId === 'string') ids.add(q.bankQuestionId);
  };
  collect(body.questions);
  if (Array.isArray(body.sections)) {
    for (const s of body.sections) {
      if (!isObj(s)) continue;
      collect(s.questions);
      if (Array.isArray(s.passages)) for (const p of s.passages) if (isObj(p)) collect(p.questions);
    }
  }
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if ([...ids].some((id) => !uuid.test(id)))
    throw badRequest(BANK_MESSAGES.bankRefNotFound, { bankQuestionId: BANK_MESSAGES.bankRefNotFound });
  const rows = ids.size
    ? await db
        .select()
        .from(bankQuestions)
        .where(inArray(bankQuestions.id, [...ids]))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (byId.size !== ids.size) throw badRequest(BANK_MESSAGES.bankRefNotFound, { bankQuestionId: BANK_MESSAGES.bankRefNotFound });

  const used = new Set<string>();
  const take = (r: BankRow) => {
    if (used.has(r.id)) throw badRequest(BANK_MESSAGES.bankRefTwice, { bankQuestionId: BANK_MESSAGES.bankRefTwice });
    used.add(r.id);
  };
  /** A reference becomes a copy; a copy sent whole keeps its text and records its origin. */
  const resolveOne = (q: unknown): unknown => {
    if (!isObj(q) || typeof q.bankQuestionId !== 'string') return q;
    const r = byId.get(q.bankQuestionId) as BankRow;
    take(r);
    if (isBankRef(q)) return copyOf(r);
    const v = Number(q.bankVersion);
    return { ...q, bankVersion: Number.isInteger(v) && v >= 1 && v <= r.version ? v : r.version };
  };

  const passageIds = new Set<string>();
  if (Array.isArray(body.questions)) {
    out.questions = body.questions.map((q) => {
      if (isBankRef(q) && byId.get(q.bankQuestionId)?.passageId) {
        const message = 'A bank question on a passage can only be added to a section';
        throw badRequest(message, { questions: message });
      }
      return resolveOne(q);
    });
  }
  if (Array.isArray(body.sections)) {
    const sections: unknown[] = [];
    for (const [si, s] of body.sections.entries()) {
      if (!isObj(s)) {
        sections.push(s);
        continue;
      }
      const section: Obj = { ...s };
      delete section.draw;
      const passages: unknown[] = Array.isArray(s.passages)
        ? s.passages.map((p) => (isObj(p) && Array.isArray(p.questions) ? { ...p, questions: p.questions.map(resolveOne) } : p))
        : [];
      const standalone: unknown[] = [];
      /** Bank questions on a bank passage go into one passage of the section per bank passage. */
      const grouped = new Map<string, Obj[]>();
      const place = (r: BankRow, copy: Obj) => {
        if (!r.passageId) {
          standalone.push(copy);
          return;
        }
        passageIds.add(r.passageId);
        const list = grouped.get(r.passageId) ?? [];
        list.push(copy);
        grouped.set(r.passageId, list);
      };
      if (Array.isArray(s.questions)) {
        for (const q of s.questions) {
          if (isBankRef(q)) {
            const r = byId.get(q.bankQuestionId) as BankRow;
            take(r);
            place(r, copyOf(r));
          } else standalone.push(resolveOne(q));
        }
      }
      if (s.draw !== undefined && s.draw !== null) {
        const parsed = drawInput.safeParse(s.draw);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw badRequest(issue.message, { [`sections.${si}.draw.${issue.path.join('.')}`]: issue.message });
        }
        const d = parsed.data;
        const title = d.section ?? (typeof s.title === 'string' ? s.title.trim() : '');
        const drawn = await drawFromBank(db, { ...d, section: title, exclude: [...used] }, `sections.${si}.draw.count`);
        for (const r of drawn) {
          take(r);
          place(r, copyOf(r));
        }
      }
      section.passages = passages;
      section.questions = standalone;
      sections.push(section);
      // Filled in below, once every passage body is loaded.
      (section as { __grouped?: Map<string, Obj[]> }).__grouped = grouped;
    }
    const bodies = passageIds.size
      ? new Map(
          (
            await db
              .select()
              .from(bankPassages)
              .where(inArray(bankPassages.id, [...passageIds]))
          ).map((p) => [p.id, p.body]),
        )
      : new Map<string, string>();
    for (const s of sections) {
      if (!isObj(s)) continue;
      const grouped = s.__grouped as Map<string, Obj[]> | undefined;
      delete s.__grouped;
      if (!grouped) continue;
      for (const [pid, qs] of grouped) (s.passages as unknown[]).push({ body: bodies.get(pid) ?? '', questions: qs });
    }
    out.sections = sections;
  }
  return { body: out, links: linksOf(out) };
}

type DrawSpec = { count: number; section: string; topic?: string; difficulty?: number; exam?: BankExam; exclude: string[] };

/** `count` bank questions of the section (and topic, difficulty, exam) at random, none of `exclude`. */
async function drawFromBank(db: Db, d: DrawSpec, field: string): Promise<BankRow[]> {
  const where: SQL[] = [await ofSection(db, d.section)];
  if (d.topic) where.push(sql`lower(${bankQuestions.topic}) = lower(${d.topic})`);
  if (d.difficulty) where.push(eq(bankQuestions.difficulty, d.difficulty));
  if (d.exam) where.push(eq(bankQuestions.exam, d.exam));
  if (d.exclude.length) where.push(notInArray(bankQuestions.id, d.exclude));
  const pool = await db
    .select({ id: bankQuestions.id })
    .from(bankQuestions)
    .where(and(...where));
  if (pool.length < d.count) {
    const message = BANK_MESSAGES.drawShort(d.section, d.count, pool.length);
    throw badRequest(message, { [field]: message });
  }
  const chosen = shuffled(pool.map((p) => p.id)).slice(0, d.count);
  const drawn = await db.select().from(bankQuestions).where(inArray(bankQuestions.id, chosen));
  const order = new Map(chosen.map((id, i) => [id, i]));
  return drawn.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/** POST /api/question-bank/draw: the pick the exam builder shows before it is saved. */
export async function drawPreview(ctx: Ctx, body: DrawPreviewData): Promise<BankQuestion[]> {
  return toBankDtos(ctx.db, await drawFromBank(ctx.db, body, 'count'));
}

/** The bank link of each question of a resolved body, in paper order (docs/product-papers.md, "The calls"). */
function linksOf(body: Obj): (BankLink | null)[] {
  const link = (q: unknown): BankLink | null =>
    isObj(q) && typeof q.bankQuestionId === 'string' && typeof q.bankVersion === 'number'
      ? { bankQuestionId: q.bankQuestionId, bankVersion: q.bankVersion }
      : null;
  if (!Array.isArray(body.sections)) return Array.isArray(body.questions) ? body.questions.map(link) : [];
  const out: (BankLink | null)[] = [];
  for (const s of body.sections) {
    if (!isObj(s)) continue;
    if (Array.isArray(s.passages))
      for (const p of s.passages) if (isObj(p) && Array.isArray(p.questions)) out.push(...p.questions.map(link));
    if (Array.isArray(s.questions)) out.push(...s.questions.map(link));
  }
  return out;
}

import { inArray, sql } from 'drizzle-orm';
import type { BankQuestion } from '@app/common/schemas/question-bank';
import type { Db, Tx } from '../../db/client.ts';
import { bankPassages, type bankQuestions, questions, submissions } from '../../db/schema.ts';

// What the bank's answers show of a question: its content, its passage and how it was used.

export type BankRow = typeof bankQuestions.$inferSelect;

/** A bank question's content (its text, options, key, marks, own penalty and explanation), as its answer, its versions and an exam's copy of it carry it. */
export const bankContentOf = (r: BankRow) => ({
  question: r.question,
  options: r.options,
  correctAnswer: r.correctAnswer,
  marks: Number(r.marks),
  negativeMarks: r.negativeMarks === null ? null : Number(r.negativeMarks),
  explanation: r.explanation,
});

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
  ...bankContentOf(r),
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

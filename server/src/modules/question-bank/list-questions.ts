import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { BankListQuery, BankListResponse } from '@app/common/schemas/question-bank';
import type { Ctx } from '../../context.ts';
import { bankPassages, bankQuestions } from '../../db/schema.ts';
import { likeContains } from '../../lib/escape.ts';
import { distinctSections } from '@app/common';
import { toBankDtos } from './dto.ts';
import { bankSections, ofSection } from './sections.ts';

export async function listBankQuestions(ctx: Ctx, f: BankListQuery): Promise<BankListResponse> {
  const where: SQL[] = [];
  const ci = (col: typeof bankQuestions.topic, v: string) => sql`lower(${col}) = lower(${v})`;
  if (f.topic) where.push(ci(bankQuestions.topic, f.topic));
  if (f.section) where.push(await ofSection(ctx.db, f.section));
  if (f.source) where.push(ilike(bankQuestions.source, likeContains(f.source)));
  if (f.exam) where.push(eq(bankQuestions.exam, f.exam));
  if (f.difficulty) where.push(eq(bankQuestions.difficulty, f.difficulty));
  if (f.tag) where.push(sql`exists (select 1 from jsonb_array_elements_text(${bankQuestions.tags}) t where lower(t) = lower(${f.tag}))`);
  if (f.q) {
    const p = likeContains(f.q);
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
    bankSections(ctx.db),
    ctx.db.selectDistinct({ v: bankQuestions.topic }).from(bankQuestions).orderBy(asc(bankQuestions.topic)),
  ]);
  return {
    items: await toBankDtos(ctx.db, rows),
    total,
    page: f.page,
    limit: f.limit,
    totalPages: Math.max(1, Math.ceil(total / f.limit)),
    // One entry per section, however many spellings the bank holds of it.
    sections: distinctSections(sections),
    topics: topics.map((r) => r.v).filter((v): v is string => !!v),
  };
}

import { and, desc, eq, sql } from 'drizzle-orm';
import { predictNlus } from '@app/common/rules/nlu-chance';
import {
  NLU_MSG,
  type NluCalendar,
  type NluCutoff,
  type NluCutoffList,
  type NluSource,
  type nluCalendarBody,
  type nluCallBackBody,
} from '@app/common/schemas/nlu';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { nluCalendar, nluCutoffs } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { takeEnquiry } from '../enquiries/intake.ts';

// The NLU counselling helper's reads and the call-back (docs/product-admissions-desk.md, "NLU counselling
// helper"). Cut-offs are the institute's public figures, no person's records: only the call-back touches
// one, through the desk's own intake (merged by phone or e-mail like every other enquiry).

const cutoffColumns = {
  year: nluCutoffs.year,
  round: nluCutoffs.round,
  nlu: nluCutoffs.nlu,
  category: nluCutoffs.category,
  quota: nluCutoffs.quota,
  closingRank: nluCutoffs.closingRank,
};

/** Every stored (year, round), newest year first, rows counted. */
async function storedRounds(ctx: Ctx) {
  return ctx.db
    .select({ year: nluCutoffs.year, round: nluCutoffs.round, rows: sql<number>`count(*)::int` })
    .from(nluCutoffs)
    .groupBy(nluCutoffs.year, nluCutoffs.round)
    .orderBy(desc(nluCutoffs.year), nluCutoffs.round);
}

/** GET /api/nlu/cutoffs?year=&round=: the admin's list, by year (newest first), round, NLU, quota and category. */
export async function listCutoffs(ctx: Ctx, q: { year?: number; round?: string }): Promise<NluCutoffList> {
  const where = and(q.year !== undefined ? eq(nluCutoffs.year, q.year) : undefined, q.round ? eq(nluCutoffs.round, q.round) : undefined);
  const [cutoffs, rounds] = await Promise.all([
    ctx.db
      .select(cutoffColumns)
      .from(nluCutoffs)
      .where(where)
      .orderBy(desc(nluCutoffs.year), nluCutoffs.round, nluCutoffs.nlu, nluCutoffs.quota, nluCutoffs.category)
      .limit(5000),
    storedRounds(ctx),
  ]);
  return { cutoffs, rounds };
}

/** DELETE /api/nlu/cutoffs?year=&round=: one round of one year; 404 when it holds no rows. */
export async function deleteRound(ctx: Ctx, year: number, round: string) {
  const gone = await ctx.db
    .delete(nluCutoffs)
    .where(and(eq(nluCutoffs.year, year), eq(nluCutoffs.round, round)))
    .returning({ id: nluCutoffs.id });
  if (gone.length === 0) throw notFound(NLU_MSG.roundNotFound);
  return { deleted: gone.length, message: NLU_MSG.deleted(gone.length) };
}

/** GET /api/nlu/predict: the rule of common/src/rules/nlu-chance.ts on every stored cut-off ([] when none). */
export async function predict(ctx: Ctx, q: Parameters<typeof predictNlus>[1]) {
  const cutoffs = (await ctx.db.select(cutoffColumns).from(nluCutoffs).where(eq(nluCutoffs.category, q.category))) as NluCutoff[];
  return predictNlus(cutoffs, q);
}

/** A round the demo's sample file holds: its name says so (server/src/db/sample-data/nlu-cutoffs-sample.csv). */
export const isSampleRound = (round: string) => /sample/i.test(round);

/** GET /api/nlu/source: the years and rounds entered, and the sentence the page shows of them. */
export async function findSource(ctx: Ctx): Promise<NluSource> {
  const rounds = (await storedRounds(ctx)).map(({ year, round }) => ({ year, round }));
  if (rounds.length === 0) return { years: [], rounds: [], sample: false, note: NLU_MSG.noData };
  const years = [...new Set(rounds.map((r) => r.year))];
  const sample = rounds.some((r) => isSampleRound(r.round));
  const latest = rounds.filter((r) => r.year === years[0]).map((r) => r.round);
  const note = [
    `Source: the CLAT counselling's closing ranks as entered by the institute, CLAT ${years[0]} (${latest.join(', ')})${years.length > 1 ? `; earlier: ${years.slice(1).join(', ')}` : ''}.`,
    'Each NLU shows the last round entered for its latest year. Cut-offs change every year: a guide, not a promise.',
    ...(sample ? [NLU_MSG.sampleData] : []),
  ].join(' ');
  return { years, rounds, sample, note };
}

/** POST /api/public/nlu/call-back: the visitor joins the desk as an `nlu_helper` enquiry, merged as any other. */
export async function requestCallBack(ctx: Ctx, body: z.output<typeof nluCallBackBody>) {
  const said = [body.rank ? `CLAT rank ${body.rank}` : null, body.category ? `category ${body.category}` : null].filter(Boolean);
  await ctx.db.transaction((tx) =>
    takeEnquiry(
      tx,
      {
        name: body.name,
        phone: body.phone,
        email: body.email,
        source: 'nlu_helper',
        message: `Asked for a call back from the NLU helper${said.length ? ` (${said.join(', ')})` : ''}.`,
      },
      null,
      new Date(),
    ),
  );
  return { message: NLU_MSG.callBackSaved };
}

/** GET /api/nlu/calendar: the counselling rounds' dates as the institute entered them, by date. */
export async function findCalendar(ctx: Ctx): Promise<NluCalendar> {
  const rows = await ctx.db
    .select({ date: nluCalendar.day, round: nluCalendar.round, what: nluCalendar.what })
    .from(nluCalendar)
    .orderBy(nluCalendar.day, nluCalendar.createdAt);
  return { entries: rows };
}

/** PUT /api/nlu/calendar: the whole list replaced in one transaction. */
export async function replaceCalendar(ctx: Ctx, body: z.output<typeof nluCalendarBody>): Promise<NluCalendar> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(nluCalendar);
    if (body.entries.length) await tx.insert(nluCalendar).values(body.entries.map((e) => ({ day: e.date, round: e.round, what: e.what })));
  });
  return findCalendar(ctx);
}

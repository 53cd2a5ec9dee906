import { addDays, indiaDayOf, instantInIndia } from '@app/common/rules/dates';
import { roundHundredths } from '@app/common/rules/rounding';
import { and, eq, gte, lt, type SQL } from 'drizzle-orm';
import {
  ENQUIRY_SOURCE_LABELS,
  ENQUIRY_STAGE_LABELS,
  FUNNEL_STAGES,
  type Funnel,
  type FunnelQuery,
  LOST_REASON_LABELS,
  LOST_REASONS,
  type LostReason,
} from '@app/common/schemas/enquiries';
import type { Ctx } from '../../context.ts';
import { centres, enquiries, users } from '../../db/schema.ts';
import { type CsvCell, csvNumber, toCsv } from '../../lib/csv.ts';
import { badRequest } from '../../lib/errors.ts';
import { enquiryFilter, type Scope } from '../../lib/record-scope.ts';
import { funnelIndex, furthestStage } from './stages.ts';

// The funnel (docs/product-admissions-desk.md, "The funnel"): the enquiries created in [from, to], India's
// days. An enquiry counts at every stage up to the furthest one its stamps show it reached, so an admitted
// enquiry was also contacted, visited and applied, and a lost one counts up to where it got before it was
// lost. Conversion is admitted / enquiries; the median is of calendar days (India) from enquiry to admission.

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : roundHundredths(((sorted[mid - 1] + sorted[mid]) / 2) * 100);
}

/** GET /api/enquiries/funnel: the scope's enquiries of the period, by the filters. */
export async function computeFunnel(ctx: Ctx, scope: Scope, query: FunnelQuery): Promise<Funnel> {
  if (query.from > query.to) throw badRequest('From must be on or before To', { to: 'From must be on or before To' });
  const conds: (SQL | undefined)[] = [
    enquiryFilter(scope),
    gte(enquiries.createdAt, instantInIndia(query.from, '00:00')),
    lt(enquiries.createdAt, instantInIndia(addDays(query.to, 1), '00:00')),
  ];
  if (query.centre) conds.push(eq(enquiries.centreId, query.centre));
  if (query.source) conds.push(eq(enquiries.source, query.source));
  if (query.owner) conds.push(eq(enquiries.ownerId, query.owner));
  const rows = await ctx.db
    .select({
      stage: enquiries.stage,
      lostReason: enquiries.lostReason,
      createdAt: enquiries.createdAt,
      contactedAt: enquiries.contactedAt,
      counsellingBookedAt: enquiries.counsellingBookedAt,
      visitedAt: enquiries.visitedAt,
      appliedAt: enquiries.appliedAt,
      admittedAt: enquiries.admittedAt,
      lostAt: enquiries.lostAt,
    })
    .from(enquiries)
    .where(and(...conds));

  const reached = FUNNEL_STAGES.map(() => 0);
  const lost = new Map<LostReason, number>(LOST_REASONS.map((r) => [r, 0]));
  const days: number[] = [];
  const months = new Map<string, { enquiries: number; admitted: number }>();
  for (const r of rows) {
    const furthest = funnelIndex(furthestStage(r));
    for (let i = 0; i <= furthest; i++) reached[i]++;
    if (r.stage === 'lost') lost.set(r.lostReason ?? 'other', (lost.get(r.lostReason ?? 'other') ?? 0) + 1);
    const month = indiaDayOf(r.createdAt).slice(0, 7);
    const m = months.get(month) ?? { enquiries: 0, admitted: 0 };
    m.enquiries++;
    if (r.admittedAt) {
      m.admitted++;
      days.push(dayNumber(indiaDayOf(r.admittedAt)) - dayNumber(indiaDayOf(r.createdAt)));
    }
    months.set(month, m);
  }
  const total = rows.length;
  const admitted = reached[funnelIndex('admitted')];
  return {
    from: query.from,
    to: query.to,
    stages: FUNNEL_STAGES.map((stage, i) => ({ stage, count: reached[i] })),
    lost: LOST_REASONS.map((reason) => ({ reason, count: lost.get(reason) ?? 0 })),
    // Hundredths worked out before the division's rounding: 1 of 3 is 33.33, 2 of 3 is 66.67.
    conversionRate: total === 0 ? 0 : roundHundredths((admitted * 10_000) / total),
    medianDaysToAdmission: median(days),
    byMonth: [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, m]) => ({ month, ...m })),
  };
}

export const FUNNEL_CSV_HEADER = ['Section', 'Item', 'Value'] as const;

/** GET /api/enquiries/funnel.csv: the same figures as rows of section, item and value, with the filters on top. */
export async function funnelCsv(ctx: Ctx, scope: Scope, query: FunnelQuery): Promise<string> {
  const funnel = await computeFunnel(ctx, scope, query);
  const [centre] = query.centre ? await ctx.db.select({ name: centres.name }).from(centres).where(eq(centres.id, query.centre)) : [];
  const [owner] = query.owner
    ? await ctx.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, query.owner))
    : [];
  const rows: CsvCell[][] = [
    ['Period', 'From', funnel.from],
    ['Period', 'To', funnel.to],
    ['Filter', 'Centre', centre?.name ?? 'All centres'],
    ['Filter', 'Source', query.source ? ENQUIRY_SOURCE_LABELS[query.source] : 'All sources'],
    ['Filter', 'Owner', owner ? `${owner.firstName} ${owner.lastName}` : 'Anyone'],
    ...funnel.stages.map((s) => ['Reached stage', ENQUIRY_STAGE_LABELS[s.stage], s.count]),
    ...funnel.lost.map((l) => ['Lost', LOST_REASON_LABELS[l.reason], l.count]),
    ['Summary', 'Conversion rate (%)', csvNumber(funnel.conversionRate, { decimals: 2 })],
    ['Summary', 'Median days to admission', funnel.medianDaysToAdmission ?? ''],
    ...funnel.byMonth.flatMap((m) => [
      [`Month ${m.month}`, 'Enquiries', m.enquiries],
      [`Month ${m.month}`, 'Admitted', m.admitted],
    ]),
  ];
  return toCsv(FUNNEL_CSV_HEADER, rows);
}

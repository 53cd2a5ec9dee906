import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Funnel } from '@app/common/schemas/enquiries';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { enquiries } from '../../db/schema.ts';
import { createStaffMember } from '../staff/test-fixtures.ts';
import { FUNNEL_CSV_HEADER } from './funnel.ts';

// The funnel (docs/product-admissions-desk.md, "The funnel"): cumulative stage counts from the stamps,
// lost by reason, conversion with two decimals, the median days to admission, India's days, the scope, and
// the CSV.

let t: TestApp;
let kasba: Awaited<ReturnType<typeof createStaffMember>>;

const ist = (s: string) => new Date(`${s}+05:30`);
let n = 0;
const enquiry = (centreId: string, createdAt: string, stamps: Partial<typeof enquiries.$inferInsert> = {}) => ({
  name: `Funnel ${++n}`,
  phone: `91000${String(n).padStart(5, '0')}`,
  phoneDigits: `91000${String(n).padStart(5, '0')}`,
  centreId,
  source: 'walk_in' as const,
  createdAt: ist(createdAt),
  ...stamps,
});

beforeAll(async () => {
  t = await createTestApp();
  kasba = await createStaffMember(t, 'counsellor', { centres: ['kasba'] });
  await t.ctx.db.insert(enquiries).values([
    // 1 March, five past midnight in India: 28 February in UTC, still March's.
    enquiry('kasba', '2025-03-01T00:05:00'),
    enquiry('kasba', '2025-03-02T10:00:00', { stage: 'contacted', contactedAt: ist('2025-03-02T12:00:00') }),
    // Straight to visited at the desk: counts as contacted and counselled too.
    enquiry('dumdum', '2025-03-03T10:00:00', { stage: 'visited', visitedAt: ist('2025-03-04T10:00:00'), source: 'phone' }),
    // Admitted after 4 days (applied and admitted stamped, the rest skipped).
    enquiry('kasba', '2025-03-05T23:00:00', {
      stage: 'admitted',
      appliedAt: ist('2025-03-07T10:00:00'),
      admittedAt: ist('2025-03-09T09:00:00'),
    }),
    // Admitted after 10 days.
    enquiry('dumdum', '2025-03-10T10:00:00', { stage: 'admitted', admittedAt: ist('2025-03-20T18:00:00') }),
    // Lost after being contacted, for the fees; lost straight from new, unreachable.
    enquiry('dumdum', '2025-03-11T10:00:00', {
      stage: 'lost',
      lostReason: 'fees',
      contactedAt: ist('2025-03-12T10:00:00'),
      lostAt: ist('2025-03-15T10:00:00'),
    }),
    enquiry('dumdum', '2025-03-31T23:59:00', { stage: 'lost', lostReason: 'unreachable', lostAt: ist('2025-04-02T10:00:00') }),
    // 1 April in India (31 March in UTC): outside March.
    enquiry('kasba', '2025-04-01T00:10:00', { stage: 'admitted', admittedAt: ist('2025-04-02T10:00:00') }),
  ]);
}, 60_000);
afterAll(() => t?.close());

const funnel = async (query: string, client = t.admin) => {
  const res = await client.get(`/api/enquiries/funnel?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Funnel;
};
const counts = (f: Funnel) => Object.fromEntries(f.stages.map((s) => [s.stage, s.count]));
const lost = (f: Funnel) => Object.fromEntries(f.lost.filter((l) => l.count > 0).map((l) => [l.reason, l.count]));

describe('GET /api/enquiries/funnel', () => {
  it('counts every enquiry at each stage up to the furthest it reached, in India’s days', async () => {
    const f = await funnel('from=2025-03-01&to=2025-03-31');
    expect(counts(f)).toEqual({ new: 7, contacted: 5, counselling_booked: 3, visited: 3, applied: 2, admitted: 2 });
    expect(lost(f)).toEqual({ fees: 1, unreachable: 1 });
    // 2 of 7: 28.571... to two decimals.
    expect(f.conversionRate).toBe(28.57);
    // 4 and 10 calendar days: the median is 7.
    expect(f.medianDaysToAdmission).toBe(7);
    expect(f.byMonth).toEqual([{ month: '2025-03', enquiries: 7, admitted: 2 }]);
    expect(f).toMatchObject({ from: '2025-03-01', to: '2025-03-31' });
  });

  it('filters by centre, source and owner; a Kasba counsellor sees Kasba’s only', async () => {
    const k = await funnel('from=2025-03-01&to=2025-03-31', kasba.client);
    expect(counts(k)).toEqual({ new: 3, contacted: 2, counselling_booked: 1, visited: 1, applied: 1, admitted: 1 });
    expect(k.conversionRate).toBe(33.33);
    expect(k.medianDaysToAdmission).toBe(4);
    expect(counts(await funnel('from=2025-03-01&to=2025-03-31&centre=kasba'))).toEqual(counts(k));
    expect(counts(await funnel('from=2025-03-01&to=2025-03-31&centre=dumdum', kasba.client)).new).toBe(0);
    expect(counts(await funnel('from=2025-03-01&to=2025-03-31&source=phone')).visited).toBe(1);
    expect(counts(await funnel(`from=2025-03-01&to=2025-03-31&owner=${kasba.id}`)).new).toBe(0);
    const april = await funnel('from=2025-04-01&to=2025-04-30');
    expect(april).toMatchObject({
      conversionRate: 100,
      medianDaysToAdmission: 1,
      byMonth: [{ month: '2025-04', enquiries: 1, admitted: 1 }],
    });
  });

  it('an empty period is zeros, a conversion of 0 and no median', async () => {
    const f = await funnel('from=2020-01-01&to=2020-01-31');
    expect(f.stages.every((s) => s.count === 0)).toBe(true);
    expect(f).toMatchObject({ conversionRate: 0, medianDaysToAdmission: null, byMonth: [] });
  });

  it('refuses bad dates with 400', async () => {
    for (const q of [
      '',
      'from=2025-03-01',
      'from=2025-02-30&to=2025-03-31',
      'from=march&to=april',
      'from=2025-03-31&to=2025-03-01',
      'from=2025-03-01&to=2025-03-31&centre=mars',
    ]) {
      const res = await t.admin.get(`/api/enquiries/funnel?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect((await t.admin.get(`/api/enquiries/funnel.csv?${q}`)).statusCode, q).toBe(400);
    }
  });
});

describe('GET /api/enquiries/funnel.csv', () => {
  it('is UTF-8 with a byte-order mark, a header row and the same figures', async () => {
    const res = await t.admin.get('/api/enquiries/funnel.csv?from=2025-03-01&to=2025-03-31&centre=dumdum');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment; filename="enquiry-funnel-2025-03-01-to-2025-03-31.csv"');
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe(FUNNEL_CSV_HEADER.join(','));
    expect(lines[0]).toBe('Section,Item,Value');
    expect(lines).toContain('Filter,Centre,Dumdum Centre');
    expect(lines).toContain('Reached stage,New,4');
    expect(lines).toContain('Reached stage,Contacted,3');
    expect(lines).toContain('Reached stage,Admitted,1');
    expect(lines).toContain('Lost,Fees,1');
    expect(lines).toContain('Summary,Conversion rate (%),25.00');
    expect(lines).toContain('Summary,Median days to admission,10');
    expect(lines).toContain('Month 2025-03,Enquiries,4');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NLU_MSG, type NluImportResult, type NluPrediction } from '@app/common/schemas/nlu';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { enquiries, enquiryActivities, nluCutoffs } from '../../db/schema.ts';
import { createStaffMember } from '../staff/test-fixtures.ts';

// The NLU counselling helper's API (docs/product-admissions-desk.md, "NLU counselling helper"): the
// cut-off import (checks, dry run, replacing a round whole), who may manage it, the predictor's rule on
// what was imported, the source line, and the call-back that joins the desk.

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.tokenFor('admin@test.local', 'Admin-Password-1');
}, 60_000);
afterAll(() => t?.close());

const HEADER = 'year,round,nlu,category,quota,closingRank';
const csv = (...lines: string[]) => Buffer.from([HEADER, ...lines].join('\r\n'));

function upload(file: Buffer, query = '', token: string | null = adminToken, filename = 'cutoffs.csv') {
  const boundary = '----nlu-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return t.inject({
    method: 'POST',
    url: `/api/nlu/cutoffs/import${query}`,
    payload,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const predict = async (query: string) => {
  const res = await t.visitor.get(`/api/nlu/predict?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NluPrediction[];
};

describe('before any cut-off is entered', () => {
  it('the predictor answers [] and the source says no data was entered: nothing invented', async () => {
    expect(await predict('rank=100&category=General')).toEqual([]);
    const source = await t.visitor.get('/api/nlu/source');
    expect(source.statusCode).toBe(200);
    expect(source.json()).toEqual({ years: [], rounds: [], sample: false, note: NLU_MSG.noData });
  });
});

describe('POST /api/nlu/cutoffs/import', () => {
  it('a dry run names every bad row by its number and column, and changes nothing', async () => {
    const res = await upload(
      csv(
        '2025,Round 1,NLSIU Bengaluru,general,all india,110',
        '',
        '1999,Round 1,NALSAR Hyderabad,General,All India,190',
        '2025,Round 1,NALSAR Hyderabad,NRI,All India,190',
        '2025,Round 1,NALSAR Hyderabad,General,Atlantis domicile,0',
        '2025,Round 1,NLSIU Bengaluru,General,All India,120',
        '2025,,,SC,All India,abc',
      ),
      '?dryRun=true',
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as NluImportResult;
    expect(body).toMatchObject({
      dryRun: true,
      imported: 0,
      ok: 1,
      errors: 5,
      rounds: [{ year: 2025, round: 'Round 1', rows: 1, replaces: 0 }],
    });
    const byRow = Object.fromEntries(body.rows.map((r) => [r.row, r]));
    expect(byRow[2]).toEqual({ row: 2, status: 'ok', message: NLU_MSG.ready });
    expect(byRow[3]).toBeUndefined(); // a blank line is skipped, and keeps its place in the numbering
    expect(byRow[4].message).toBe(`year: ${NLU_MSG.year}`);
    expect(byRow[5].message).toBe(`category: ${NLU_MSG.category}`);
    expect(byRow[6].message).toBe(`quota: ${NLU_MSG.quota}; closingRank: ${NLU_MSG.closingRank}`);
    expect(byRow[7].message).toBe(NLU_MSG.duplicate(2));
    expect(byRow[8].message).toBe(`round: ${NLU_MSG.round}; nlu: ${NLU_MSG.nlu}; closingRank: ${NLU_MSG.closingRank}`);
    expect(await t.ctx.db.select().from(nluCutoffs)).toHaveLength(0);
  });

  it('the import refuses a file with a bad row whole (400 naming each row), and imports nothing', async () => {
    const res = await upload(csv('2025,Round 1,NLSIU Bengaluru,General,All India,110', '2025,Round 1,NLU Jodhpur,General,All India,-3'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NLU_MSG.rowsHaveErrors(1));
    expect(res.json().fields).toEqual({ file: NLU_MSG.rowsHaveErrors(1), 'row 3': `closingRank: ${NLU_MSG.closingRank}` });
    expect(await t.ctx.db.select().from(nluCutoffs)).toHaveLength(0);
  });

  it('refuses files that are not a cut-off CSV with a 400 naming the file', async () => {
    const cases: [Buffer, string, string][] = [
      [Buffer.from('year,round,nlu\n2025,Round 1,X\n'), 'a.csv', NLU_MSG.missingColumns(['category', 'quota', 'closingRank'])],
      [Buffer.from(`${HEADER}\n\n`), 'a.csv', NLU_MSG.empty],
      [Buffer.from('a,"b\n'), 'a.csv', NLU_MSG.unreadable],
      [Buffer.from('PK\u0003\u0004'), 'a.xlsx', NLU_MSG.badType],
    ];
    for (const [file, name, message] of cases) {
      const res = await upload(file, '', adminToken, name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().fields?.file, message).toBe(message);
    }
    const none = await t.admin.post('/api/nlu/cutoffs/import', { file: 'x' });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.file).toBe(NLU_MSG.noFile);
  });

  it('refuses a file over the size limit before reading it (413)', async () => {
    const big = Buffer.concat([csv('2025,Round 1,X,General,All India,1'), Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(NLU_MSG.tooLarge);
  });

  it('imports, and a second file replaces each (year, round) it holds whole, leaving the others', async () => {
    const first = await upload(
      csv(
        '2024,Round 5,NLSIU Bengaluru,General,All India,100',
        '2025,Round 1,NLSIU Bengaluru,General,All India,110',
        '2025,Round 1,NLU Jodhpur,General,All India,640',
        '2025,Round 1,NLU Jodhpur,SC,All India,5800',
      ),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ dryRun: false, imported: 4, errors: 0 });

    const dry = await upload(csv('2025,Round 1,NLSIU Bengaluru,General,All India,115'), '?dryRun=true');
    expect(dry.json().rounds).toEqual([{ year: 2025, round: 'Round 1', rows: 1, replaces: 3 }]);

    const second = await upload(
      csv(
        '2025,Round 1,NLSIU Bengaluru,General,All India,115',
        '2025,Round 2,NLSIU Bengaluru,General,All India,"1,25"',
        '2025,Round 2,WBNUJS Kolkata,General,All India,420',
        '2025,Round 2,WBNUJS Kolkata,General,West Bengal,1500',
        '2025,Round 2,NLU Jodhpur,SC,All India,6100',
      ),
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().rounds).toEqual([
      { year: 2025, round: 'Round 1', rows: 1, replaces: 3 },
      { year: 2025, round: 'Round 2', rows: 4, replaces: 0 },
    ]);
    const list = await t.admin.get('/api/nlu/cutoffs?year=2025&round=Round 1');
    expect(list.statusCode, list.body).toBe(200);
    // Jodhpur's Round 1 rows went with the round the file replaced.
    expect(list.json().cutoffs).toEqual([
      { year: 2025, round: 'Round 1', nlu: 'NLSIU Bengaluru', category: 'General', quota: 'All India', closingRank: 115 },
    ]);
    expect(list.json().rounds).toEqual([
      { year: 2025, round: 'Round 1', rows: 1 },
      { year: 2025, round: 'Round 2', rows: 4 },
      { year: 2024, round: 'Round 5', rows: 1 },
    ]);
    const all = await t.admin.get('/api/nlu/cutoffs');
    expect(all.json().cutoffs).toHaveLength(6);
    expect((await t.admin.get('/api/nlu/cutoffs?year=19')).statusCode).toBe(400);
  });
});

describe('GET /api/nlu/predict: the rule on the imported cut-offs', () => {
  it("each NLU's latest year and last round, the visitor's category, likely / borderline / unlikely", async () => {
    // NLSIU: 2025 Round 2, 125; WBNUJS: Round 2, 420 (All India); Jodhpur has no General row in Round 2.
    expect(await predict('rank=110&category=general')).toEqual([
      { nlu: 'NLSIU Bengaluru', closingRank: 125, year: 2025, round: 'Round 2', quota: 'All India', chance: 'likely' },
      { nlu: 'WBNUJS Kolkata', closingRank: 420, year: 2025, round: 'Round 2', quota: 'All India', chance: 'likely' },
    ]);
    expect((await predict('rank=130&category=General')).map((p) => p.chance)).toEqual(['likely', 'borderline']);
    expect((await predict('rank=450&category=General')).map((p) => `${p.nlu} ${p.chance}`)).toEqual([
      'WBNUJS Kolkata borderline',
      'NLSIU Bengaluru unlikely',
    ]);
    expect(await predict('rank=5000&category=SC')).toEqual([
      { nlu: 'NLU Jodhpur', closingRank: 6100, year: 2025, round: 'Round 2', quota: 'All India', chance: 'likely' },
    ]);
  });

  it('a West Bengal domicile adds NUJS’s domicile quota, the better of the two', async () => {
    const [nujs] = await predict('rank=1000&category=General&domicile=west%20bengal');
    expect(nujs).toEqual({
      nlu: 'WBNUJS Kolkata',
      closingRank: 1500,
      year: 2025,
      round: 'Round 2',
      quota: 'West Bengal domicile',
      chance: 'likely',
    });
    const other = await predict('rank=1000&category=General&domicile=Odisha');
    expect(other.find((p) => p.nlu === 'WBNUJS Kolkata')?.quota).toBe('All India');
  });

  it('bad questions are 400 with a message per field', async () => {
    const res = await t.visitor.get('/api/nlu/predict?rank=0&category=NRI&domicile=Atlantis');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['category', 'domicile', 'rank']);
    expect((await t.visitor.get('/api/nlu/predict')).statusCode).toBe(400);
    expect((await t.visitor.get('/api/nlu/predict?rank=abc&category=SC')).statusCode).toBe(400);
  });

  it('the source names the years and rounds entered', async () => {
    const source = (await t.visitor.get('/api/nlu/source')).json();
    expect(source.years).toEqual([2025, 2024]);
    expect(source.sample).toBe(false);
    expect(source.note).toContain('CLAT 2025 (Round 1, Round 2); earlier: 2024.');
    expect(source.note).not.toContain(NLU_MSG.sampleData);
  });
});

describe('DELETE /api/nlu/cutoffs', () => {
  it('deletes one round of one year; an unknown one is 404, a missing parameter 400', async () => {
    const res = await t.admin.delete('/api/nlu/cutoffs?year=2024&round=Round%205');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 1, message: NLU_MSG.deleted(1) });
    expect((await t.admin.delete('/api/nlu/cutoffs?year=2024&round=Round%205')).statusCode).toBe(404);
    const bad = await t.admin.delete('/api/nlu/cutoffs?year=2024');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.round).toBe(NLU_MSG.round);
    expect((await t.admin.delete('/api/nlu/cutoffs')).statusCode).toBe(400);
  });
});

describe('who may manage the cut-offs', () => {
  it('admins only: 403 for other staff and students, 401 for a visitor; the predictor is open', async () => {
    const counsellor = await createStaffMember(t, 'counsellor', { centres: ['kasba'] });
    const manager = await createStaffMember(t, 'centre_manager', { centres: ['kasba'] });
    const student = await t.createStudent();
    for (const client of [counsellor.client, manager.client, student.client]) {
      expect((await client.get('/api/nlu/cutoffs')).statusCode).toBe(403);
      expect((await client.delete('/api/nlu/cutoffs?year=2025&round=Round%201')).statusCode).toBe(403);
      expect((await client.get('/api/nlu/predict?rank=10&category=General')).statusCode).toBe(200);
    }
    const token = await t.tokenFor(student.email, 'Student-Pass-9');
    expect((await upload(csv('2025,Round 9,X,General,All India,1'), '', token)).statusCode).toBe(403);
    expect((await upload(csv('2025,Round 9,X,General,All India,1'), '', null)).statusCode).toBe(401);
    expect((await t.visitor.get('/api/nlu/cutoffs')).statusCode).toBe(401);
    expect((await t.visitor.delete('/api/nlu/cutoffs?year=2025&round=Round%201')).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(nluCutoffs).where(eq(nluCutoffs.round, 'Round 9'))).toHaveLength(0);
  });
});

describe('POST /api/public/nlu/call-back', () => {
  it('creates an nlu_helper enquiry, merges a second ask by phone, and answers the same 201 both times', async () => {
    const phone = '9830077001';
    const first = await t.visitor.post('/api/public/nlu/call-back', { name: 'Tanvi Roy', phone, rank: '850', category: 'obc' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ message: NLU_MSG.callBackSaved });
    const rows = await t.ctx.db.select().from(enquiries).where(eq(enquiries.phoneDigits, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Tanvi Roy', source: 'nlu_helper', stage: 'new', ownerId: null });
    expect(rows[0].message).toBe('Asked for a call back from the NLU helper (CLAT rank 850, category OBC-NCL).');

    const again = await t.visitor.post('/api/public/nlu/call-back', {
      name: 'Tanvi Roy',
      phone: '+91 98300 77001',
      email: 'tanvi@example.com',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const after = await t.ctx.db.select().from(enquiries).where(eq(enquiries.phoneDigits, phone));
    expect(after).toHaveLength(1);
    expect(after[0].email).toBe('tanvi@example.com');
    const kinds = await t.ctx.db
      .select({ kind: enquiryActivities.kind })
      .from(enquiryActivities)
      .where(eq(enquiryActivities.enquiryId, rows[0].id));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['created', 'merged']);

    const listed = await t.admin.get('/api/enquiries?source=nlu_helper');
    expect(listed.json().enquiries.map((e: { phone: string }) => e.phone)).toEqual([phone]);
  });

  it('bad input is 400 with a message per field and records nothing', async () => {
    const res = await t.visitor.post('/api/public/nlu/call-back', { name: '', phone: '123', rank: '-1', category: 'x' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['category', 'name', 'phone', 'rank']);
  });
});

describe('the sample data the demo seeds', () => {
  it('is labelled as sample on the source line', async () => {
    const demo = await createTestApp({ SEED_DEMO: 'true' });
    try {
      const source = (await demo.visitor.get('/api/nlu/source')).json();
      expect(source.sample).toBe(true);
      expect(source.rounds).toEqual([{ year: 2025, round: 'Sample round' }]);
      expect(source.note).toContain(NLU_MSG.sampleData);
      const answer = (
        await demo.visitor.get('/api/nlu/predict?rank=300&category=General&domicile=West%20Bengal')
      ).json() as NluPrediction[];
      expect(answer.length).toBe(12);
      expect(answer.find((p) => p.nlu === 'WBNUJS Kolkata')).toMatchObject({ quota: 'West Bengal domicile', chance: 'likely' });
    } finally {
      await demo.close();
    }
  }, 120_000);
});

describe('the counselling calendar', () => {
  it('the admin replaces the whole list; anyone reads it by date', async () => {
    expect((await t.visitor.get('/api/nlu/calendar')).json()).toEqual({ entries: [] });
    const entries = [
      { date: '2026-12-20', round: 'Round 1', what: 'Seat allotment list published' },
      { date: '2026-12-12', round: 'Registration', what: 'Counselling registration opens' },
    ];
    const put = await t.admin.put('/api/nlu/calendar', { entries });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().entries.map((e: { date: string }) => e.date)).toEqual(['2026-12-12', '2026-12-20']);
    const again = await t.admin.put('/api/nlu/calendar', { entries: [entries[0]] });
    expect(again.json()).toEqual({ entries: [entries[0]] });
    expect((await t.visitor.get('/api/nlu/calendar')).json()).toEqual({ entries: [entries[0]] });
  });

  it('bad entries are 400 naming the field and change nothing; only an admin may replace it', async () => {
    const bad = await t.admin.put('/api/nlu/calendar', { entries: [{ date: '2026-02-30', round: '', what: 'x' }] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['entries.0.date', 'entries.0.round']);
    expect((await t.visitor.get('/api/nlu/calendar')).json().entries).toHaveLength(1);
    const counsellor = await createStaffMember(t, 'counsellor', { centres: ['dumdum'] });
    expect((await counsellor.client.put('/api/nlu/calendar', { entries: [] })).statusCode).toBe(403);
    expect((await t.visitor.put('/api/nlu/calendar', { entries: [] })).statusCode).toBe(401);
    expect((await t.admin.put('/api/nlu/calendar', { entries: [] })).json()).toEqual({ entries: [] });
  });
});

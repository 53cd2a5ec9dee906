import { eq } from 'drizzle-orm';
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { centres } from '../../db/schema.ts';
import { createRankedExam, type PaperJson, publish, sit } from './test-fixtures.ts';

let t: TestApp;
let exam: PaperJson;
beforeAll(async () => {
  t = await createTestApp();
  exam = await createRankedExam(t, { title: 'Merit Mock', tieBreakSection: 'Legal Reasoning' });
  await sit(t, exam, '--rr', { firstName: 'Esha', lastName: 'English', centreId: 'dumdum' }); // 2, LR 0
  await sit(t, exam, 'rr--', { firstName: 'Lata', lastName: 'Legal', centreId: 'dumdum' }); // 2, LR 2
  await sit(t, exam, 'rrrr', { firstName: '=Topper', lastName: 'One', centreId: 'kasba' }); // 4
  await sit(t, exam, 'wwww', { firstName: 'Last', lastName: 'Placed', centreId: 'kasba' }); // -1
  await publish(t, exam._id);
});
afterAll(async () => t?.close());

describe('merit list', () => {
  it('lists every candidate in rank order with percentile and section scores', async () => {
    const res = await t.admin.get(`/api/exams/${exam._id}/merit-list`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.candidates).toBe(4);
    expect(body.rows.map((r: { rank: number; name: string }) => `${r.rank} ${r.name}`)).toEqual([
      '1 =Topper One',
      '2 Lata Legal',
      '3 Esha English',
      '4 Last Placed',
    ]);
    expect(body.rows[1]).toMatchObject({
      marksObtained: 2,
      percentile: 33.33,
      registrationNumber: expect.any(String),
      centre: expect.any(String),
    });
    expect(body.rows[1].sections).toEqual([
      { title: 'Legal Reasoning', score: 2 },
      { title: 'English', score: 0 },
    ]);
  });

  it('filters by centre, keeping the overall ranks', async () => {
    const body = (await t.admin.get(`/api/exams/${exam._id}/merit-list?centre=dumdum`)).json();
    expect(body.rows.map((r: { rank: number }) => r.rank)).toEqual([2, 3]);
    expect(body.centres.map((c: { id: string }) => c.id).sort()).toEqual(['dumdum', 'kasba']);
  });

  it('downloads a CSV with its columns, formula cells guarded, negative marks as numbers, in UTF-8 with its byte-order mark', async () => {
    const res = await t.admin.get(`/api/exams/${exam._id}/merit-list?format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('merit-list-merit-mock.csv');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Rank,Name,Registration number,Centre,Marks,Percentile,Legal Reasoning,English');
    expect(lines[1]).toMatch(/^1,'=Topper One,REG-TEST-\w+,[^,]+,4\.00,100\.00,2\.00,2\.00$/);
    // Four wrong answers at −0.25 each: numbers, not texts with a quote in front.
    expect(lines[4]).toMatch(/^4,Last Placed,REG-TEST-\w+,[^,]+,-1\.00,0\.00,-0\.50,-0\.50$/);
    expect(lines).toHaveLength(5);
  });

  it('downloads a PDF that a PDF parser opens', async () => {
    const res = await t.admin.get(`/api/exams/${exam._id}/merit-list?format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Merit list: Merit Mock');
    expect(text).toContain('Lata Legal');
  });

  it('wraps long section headings and centre names within their columns, never cutting them', async () => {
    const clat = [
      'English Language',
      'Current Affairs, including General Knowledge',
      'Legal Reasoning',
      'Logical Reasoning',
      'Quantitative Techniques',
    ];
    const mcq = { type: 'mcq', question: 'Q', options: ['right', 'wrong'], correctAnswer: 0, marks: 1, explanation: 'E' };
    const paper = await createRankedExam(t, {
      title: 'CLAT Full Mock',
      totalMarks: 5,
      sections: clat.map((title) => ({ title, questions: [mcq] })),
    });
    const long = 'Shrirampur Centre (G. T. Road, opposite the Serampore College gate)';
    await t.ctx.db.update(centres).set({ name: long }).where(eq(centres.id, 'shrirampur'));
    await sit(t, paper, 'rrrrr', { firstName: 'Rupa', lastName: 'Bhattacharya-Chattopadhyay', centreId: 'shrirampur' });
    const res = await t.admin.get(`/api/exams/${paper._id}/merit-list?format=pdf`);
    expect(res.statusCode).toBe(200);
    // Each wrapped line is one text object; read in order, the lines of one cell give it whole.
    const text = pdfText(res.rawPayload).split('\n').join(' ');
    for (const heading of clat) expect(text).toContain(heading);
    expect(text).toContain(long);
    expect(text).toContain('Rupa Bhattacharya-Chattopadhyay');
    expect(text).not.toContain('...');
  });

  it('refuses a student, an unknown format and an unknown exam', async () => {
    const s = await t.createStudent();
    expect((await s.client.get(`/api/exams/${exam._id}/merit-list`)).statusCode).toBe(403);
    expect((await t.admin.get(`/api/exams/${exam._id}/merit-list?format=xls`)).statusCode).toBe(400);
    expect((await t.admin.get('/api/exams/00000000-0000-4000-8000-000000000000/merit-list')).statusCode).toBe(404);
  });
});

describe('item analysis', () => {
  it('gives share correct, option counts and the discrimination index per question', async () => {
    const res = await t.admin.get(`/api/exams/${exam._id}/item-analysis`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.candidates).toBe(4);
    // LR1: right for Topper and Lata, wrong for Last, left by Esha. Top 27 % of 4 = 1 (Topper), bottom = Last.
    expect(body.questions[0]).toMatchObject({
      number: 1,
      percentCorrect: 50,
      optionCounts: [2, 1],
      unattempted: 1,
      discrimination: 1,
      likelyKeyError: false,
    });
  });

  it('flags a question most strong candidates answered with another option', async () => {
    const keyed = await createRankedExam(t, { title: 'Wrong key' });
    // Everyone strong picks option 1 on EN2 (the key says 0).
    for (const p of ['rrrw', 'rrrw', 'rr-w', 'w---']) await sit(t, keyed, p);
    const body = (await t.admin.get(`/api/exams/${keyed._id}/item-analysis`)).json();
    expect(body.questions[3].likelyKeyError).toBe(true);
    expect(body.questions[0].likelyKeyError).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admitted, GSTIN, istToday, payAtCounter, setGstin } from '../src/modules/invoices/test-fixtures.ts';
import { createRankedExam, publish, sit } from '../src/modules/analysis/test-fixtures.ts';
import { courseWithBatches, samplePdf, uploadPdf } from '../src/modules/materials/test-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { popplerText } from './poppler-text.ts';

// Every PDF the product makes prints a Bengali and a Hindi name in its own script, and a reader copies
// the name as it was written (docs/product-invoices.md, "Fonts"): read back with poppler's pdftotext,
// not with our own parser, so that what passes is what a reader gives.

const NAMES = [
  { firstName: 'অর্পিতা', lastName: 'সেন' },
  { firstName: 'अर्पिता', lastName: 'शर्मा' },
] as const;
const full = (n: { firstName: string; lastName: string }) => `${n.firstName} ${n.lastName}`;
/** pdftotext's text with each run of white space as one space. */
const read = (pdf: Uint8Array) => popplerText(pdf).replace(/\s+/g, ' ');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

describe('names in Bengali and Devanagari read back as written', () => {
  it('on a receipt', async () => {
    await setGstin(t, null);
    for (const name of NAMES) {
      const s = await admitted(t, 'Kolkata 700016', name);
      const p = await payAtCounter(t, s.id, 1000);
      const res = await s.client.get(`/api/payments/${p._id}/receipt`);
      expect(res.statusCode).toBe(200);
      const text = read(res.rawPayload);
      expect(text).toContain('Receipt');
      expect(text).toContain(full(name));
    }
  });

  it('on a tax invoice and its credit note', async () => {
    await setGstin(t, GSTIN);
    for (const name of NAMES) {
      const s = await admitted(t, 'Kolkata 700016', name);
      const p = await payAtCounter(t, s.id, 11_800);
      const invoice = read((await s.client.get(`/api/payments/${p._id}/receipt`)).rawPayload);
      expect(invoice).toContain('Tax Invoice');
      expect(invoice).toContain(full(name));
      expect((await t.admin.post(`/api/payments/${p._id}/refund`, { amount: 5900 })).statusCode).toBe(200);
      const [note] = (await t.admin.get(`/api/payments/${p._id}`)).json().creditNotes;
      const res = await s.client.get(`/api/payments/${p._id}/credit-notes/${note._id}`);
      expect(res.statusCode).toBe(200);
      const text = read(res.rawPayload);
      expect(text).toContain('Credit Note');
      expect(text).toContain(full(name));
    }
    await setGstin(t, null);
  });

  it('in the collection report', async () => {
    for (const name of NAMES) await payAtCounter(t, (await admitted(t, 'Kolkata 700016', name)).id, 500);
    const day = istToday();
    const res = await t.admin.get(`/api/payments/collections?from=${day}&to=${day}&format=pdf`);
    expect(res.statusCode).toBe(200);
    const text = read(res.rawPayload);
    for (const name of NAMES) expect(text).toContain(full(name));
  });

  it('in the merit list', async () => {
    const exam = await createRankedExam(t, { title: 'Names Mock' });
    await sit(t, exam, 'rrrr', NAMES[0]);
    await sit(t, exam, 'rrw-', NAMES[1]);
    await publish(t, exam._id);
    const res = await t.admin.get(`/api/exams/${exam._id}/merit-list?format=pdf`);
    expect(res.statusCode).toBe(200);
    const text = read(res.rawPayload);
    for (const name of NAMES) expect(text).toContain(full(name));
    expect(text).not.toContain('?');
  });

  it('in the stamp on every page of a downloaded study material', async () => {
    const { batchA } = await courseWithBatches(t);
    const data = await samplePdf('Torts notes', [['Negligence'], ['Nuisance']]);
    const up = await uploadPdf(
      t,
      { title: 'Torts notes', description: '', subject: 'Torts', courses: '[]', batches: JSON.stringify([batchA]) },
      { data },
    );
    expect(up.statusCode, up.body).toBe(201);
    for (const [i, name] of NAMES.entries()) {
      const reg = `LCI-2026-0090${i}`;
      const s = await t.createStudent({ ...name, batchId: batchA, registrationNumber: reg });
      const res = await s.client.get(`/api/materials/${up.json()._id}/download`);
      expect(res.statusCode).toBe(200);
      const pages = popplerText(res.rawPayload)
        .split('\f')
        .filter((p) => p.trim());
      expect(pages).toHaveLength(2);
      for (const page of pages) expect(page.replace(/\s+/g, ' ')).toContain(`Downloaded by ${full(name)} (${reg})`);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { invoices, mailOutbox } from '../../db/schema.ts';
import { financialYear } from '@app/common/rules/dates';
import { admitted, courseOf, GSTIN, invoiceOf, istToday, payAtCounter, SETTINGS, setGstin } from './test-fixtures.ts';

// Tax invoices, receipts and credit notes (docs/product-invoices.md): the series, the GST, the PDF's text.
// The arithmetic alone is in tax.test.ts.

let t: TestApp;
let course: { _id: string; name: string; price: number };
beforeAll(async () => {
  t = await createTestApp();
  course = await courseOf(t);
}, 120_000);
afterAll(() => t?.close());

describe('without a GSTIN', () => {
  it('a payment gets a receipt: "Receipt", ₹ and no tax lines, and no invoice', async () => {
    await setGstin(t, null);
    const s = await admitted(t, '14 Park Street, Kolkata 700016');
    const p = await payAtCounter(t, s.id, 22_500);
    expect(await invoiceOf(t, p._id)).toBeUndefined();
    const res = await s.client.get(`/api/payments/${p._id}/receipt`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`receipt-${p.receiptNumber}.pdf`);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Receipt');
    expect(text).toContain('₹22,500.00');
    expect(text).toContain('Rupees Twenty-Two Thousand Five Hundred Only');
    expect(text).toContain('14 Park Street, Kolkata 700016');
    expect(text).toContain('UPI at the centre');
    expect(text).toContain('UPI-778899');
    for (const absent of ['Tax Invoice', 'GSTIN', 'CGST', 'SGST', 'IGST', 'SAC', 'INR']) expect(text).not.toContain(absent);
  });
});

describe('with a GSTIN', () => {
  it('a payment within the state gets a tax invoice with CGST and SGST, the SAC and the amount in words', async () => {
    await setGstin(t, GSTIN);
    const s = await admitted(t, '14 Park Street, Kolkata 700016');
    const p = await payAtCounter(t, s.id, 22_500);
    const inv = await invoiceOf(t, p._id);
    expect(inv.number).toMatch(new RegExp(`^LCI/${financialYear(new Date())}/\\d{6}$`));
    expect(inv).toMatchObject({
      taxablePaise: 1_906_780,
      cgstPaise: 171_610,
      sgstPaise: 171_610,
      igstPaise: 0,
      placeOfSupply: '19',
      sac: '999293',
    });
    const res = await s.client.get(`/api/payments/${p._id}/receipt`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`invoice-${inv.number.replaceAll('/', '-')}.pdf`);
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Tax Invoice',
      `GSTIN: ${GSTIN}`,
      'CGST @ 9%',
      'SGST @ 9%',
      '999293',
      '₹19,067.80',
      '₹1,716.10',
      '₹22,500.00',
      'Rupees Twenty-Two Thousand Five Hundred Only',
      inv.number,
      p.receiptNumber,
      'West Bengal (19)',
      SETTINGS.address,
      '14 Park Street, Kolkata 700016',
      `${s.firstName} ${s.lastName}`,
      'UPI-778899',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('IGST');
    // The admin reads the same document.
    expect(pdfText((await t.admin.get(`/api/payments/${p._id}/receipt`)).rawPayload)).toContain(inv.number);
  });

  it('a student in another state is charged IGST', async () => {
    const s = await admitted(t, 'Boring Road, Patna, Bihar 800001');
    const p = await payAtCounter(t, s.id, 29_500);
    const inv = await invoiceOf(t, p._id);
    expect(inv).toMatchObject({ taxablePaise: 2_500_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 450_000, placeOfSupply: '10' });
    const text = pdfText((await s.client.get(`/api/payments/${p._id}/receipt`)).rawPayload);
    expect(text).toContain('IGST @ 18%');
    expect(text).toContain('Bihar (10)');
    expect(text).toContain('Rupees Twenty-Nine Thousand Five Hundred Only');
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
  });

  it('names in Bengali and Devanagari are printed in their own script', async () => {
    // Names without a vowel sign drawn before its consonant, which text extraction gives in visual order.
    const s = await admitted(t, 'সল্টলেক, কলকাতা 700091', { firstName: 'রাহুল', lastName: 'राहुल' });
    const p = await payAtCounter(t, s.id, 1000);
    const text = pdfText((await s.client.get(`/api/payments/${p._id}/receipt`)).rawPayload);
    expect(text).toContain('রাহুল');
    expect(text).toContain('राहुल');
    expect(text).toContain('700091');
    expect(text).not.toContain('\uFFFD');
  });

  it('keeps the invoice as issued when the settings change later', async () => {
    const s = await admitted(t, 'Kolkata 700016');
    const p = await payAtCounter(t, s.id, 5000);
    const before = await invoiceOf(t, p._id);
    const res = await t.admin.put('/api/settings/institute', { ...SETTINGS, gstRate: 5, address: 'Somewhere else, Kolkata 700001' });
    expect(res.statusCode).toBe(200);
    const text = pdfText((await s.client.get(`/api/payments/${p._id}/receipt`)).rawPayload);
    expect(text).toContain('CGST @ 9%');
    expect(text).toContain(SETTINGS.address);
    expect(await invoiceOf(t, p._id)).toEqual(before);
    await setGstin(t, GSTIN);
  });

  it('concurrent payments get consecutive invoice numbers: no gap, no duplicate', async () => {
    const fy = financialYear(new Date());
    const students = await Promise.all(Array.from({ length: 8 }, (_, i) => admitted(t, `Flat ${i}, Kolkata 700016`)));
    const before = await t.ctx.db.select({ seq: invoices.seq }).from(invoices).where(eq(invoices.kind, 'invoice'));
    const paid = await Promise.all(students.map((s) => payAtCounter(t, s.id, 1000)));
    const rows = await t.ctx.db.select().from(invoices).where(eq(invoices.kind, 'invoice'));
    expect(rows.filter((r) => paid.some((p) => p._id === r.paymentId))).toHaveLength(8);
    const seqs = rows
      .filter((r) => r.financialYear === fy)
      .map((r) => r.seq)
      .sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: before.length + 8 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length);
  });

  it('gateway payments confirmed at the same moment get consecutive numbers too, and the checkout answer names none twice', async () => {
    const fy = financialYear(new Date());
    const students = await Promise.all(Array.from({ length: 6 }, (_, i) => admitted(t, `House ${i}, Kolkata 700016`)));
    const signed = await Promise.all(
      students.map(async (s) => {
        const o = (await s.client.post('/api/payments/orders', { courseId: course._id })).json();
        return { s, answer: (await s.client.post(o.checkout.url, { action: 'pay' })).json() };
      }),
    );
    const last = Math.max(
      0,
      ...(await t.ctx.db.select({ seq: invoices.seq }).from(invoices).where(eq(invoices.kind, 'invoice'))).map((r) => r.seq),
    );
    const verified = await Promise.all(signed.map(({ s, answer }) => s.client.post('/api/payments/verify', answer)));
    for (const v of verified) expect(v.statusCode, v.body).toBe(200);
    const ids = verified.map((v) => v.json().payment._id as string);
    const rows = (await t.ctx.db.select().from(invoices).where(eq(invoices.kind, 'invoice'))).filter((r) => ids.includes(r.paymentId));
    expect(rows.map((r) => r.seq).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6].map((n) => last + n));
    expect(rows.every((r) => r.financialYear === fy && r.totalPaise === 10_000_000)).toBe(true);
  });

  it('a refund issues a credit note against the invoice, downloadable by the student and the admin', async () => {
    const s = await admitted(t, 'Kolkata 700016');
    const p = await payAtCounter(t, s.id, 11_800);
    const inv = await invoiceOf(t, p._id);
    const refund = await t.admin.post(`/api/payments/${p._id}/refund`, { amount: 5900 });
    expect(refund.statusCode, refund.body).toBe(200);
    const detail = (await t.admin.get(`/api/payments/${p._id}`)).json();
    expect(detail.invoiceNumber).toBe(inv.number);
    expect(detail.creditNotes).toHaveLength(1);
    const note = detail.creditNotes[0];
    expect(note.number).toMatch(new RegExp(`^LCI/CN/${financialYear(new Date())}/\\d{6}$`));
    expect(note.amount).toBe(5900);
    const history = (await s.client.get('/api/payments/history')).json();
    const item = (history.payments ?? history).find((h: { _id: string }) => h._id === p._id);
    expect(item.creditNotes).toEqual([note]);

    const res = await s.client.get(`/api/payments/${p._id}/credit-notes/${note._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Credit Note',
      note.number,
      inv.number,
      `GSTIN: ${GSTIN}`,
      'CGST @ 9%',
      'SGST @ 9%',
      '₹5,000.00',
      '₹5,900.00',
      'Rupees Five Thousand Nine Hundred Only',
    ])
      expect(text).toContain(expected);
    expect((await t.admin.get(`/api/payments/${p._id}/credit-notes/${note._id}`)).statusCode).toBe(200);

    const other = await t.createStudent();
    expect((await other.client.get(`/api/payments/${p._id}/credit-notes/${note._id}`)).statusCode).toBe(403);
    expect((await t.visitor.get(`/api/payments/${p._id}/credit-notes/${note._id}`)).statusCode).toBe(401);
    expect((await s.client.get(`/api/payments/${p._id}/credit-notes/${randomUUID()}`)).statusCode).toBe(404);
    expect((await s.client.get(`/api/payments/${p._id}/credit-notes/${inv.id}`)).statusCode).toBe(404);
    expect((await s.client.get(`/api/payments/${p._id}/credit-notes/nope`)).statusCode).toBe(404);
  });

  it('a bounced cheque issues a credit note for the whole amount', async () => {
    const s = await admitted(t, 'Kolkata 700016');
    const res = await t.admin.post('/api/payments/counter', {
      studentId: s.id,
      amount: 2000,
      method: 'cheque',
      reference: 'CHQ-1',
      receivedAt: istToday(),
      centre: 'kasba',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json()._id;
    expect((await t.admin.post(`/api/payments/${id}/bounce`, { reason: 'Insufficient funds' })).statusCode).toBe(200);
    const notes = (await t.ctx.db.select().from(invoices).where(eq(invoices.paymentId, id))).filter((r) => r.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ totalPaise: 200_000, reason: 'Cheque bounced: Insufficient funds' });
  });

  it('e-mails the tax invoice as a PDF attachment, which the dev mailbox lists and serves', async () => {
    const s = await admitted(t, 'Kolkata 700016');
    const p = await payAtCounter(t, s.id, 3000);
    const inv = await invoiceOf(t, p._id);
    const [mail] = (await t.admin.get(`/api/dev/mailbox?to=${encodeURIComponent(s.email)}`)).json();
    expect(mail.subject).toBe(`Payment received: ${p.receiptNumber}`);
    expect(mail.text).toContain('₹3,000.00');
    expect(mail.text).toContain(`Tax invoice number: ${inv.number}`);
    expect(mail.attachments).toEqual([
      {
        _id: expect.any(String),
        filename: `invoice-${inv.number.replaceAll('/', '-')}.pdf`,
        contentType: 'application/pdf',
        size: expect.any(Number),
      },
    ]);
    const file = await t.admin.get(`/api/dev/mailbox/attachments/${mail.attachments[0]._id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.length).toBe(mail.attachments[0].size);
    expect(pdfText(file.rawPayload)).toContain(inv.number);
    expect((await t.admin.get(`/api/dev/mailbox/attachments/${randomUUID()}`)).statusCode).toBe(404);
    expect((await s.client.get(`/api/dev/mailbox/attachments/${mail.attachments[0]._id}`)).statusCode).toBe(403);
    const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail._id));
    expect(row.status).toBe('kept');
  });
});

import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckDigit } from '@app/common/schemas/settings';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { admissionRequests, invoices, mailOutbox, type users } from '../../db/schema.ts';
import { createCourse } from '../payments/test-fixtures.ts';
import { amountInWords, financialYear, numberInWords, splitGst, stateOfAddress } from './tax.ts';

// Tax invoices, receipts and credit notes (docs/product-invoices.md): the series, the GST, the PDF's text.

let t: TestApp;
let course: { _id: string; name: string; price: number };
beforeAll(async () => {
  t = await createTestApp();
  course = await createCourse(t, 100_000);
}, 120_000);
afterAll(() => t?.close());

/** A West Bengal GSTIN (state code 19) with its right check digit. */
const GSTIN = `19AAGCB7383J1Z${gstinCheckDigit('19AAGCB7383J1Z')}`;
const SETTINGS = {
  name: 'Law Coaching Institute',
  address: '12 Jessore Road, Dumdum, Kolkata 700028, West Bengal',
  phone: '+91 33 2550 1201',
  email: 'office@example.in',
  gstin: GSTIN,
  pan: 'AAGCB7383J',
  sac: '999293',
  gstRate: 18,
  invoicePrefix: 'LCI',
};
const setGstin = async (gstin: string | null) => {
  const res = await t.admin.put('/api/settings/institute', { ...SETTINGS, gstin, pan: gstin ? SETTINGS.pan : null });
  expect(res.statusCode, res.body).toBe(200);
};

const istToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

async function admitted(address: string, names: Partial<typeof users.$inferInsert> = {}) {
  const s = await t.createStudent(names);
  await t.ctx.db.insert(admissionRequests).values({
    fullName: `${s.firstName} ${s.lastName}`,
    email: s.email,
    phone: '9876543210',
    address,
    education: 'Graduate',
    courseId: course._id,
    centreId: 'dumdum',
    reason: 'Law',
    status: 'approved',
    admissionNumber: `ADM-I-${randomUUID().slice(0, 8)}`,
    batchYear: '2026-27',
    userId: s.id,
    approvedAt: new Date(),
  });
  return s;
}

async function payAtCounter(studentId: string, amount: number) {
  const res = await t.admin.post('/api/payments/counter', {
    studentId,
    amount,
    method: 'upi',
    reference: 'UPI-778899',
    receivedAt: istToday(),
    centre: 'dumdum',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; receiptNumber: string };
}

const invoiceOf = async (paymentId: string) =>
  (await t.ctx.db.select().from(invoices).where(eq(invoices.paymentId, paymentId)).orderBy(asc(invoices.issuedAt))).filter(
    (i) => i.kind === 'invoice',
  )[0];

describe('the arithmetic', () => {
  it('dates the financial year April to March in India', () => {
    expect(financialYear(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    expect(financialYear(new Date('2026-03-31T23:59:59+05:30'))).toBe('2025-26');
    // 31 March 20:00 UTC is already 1 April in India.
    expect(financialYear(new Date('2027-03-31T20:00:00Z'))).toBe('2027-28');
    expect(financialYear(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
  });

  it('works GST out of an inclusive amount; the parts add up to the total', () => {
    expect(splitGst(2_950_000, 18, false)).toEqual({
      taxablePaise: 2_500_000,
      cgstPaise: 225_000,
      sgstPaise: 225_000,
      igstPaise: 0,
      totalPaise: 2_950_000,
    });
    expect(splitGst(2_950_000, 18, true)).toEqual({
      taxablePaise: 2_500_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 450_000,
      totalPaise: 2_950_000,
    });
    // ₹22,500 at 18 %: 19,067.80 taxable, 3,432.20 tax.
    expect(splitGst(2_250_000, 18, false)).toEqual({
      taxablePaise: 1_906_780,
      cgstPaise: 171_610,
      sgstPaise: 171_610,
      igstPaise: 0,
      totalPaise: 2_250_000,
    });
    const odd = splitGst(1001, 18, false);
    expect(odd.cgstPaise - odd.sgstPaise).toBe(1);
    expect(odd.taxablePaise + odd.cgstPaise + odd.sgstPaise).toBe(1001);
    expect(splitGst(10_000, 0, false)).toMatchObject({ taxablePaise: 10_000, cgstPaise: 0, sgstPaise: 0 });
    expect(splitGst(11_250, 12.5, true)).toMatchObject({ taxablePaise: 10_000, igstPaise: 1250 });
  });

  it('writes amounts in words the Indian way', () => {
    expect(amountInWords(2_250_000)).toBe('Rupees Twenty-Two Thousand Five Hundred Only');
    expect(amountInWords(2_250_050)).toBe('Rupees Twenty-Two Thousand Five Hundred and Fifty Paise Only');
    expect(amountInWords(1_234_567_89)).toBe('Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Eighty-Nine Paise Only');
    expect(amountInWords(45)).toBe('Rupees Zero and Forty-Five Paise Only');
    expect(amountInWords(100)).toBe('Rupees One Only');
    expect(numberInWords(1_00_00_000)).toBe('One Crore');
    expect(numberInWords(2_05_00_011)).toBe('Two Crore Five Lakh Eleven');
    expect(numberInWords(110)).toBe('One Hundred Ten');
  });

  it('finds the state of an address by its name, then by its PIN code', () => {
    expect(stateOfAddress('14 Park Street, Kolkata 700016')).toBe('19');
    expect(stateOfAddress('Boring Road, Patna, Bihar 800001')).toBe('10');
    expect(stateOfAddress('Boring Road, Patna 800 001')).toBe('10');
    expect(stateOfAddress('Main Road, Ranchi 834001')).toBe('20');
    expect(stateOfAddress('Cuttack, Orissa')).toBe('21');
    expect(stateOfAddress('সল্টলেক, কলকাতা, পশ্চিমবঙ্গ')).toBe('19');
    expect(stateOfAddress('Some Road, Bengal Chemicals Lane')).toBe(null);
    expect(stateOfAddress('Pondicherry 605001')).toBe('34');
    expect(stateOfAddress('Villupuram 605602')).toBe(null);
    expect(stateOfAddress('')).toBe(null);
    expect(stateOfAddress(null)).toBe(null);
  });
});

describe('without a GSTIN', () => {
  it('a payment gets a receipt: "Receipt", ₹ and no tax lines, and no invoice', async () => {
    await setGstin(null);
    const s = await admitted('14 Park Street, Kolkata 700016');
    const p = await payAtCounter(s.id, 22_500);
    expect(await invoiceOf(p._id)).toBeUndefined();
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
    await setGstin(GSTIN);
    const s = await admitted('14 Park Street, Kolkata 700016');
    const p = await payAtCounter(s.id, 22_500);
    const inv = await invoiceOf(p._id);
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
    const s = await admitted('Boring Road, Patna, Bihar 800001');
    const p = await payAtCounter(s.id, 29_500);
    const inv = await invoiceOf(p._id);
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
    const s = await admitted('সল্টলেক, কলকাতা 700091', { firstName: 'রাহুল', lastName: 'राहुल' });
    const p = await payAtCounter(s.id, 1000);
    const text = pdfText((await s.client.get(`/api/payments/${p._id}/receipt`)).rawPayload);
    expect(text).toContain('রাহুল');
    expect(text).toContain('राहुल');
    expect(text).toContain('700091');
    expect(text).not.toContain('\uFFFD');
  });

  it('keeps the invoice as issued when the settings change later', async () => {
    const s = await admitted('Kolkata 700016');
    const p = await payAtCounter(s.id, 5000);
    const before = await invoiceOf(p._id);
    const res = await t.admin.put('/api/settings/institute', { ...SETTINGS, gstRate: 5, address: 'Somewhere else, Kolkata 700001' });
    expect(res.statusCode).toBe(200);
    const text = pdfText((await s.client.get(`/api/payments/${p._id}/receipt`)).rawPayload);
    expect(text).toContain('CGST @ 9%');
    expect(text).toContain(SETTINGS.address);
    expect(await invoiceOf(p._id)).toEqual(before);
    await setGstin(GSTIN);
  });

  it('concurrent payments get consecutive invoice numbers: no gap, no duplicate', async () => {
    const fy = financialYear(new Date());
    const students = await Promise.all(Array.from({ length: 8 }, (_, i) => admitted(`Flat ${i}, Kolkata 700016`)));
    const before = await t.ctx.db.select({ seq: invoices.seq }).from(invoices).where(eq(invoices.kind, 'invoice'));
    const paid = await Promise.all(students.map((s) => payAtCounter(s.id, 1000)));
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
    const students = await Promise.all(Array.from({ length: 6 }, (_, i) => admitted(`House ${i}, Kolkata 700016`)));
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
    const s = await admitted('Kolkata 700016');
    const p = await payAtCounter(s.id, 11_800);
    const inv = await invoiceOf(p._id);
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
    const s = await admitted('Kolkata 700016');
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
    const s = await admitted('Kolkata 700016');
    const p = await payAtCounter(s.id, 3000);
    const inv = await invoiceOf(p._id);
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

import fs from 'node:fs';
import { todayInIndia } from '@app/common/rules/dates';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '@app/common/schemas/settings';
import { ADMIN, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { logoMultipart as multipart, makePng } from '../../../test/png.ts';
import { createAdmittedStudent, createCourse } from '../payments/test-fixtures.ts';

// The institute's logo (docs/product.md section 15): upload, replace, remove, serve, and the PDFs that draw it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

const URL = '/api/settings/institute';
const LOGO = `${URL}/logo`;

const PNG = makePng(200, 80);
const JPEG = fs.readFileSync(path.join(import.meta.dirname, '../../../assets/gallery/academic-1.jpg'));

async function send(method: 'PUT' | 'POST', data: Buffer, token?: string | null, field?: string) {
  const auth = token === undefined ? await t.tokenFor(ADMIN.email, ADMIN.password) : token;
  const body = multipart(data, field);
  return t.inject({
    method,
    url: LOGO,
    payload: body.payload,
    headers: { ...body.headers, ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
  });
}

const countAudit = async () => (await t.admin.get('/api/audit?entity=institute&limit=1')).json().total as number;
const current = async () => (await t.admin.get(URL)).json();

describe('the institute logo', () => {
  it('starts with none: logoUrl null in the admin and the public read', async () => {
    expect((await current()).logoUrl).toBeNull();
    expect((await t.visitor.get('/api/public/institute')).json().logoUrl).toBeNull();
  });

  it('an admin uploads a PNG: stored, served with its type, shown publicly, audited', async () => {
    const audits = await countAudit();
    const res = await send('PUT', PNG);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().logoUrl as string;
    expect(url).toMatch(/^\/api\/public\/institute\/logo\/[0-9a-f-]{36}\.png$/);
    expect(res.json().name).toBe('Law Coaching Institute');
    expect((await current()).logoUrl).toBe(url);
    expect((await t.visitor.get('/api/public/institute')).json().logoUrl).toBe(url);

    const file = await t.visitor.get(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    expect(await countAudit()).toBe(audits + 1);
    const [entry] = (await t.admin.get('/api/audit?entity=institute&limit=1')).json().entries;
    expect(entry).toMatchObject({ action: 'institute.logo.update', entityId: 'institute' });
    expect(entry.after.logoUrl).toBe(url);
  });

  it('PUT of the profile without a logo field keeps the logo', async () => {
    const before = await current();
    expect(before.logoUrl).toBeTruthy();
    const { logoUrl: _l, updatedAt: _u, ...body } = before;
    const res = await t.admin.put(URL, { ...body, email: 'desk@example.in' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'desk@example.in', logoUrl: before.logoUrl });
  });

  it('refuses what is not a PNG or JPEG, too big, or missing, with a 400 and nothing changed', async () => {
    const before = await current();
    const audits = await countAudit();
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(64)]);
    const fakePng = Buffer.concat([PNG.subarray(0, 16), Buffer.from('not really an image')]);
    const big = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES + 1 - PNG.length + 10)]);
    const cases: [string, Buffer, RegExp, string?][] = [
      ['text named .png', Buffer.from('<svg onload="alert(1)"></svg>'), /PNG or JPEG/],
      ['a WebP', webp, /PNG or JPEG/],
      ['a cut PNG', fakePng, /could not be read/],
      ['an empty file', Buffer.alloc(0), /empty/],
      ['over 2 MB', big, /at most 2 MB/],
      ['another field', PNG, /field "file"/, 'image'],
    ];
    for (const [name, data, message, field] of cases) {
      const res = await send('POST', data, undefined, field);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().fields?.file, name).toMatch(message);
    }
    const json = await t.inject({
      method: 'PUT',
      url: LOGO,
      payload: { file: 'x' },
      headers: { authorization: `Bearer ${await t.tokenFor(ADMIN.email, ADMIN.password)}` },
    });
    expect(json.statusCode).toBe(400);
    expect(await current()).toEqual(before);
    expect(await countAudit()).toBe(audits);
  });

  it('a JPEG replaces it: the old one is no longer served', async () => {
    const old = (await current()).logoUrl as string;
    const res = await send('POST', JPEG);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().logoUrl as string;
    expect(url).toMatch(/\.jpg$/);
    expect(url).not.toBe(old);
    const file = await t.visitor.get(url);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.equals(JPEG)).toBe(true);
    expect((await t.visitor.get(old)).statusCode).toBe(404);
    expect((await t.visitor.get('/api/public/institute/logo/not-a-key.png')).statusCode).toBe(404);
  });

  it('a student cannot upload or remove it; a visitor neither', async () => {
    const before = await current();
    const s = await t.createStudent();
    const token = await t.tokenFor(s.email, 'Student-Pass-9');
    expect((await send('PUT', PNG, token)).statusCode).toBe(403);
    expect((await send('POST', PNG, null)).statusCode).toBe(401);
    expect((await s.client.delete(LOGO)).statusCode).toBe(403);
    expect((await t.visitor.delete(LOGO)).statusCode).toBe(401);
    expect(await current()).toEqual(before);
  });

  it('a receipt draws it at the top, keeping its text; removed, the receipt is as before', async () => {
    expect((await send('PUT', PNG)).statusCode).toBe(200);
    const course = await createCourse(t, 30_000);
    const s = await createAdmittedStudent(t, course._id);
    const pay = await t.admin.post('/api/payments/counter', {
      studentId: s.student.id,
      amount: 10_000,
      method: 'cash',
      receivedAt: todayInIndia(),
      centre: 'dumdum',
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const res = await t.admin.get(`/api/payments/${pay.json()._id}/receipt`);
    expect(res.statusCode, res.body).toBe(200);
    const pdf = res.rawPayload;
    expect(pdf.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    const text = pdfText(pdf);
    expect(text).toContain('Receipt');
    expect(text).toContain('₹10,000.00');
    expect(text).toContain('Law Coaching Institute');
    if (process.env.LOGO_RECEIPT_OUT) fs.writeFileSync(process.env.LOGO_RECEIPT_OUT, pdf);

    // Removed: the same receipt has no image and the same text.
    const audits = await countAudit();
    const removed = await t.admin.delete(LOGO);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().logoUrl).toBeNull();
    expect(await countAudit()).toBe(audits + 1);
    const [entry] = (await t.admin.get('/api/audit?entity=institute&limit=1')).json().entries;
    expect(entry).toMatchObject({ action: 'institute.logo.remove' });
    const plain = (await t.admin.get(`/api/payments/${pay.json()._id}/receipt`)).rawPayload;
    expect(plain.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
    expect(pdfText(plain)).toBe(text);
    expect((await t.visitor.get('/api/public/institute')).json().logoUrl).toBeNull();
    // Removing when there is none is harmless.
    expect((await t.admin.delete(LOGO)).json().logoUrl).toBeNull();
  });

  it('a tax invoice draws a JPEG logo too, with its tax lines', async () => {
    expect((await send('PUT', JPEG)).statusCode).toBe(200);
    const { logoUrl: _l, updatedAt: _u, ...profile } = await current();
    const gstin = await t.admin.put(URL, { ...profile, gstin: '19AAGCB7383J1Z5', pan: null });
    expect(gstin.statusCode, gstin.body).toBe(200);
    const course = await createCourse(t, 30_000);
    const s = await createAdmittedStudent(t, course._id);
    const pay = await t.admin.post('/api/payments/counter', {
      studentId: s.student.id,
      amount: 10_000,
      method: 'upi',
      reference: 'UPI-1',
      receivedAt: todayInIndia(),
      centre: 'dumdum',
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const pdf = (await t.admin.get(`/api/payments/${pay.json()._id}/receipt`)).rawPayload;
    expect(pdf.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    expect(pdf.toString('latin1')).toMatch(/\/Filter\s*\/DCTDecode/);
    const text = pdfText(pdf);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('CGST');
    expect(text).toContain('19AAGCB7383J1Z5');
    if (process.env.LOGO_INVOICE_OUT) fs.writeFileSync(process.env.LOGO_INVOICE_OUT, pdf);
  });
});

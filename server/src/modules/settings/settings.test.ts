import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckDigit, isValidGstin } from '@app/common/schemas/settings';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { CENTRES } from '../../db/seed.ts';

// The institute's profile: GET/PUT /api/settings/institute (admin) and the public read the footer uses.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

const URL = '/api/settings/institute';
const VALID = {
  name: 'Law Coaching Institute',
  address: '12 Jessore Road, Kolkata 700028',
  phone: '+91 33 2550 1201',
  email: 'office@example.in',
  gstin: '29AAGCB7383J1Z4',
  pan: 'AAGCB7383J',
  sac: '999293',
  gstRate: 18,
  invoicePrefix: 'LCI',
};

const put = (body: unknown) => t.admin.put(URL, body);
const countAudit = async () => (await t.admin.get('/api/audit?entity=institute&limit=1')).json().total as number;

describe('GSTIN check digit', () => {
  it('accepts real GSTINs and refuses one changed character', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('29AAGCB7383J1Z4')).toBe(true);
    expect(isValidGstin('29AAGCB7383J1Z5')).toBe(false);
    expect(isValidGstin('29AAGCB7383K1Z4')).toBe(false);
    expect(gstinCheckDigit('29AAGCB7383J1Z')).toBe('4');
  });
});

describe('the seeded profile', () => {
  it('carries the institute name, the Dumdum address and phone, the defaults and no placeholders', async () => {
    const res = await t.admin.get(URL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Law Coaching Institute',
      address: CENTRES[0].address,
      phone: CENTRES[0].phone,
      phones: [],
      email: null,
      gstin: null,
      pan: null,
      sac: '999293',
      gstRate: 18,
      invoicePrefix: 'LCI',
      facebook: null,
      instagram: null,
      youtube: null,
      whatsapp: null,
    });
  });

  it('is for admins only', async () => {
    const student = await t.createStudent();
    expect((await t.visitor.get(URL)).statusCode).toBe(401);
    expect((await student.client.get(URL)).statusCode).toBe(403);
    expect((await student.client.put(URL, VALID)).statusCode).toBe(403);
  });
});

describe('PUT /api/settings/institute', () => {
  it('saves every field, applies the defaults, normalises case and records the change', async () => {
    const before = await countAudit();
    const res = await put({
      ...VALID,
      gstin: '29aagcb7383j1z4',
      pan: ' aagcb7383j ',
      sac: '',
      gstRate: undefined,
      invoicePrefix: 'lci',
      phones: ['+91 98300 12345'],
      instagram: 'https://www.instagram.com/lawcoaching',
      facebook: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({
      gstin: '29AAGCB7383J1Z4',
      pan: 'AAGCB7383J',
      sac: '999293',
      gstRate: 18,
      invoicePrefix: 'LCI',
      phones: ['+91 98300 12345'],
      instagram: 'https://www.instagram.com/lawcoaching',
      facebook: null,
    });
    expect(saved.updatedAt).toBeTruthy();
    expect((await t.admin.get(URL)).json()).toEqual(saved);

    expect(await countAudit()).toBe(before + 1);
    const [entry] = (await t.admin.get('/api/audit?entity=institute&limit=1')).json().entries;
    expect(entry).toMatchObject({ action: 'institute.update', entity: 'institute', entityId: 'institute' });
    expect(entry.before).toMatchObject({ email: null, gstin: null });
    expect(entry.after).toMatchObject({ email: 'office@example.in', gstin: '29AAGCB7383J1Z4' });
  });

  it('accepts a fractional rate and clears optional fields', async () => {
    const res = await put({ ...VALID, gstin: null, pan: '', gstRate: 12.5, instagram: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ gstin: null, pan: null, gstRate: 12.5, instagram: null });
  });

  const BAD: [string, Record<string, unknown>, string, RegExp][] = [
    ['a wrong GSTIN check digit', { gstin: '29AAGCB7383J1Z5' }, 'gstin', /check digit/],
    ['a GSTIN of 14 characters', { gstin: '29AAGCB7383J1Z' }, 'gstin', /15 characters/],
    ['a GSTIN without the Z', { gstin: '29AAGCB7383J1A4' }, 'gstin', /state code/],
    ['a PAN in the wrong format', { gstin: null, pan: 'AAGC7383JB' }, 'pan', /5 letters/],
    ['a PAN that is not the GSTIN’s', { pan: 'AAGCB7384J' }, 'pan', /does not match/],
    ['a SAC of 5 digits', { sac: '99929' }, 'sac', /6 digits/],
    ['a GST rate over 28', { gstRate: 28.5 }, 'gstRate', /between 0 and 28/],
    ['a negative GST rate', { gstRate: -1 }, 'gstRate', /between 0 and 28/],
    ['a GST rate of three decimals', { gstRate: 5.125 }, 'gstRate', /two decimals/],
    ['a GST rate as words', { gstRate: 'eighteen' }, 'gstRate', /number/],
    ['a bad e-mail', { email: 'office@' }, 'email', /valid email/],
    ['no name', { name: ' ' }, 'name', /required/],
    ['no address', { address: undefined }, 'address', /required/],
    ['a phone of letters', { phone: 'call us' }, 'phone', /valid phone/],
    ['too many extra phones', { phones: ['+91 1', '+91 2', '+91 3', '+91 4', '+91 5'].map((p) => `${p}2345678`) }, 'phones', /At most/],
    ['an invoice prefix with a slash', { invoicePrefix: 'LCI/26' }, 'invoicePrefix', /letters or digits/],
    ['a Facebook link to another site', { facebook: 'https://evil.example/facebook.com/page' }, 'facebook', /facebook\.com/],
    ['a bare Facebook home page', { facebook: 'https://facebook.com' }, 'facebook', /page on facebook\.com/],
    ['a javascript: link', { instagram: 'javascript:alert(1)//instagram.com/x' }, 'instagram', /http\(s\)/],
    ['an ftp link', { youtube: 'ftp://youtube.com/@channel' }, 'youtube', /http\(s\)/],
    ['a look-alike host', { youtube: 'https://notyoutube.com/@channel' }, 'youtube', /youtube\.com/],
    ['a YouTube link as WhatsApp', { whatsapp: 'https://youtube.com/@x' }, 'whatsapp', /wa\.me/],
  ];
  it.each(BAD)('refuses %s with a 400 naming the field, changing nothing', async (_name, change, field, message) => {
    const stored = (await t.admin.get(URL)).json();
    const audits = await countAudit();
    const res = await put({ ...VALID, ...change });
    expect(res.statusCode, res.body).toBe(400);
    const fieldMessage = res.json().fields?.[field] as string | undefined;
    expect(fieldMessage, res.body).toMatch(message);
    expect((await t.admin.get(URL)).json()).toEqual(stored);
    expect(await countAudit()).toBe(audits);
  });

  it('accepts the usual forms of each social link', async () => {
    const res = await put({
      ...VALID,
      facebook: 'https://www.facebook.com/lawcoachingkolkata',
      instagram: 'http://instagram.com/lawcoaching/',
      youtube: 'https://youtu.be/abc123',
      whatsapp: 'https://wa.me/919830012345',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().whatsapp).toBe('https://wa.me/919830012345');
  });
});

describe('GET /api/public/institute', () => {
  it('shows the contacts and links to anyone, never the tax numbers, and shows a change at once', async () => {
    expect((await put({ ...VALID, instagram: 'https://www.instagram.com/first', facebook: null })).statusCode).toBe(200);
    const first = await t.visitor.get('/api/public/institute');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      name: VALID.name,
      address: VALID.address,
      phone: VALID.phone,
      phones: [],
      email: VALID.email,
      facebook: null,
      instagram: 'https://www.instagram.com/first',
      youtube: null,
      whatsapp: null,
      logoUrl: null,
    });
    expect(first.body).not.toContain('29AAGCB7383J1Z4');
    expect(first.body).not.toContain('AAGCB7383J');

    // Served from the read cache, dropped by the PUT.
    expect((await t.visitor.get('/api/public/institute')).body).toBe(first.body);
    expect((await put({ ...VALID, email: 'desk@example.in', instagram: null })).statusCode).toBe(200);
    const second = (await t.visitor.get('/api/public/institute')).json();
    expect(second).toMatchObject({ email: 'desk@example.in', instagram: null });
  });
});

describe('PUT /api/centres/{id}', () => {
  it('changes a centre’s address and phone for everyone, and refuses bad input changing nothing', async () => {
    const body = { address: '45 Rashbehari Connector, Kasba, Kolkata 700042 (first floor)', phone: '+91 33 2442 3499' };
    const version = t.ctx.caches.publicReads.version;
    const res = await t.admin.put('/api/centres/kasba', body);
    expect(res.statusCode, res.body).toBe(200);
    // The public pages list the centres in their footer: those rendered before are out of date.
    expect(t.ctx.caches.publicReads.version).toBeGreaterThan(version);
    expect(res.json()).toMatchObject({ id: 'kasba', name: 'Kasba/Ballygunge Centre', ...body });
    const listed = (await t.visitor.get('/api/centres')).json().find((c: { id: string }) => c.id === 'kasba');
    expect(listed).toMatchObject(body);

    for (const [bad, field] of [
      [{ ...body, phone: 'call us' }, 'phone'],
      [{ ...body, address: '' }, 'address'],
      [{ phone: body.phone }, 'address'],
    ] as const) {
      const refused = await t.admin.put('/api/centres/kasba', bad);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().fields?.[field]).toBeTruthy();
    }
    expect((await t.admin.put('/api/centres/nowhere', body)).statusCode).toBe(404);
    expect((await t.visitor.put('/api/centres/kasba', body)).statusCode).toBe(401);
    const student = await t.createStudent();
    expect((await student.client.put('/api/centres/kasba', body)).statusCode).toBe(403);
    expect((await t.visitor.get('/api/centres')).json().find((c: { id: string }) => c.id === 'kasba')).toMatchObject(body);
  });
});

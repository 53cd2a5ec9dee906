import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { todayInIndia } from '../common/src/rules/dates.ts';
import { pdfText } from '../server/test/pdf-text.ts';
import { ADMIN, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { admitStudent, stamp } from './builders.ts';

// Tax invoices (docs/product-invoices.md): the admin sets the GSTIN at /admin/settings, a student pays a
// course fee through the sandbox gateway and downloads the tax invoice; a refund's credit note appears in
// the student's history; a Bengali name prints in its script; without a GSTIN the PDF is a receipt.
// Other spec files share the server: the GSTIN is cleared again at the end (and by settings.spec).

test.describe.configure({ mode: 'serial' });

const tag = stamp();
/** A West Bengal GSTIN (state code 19) with its check digit. */
const GSTIN = '19AAGCB7383J1Z5';
const OUT = 'test-results/invoices';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function adminToken(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { data: ADMIN });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).token as string;
}

/** The PDF a download button saved, kept under test-results/invoices for a person to look at. */
async function savedPdf(page: Page, click: () => Promise<void>, name: string) {
  const download = page.waitForEvent('download');
  await click();
  const d = await download;
  fs.mkdirSync(OUT, { recursive: true });
  const file = `${OUT}/${name}.pdf`;
  await d.saveAs(file);
  return { filename: d.suggestedFilename(), text: pdfText(fs.readFileSync(file)) };
}

async function setGstin(request: APIRequestContext, gstin: string | null) {
  const token = await adminToken(request);
  const current = await (await request.get('/api/settings/institute', { headers: bearer(token) })).json();
  const { updatedAt: _, ...body } = current;
  const res = await request.put('/api/settings/institute', {
    headers: bearer(token),
    data: { ...body, email: body.email ?? `office.${tag}@example.in`, gstin, pan: gstin ? 'AAGCB7383J' : null },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Signs out by forgetting the token, as closing the browser would. */
async function signOut(page: Page) {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

test.afterAll(async ({ request }) => {
  await setGstin(request, null);
});

test('the admin sets the GSTIN; a student pays and downloads a tax invoice; a refund issues a credit note', async ({ page }) => {
  test.slow();
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Institute Settings' })).toBeVisible();
  // The e-mail is required to save; a fresh server knows none.
  if (!(await page.getByLabel('E-mail').inputValue())) await page.getByLabel('E-mail').fill(`office.${tag}@example.in`);
  await page.getByLabel('GSTIN').fill(GSTIN);
  await page.getByLabel('PAN').fill('AAGCB7383J');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Institute settings saved')).toBeVisible();
  await signOut(page);

  const s = await admitStudent(page.request, { name: 'Invoice Payer' });
  await signIn(page, s.email, s.password);
  await page.goto('/student/payment');
  await page.getByText('CLAT Preparation', { exact: true }).first().click();
  const pay = page.getByRole('button', { name: /^Pay ₹/ });
  await pay.click();
  const gateway = page.getByRole('dialog', { name: 'Sandbox payment gateway' });
  await gateway.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByText('Payment successful! Course access has been granted.')).toBeVisible();

  await page.goto('/student/payment');
  const history = page.getByRole('list', { name: 'Payments' });
  const paid = history.getByRole('listitem').filter({ hasText: 'Completed' });
  const invoice = await savedPdf(page, () => paid.getByRole('button', { name: /^Download Tax Invoice/ }).click(), 'tax-invoice');
  expect(invoice.filename).toMatch(/^invoice-LCI-\d{4}-\d{2}-\d{6}\.pdf$/);
  for (const expected of ['Tax Invoice', `GSTIN: ${GSTIN}`, 'CGST @ 9%', 'SGST @ 9%', '999293', 'Invoice Payer', 'Only'])
    expect(invoice.text).toContain(expected);
  expect(invoice.text).toMatch(/₹\d{1,2},\d{3}\.\d{2}/);
  expect(invoice.text).toMatch(/Rupees [A-Za-z -]+ Only/);

  // The office refunds part of it: the student's history shows the credit note, which downloads.
  const token = await adminToken(page.request);
  const list = (await (
    await page.request.get('/api/payments/history', { headers: bearer(await studentToken(page.request, s)) })
  ).json()) as {
    _id: string;
    status: string;
  }[];
  const done = list.find((p) => p.status === 'completed');
  expect(done).toBeTruthy();
  const refund = await page.request.post(`/api/payments/${done?._id}/refund`, { headers: bearer(token), data: { amount: 1180 } });
  expect(refund.ok(), await refund.text()).toBeTruthy();
  await page.reload();
  const notes = page.getByRole('list', { name: /Credit notes for/ });
  await expect(notes).toContainText(/Credit note LCI\/CN\/\d{4}-\d{2}\/\d{6}/);
  await expect(notes).toContainText('₹1,180');
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${OUT}/history-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${OUT}/history-390.png`, fullPage: true });
  const note = await savedPdf(page, () => notes.getByRole('button', { name: /^Download credit note/ }).click(), 'credit-note');
  expect(note.filename).toMatch(/^credit-note-LCI-CN-\d{4}-\d{2}-\d{6}\.pdf$/);
  expect(note.text).toContain('Credit Note');
  expect(note.text).toContain('Rupees One Thousand One Hundred Eighty Only');

  // The admin's payment page names the invoice and lists the credit note.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signOut(page);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/admin/payments/${done?._id}`);
  await expect(page.getByText(/LCI\/\d{4}-\d{2}\/\d{6}/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Download credit note LCI\/CN\// })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download Tax Invoice' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${OUT}/admin-payment-1280.png`, fullPage: true });

  // The payment mail carried the invoice: the development mailbox lists it and serves the file.
  await page.goto('/dev/mailbox');
  const mail = page
    .getByRole('listitem')
    .filter({ hasText: `To: ${s.email}` })
    .filter({ hasText: 'Payment received' });
  await expect(mail).toContainText('1 attachment');
  await mail.getByRole('button', { name: /Payment received/ }).click();
  const attached = await savedPdf(page, () => mail.getByRole('button', { name: /^invoice-LCI-.*\.pdf/ }).click(), 'mailed-invoice');
  expect(attached.filename).toBe(invoice.filename);
  expect(attached.text).toContain('Tax Invoice');
  await page.screenshot({ path: `${OUT}/mailbox-1280.png` });
});

async function studentToken(request: APIRequestContext, s: { email: string; password: string }) {
  const res = await request.post('/api/auth/login', { data: { email: s.email, password: s.password } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).token as string;
}

async function counterPayment(request: APIRequestContext, email: string, amount: number) {
  const token = await adminToken(request);
  const students = await (await request.get(`/api/users?search=${encodeURIComponent(email)}`, { headers: bearer(token) })).json();
  const id = students.users[0]?._id as string;
  expect(id).toBeTruthy();
  const today = todayInIndia();
  const res = await request.post('/api/payments/counter', {
    headers: bearer(token),
    data: { studentId: id, amount, method: 'cash', receivedAt: today, centre: 'kasba' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json())._id as string;
}

test('a Bengali name prints in Bengali on the tax invoice; without a GSTIN the PDF is a receipt', async ({ page }) => {
  await setGstin(page.request, GSTIN);
  const bengali = await admitStudent(page.request, { name: 'শ্রেয়া চট্টোপাধ্যায়', centre: 'kasba' });
  await counterPayment(page.request, bengali.email, 22_500);
  await signIn(page, bengali.email, bengali.password);
  await page.goto('/student/payment');
  const paid = page.getByRole('list', { name: 'Payments' }).getByRole('listitem').filter({ hasText: 'Completed' });
  const invoice = await savedPdf(page, () => paid.getByRole('button', { name: /^Download Tax Invoice/ }).click(), 'bengali-invoice');
  expect(invoice.text).toContain('Tax Invoice');
  expect(invoice.text).toContain('Rupees Twenty-Two Thousand Five Hundred Only');
  expect(invoice.text).toContain('₹22,500.00');
  expect(invoice.text).not.toContain('?');

  await setGstin(page.request, null);
  const plain = await admitStudent(page.request, { name: 'Receipt Payer', centre: 'kasba' });
  await counterPayment(page.request, plain.email, 5000);
  await signOut(page);
  await signIn(page, plain.email, plain.password);
  await page.goto('/student/payment');
  const item = page.getByRole('list', { name: 'Payments' }).getByRole('listitem').filter({ hasText: 'Completed' });
  const receipt = await savedPdf(page, () => item.getByRole('button', { name: /^Download Receipt/ }).click(), 'receipt');
  expect(receipt.filename).toMatch(/^receipt-RCT-\d{4}-\d+\.pdf$/);
  expect(receipt.text).toContain('Receipt');
  expect(receipt.text).toContain('₹5,000.00');
  for (const absent of ['Tax Invoice', 'GSTIN', 'CGST', 'SGST', 'IGST']) expect(receipt.text).not.toContain(absent);
});

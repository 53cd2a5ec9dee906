import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { ADMIN, apiToken, bearer, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { admitStudent, clatCourse, stamp } from './builders.ts';
import { day, inr } from './payments-helpers.ts';

// Counter payments and collections (docs/product.md, "Counter payments and collections"): the office records
// cash a parent paid at the Kasba counter, hands over the receipt, and reads the day's collection.
test.describe.configure({ timeout: 240_000 });

const SHOTS = '/tmp/shots-money';
fs.mkdirSync(SHOTS, { recursive: true });

/** Searches the counter form's student picker and chooses the one named. */
async function chooseStudent(page: Page, search: string, name: string) {
  await page.getByLabel('Student').fill(search);
  await page
    .getByRole('list', { name: 'Matching students' })
    .getByRole('button', { name: new RegExp(name) })
    .click();
  await expect(page.getByText(name)).toBeVisible();
}

test('the office records cash at the counter, downloads the receipt and reads the day’s collection', async ({ page }) => {
  const id = stamp();
  const { name } = await admitStudent(page.request, { name: `Counter Student ${id}`, centre: 'kasba' });
  const { price } = await clatCourse(page.request);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/payments');
  await page.getByRole('link', { name: 'Record Counter Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Record Counter Payment' })).toBeVisible();

  // Nothing chosen: the server's own messages on the fields.
  await page.getByRole('button', { name: 'Record Payment' }).click();
  await expect(page.getByText('Student not found')).toBeVisible();
  await expect(page.getByText('Please enter a valid amount')).toBeVisible();

  await chooseStudent(page, `Counter Student ${id}`, name);
  await expect(page.getByLabel('Centre')).toHaveValue('kasba');
  // What the student owes and the next installment, as the fee page has them (4 installments, the 1st due today).
  const owes = page.getByRole('region', { name: 'What the student owes' });
  await expect(owes).toContainText(`Owes${inr(price)} of ${inr(price)}`);
  await expect(owes).toContainText(`Next installment1st: ${inr(price / 4)} due ${day(new Date())}`);
  await owes.getByRole('button', { name: `Take the next installment (${inr(price / 4)})` }).click();
  await expect(page.getByLabel('Amount (₹)')).toHaveValue(String(price / 4));
  await page.screenshot({ path: `${SHOTS}/counter-owes-desktop.png`, fullPage: true });
  await page.getByLabel('Amount (₹)').fill('7500');
  await page.getByLabel('Method').selectOption('upi');
  await page.getByRole('button', { name: 'Record Payment' }).click();
  await expect(page.getByText('A reference is required for UPI, cheque and bank transfer')).toBeVisible();
  await page.getByLabel('Method').selectOption('cash');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Record Payment' }).click();
  await expect(page.getByText(/₹7,500 from Counter Student .* recorded: receipt RCT-\d{4}-\d{6}\./)).toBeVisible();
  const receipt = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Receipt' }).click();
  // A tax invoice while invoices.spec (sharing the server) has a GSTIN set.
  expect((await receipt).suggestedFilename()).toMatch(/^(receipt-RCT-\d{4}-\d{6}|invoice-[A-Z0-9]+-\d{4}-\d{2}-\d{6})\.pdf$/);

  await page.getByRole('link', { name: "Today's collections" }).click();
  await expect(page.getByRole('heading', { name: 'Collections' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Cash');
  await expect(row).toContainText('₹7,500');
  await expect(row).toContainText('Kasba');
  await page.getByLabel('Centre', { exact: true }).selectOption('dumdum');
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await page.getByLabel('Centre', { exact: true }).selectOption('kasba');
  await expect(row).toBeVisible();
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  expect((await csv).suggestedFilename()).toMatch(/^collections-\d{4}-\d{2}-\d{2}-kasba\.csv$/);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/collections-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText('₹7,500');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: 'test-results/collections-phone.png', fullPage: true });
});

test('the counter sees the student’s online payment still pending and cancels it only when the clerk confirms', async ({
  page,
  browser,
}) => {
  const id = stamp();
  const s = await admitStudent(page.request, { name: `Web Payer ${id}`, centre: 'shrirampur' });
  // The student started paying the whole fee online and left the checkout open.
  const clat = await clatCourse(page.request);
  const token = await apiToken(page.request, s.email, s.password);
  const started = await page.request.post('/api/payments/orders', { headers: bearer(token), data: { courseId: clat._id } });
  expect(started.status(), await started.text()).toBe(201);
  const { orderId, checkout } = await started.json();

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/payments/counter');
  await chooseStudent(page, `Web Payer ${id}`, s.name);
  await expect(page.getByLabel('Centre')).toHaveValue('shrirampur');
  const owes = page.getByRole('region', { name: 'What the student owes' });
  const warning = owes.getByRole('alert');
  await expect(warning).toContainText('An online payment is still pending');
  await expect(warning).toContainText(`${inr(clat.price)} for CLAT Preparation (order ${orderId}, started`);
  await owes.getByRole('button', { name: `Take all that is owed (${inr(clat.price)})` }).click();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/counter-pending-online-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/counter-pending-online-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Unconfirmed, the counter refuses and names the order.
  await page.getByRole('button', { name: 'Record Payment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Recording this payment as well would take more than they owe' })).toContainText(
    orderId,
  );
  await page.getByLabel('The student did not pay online: cancel the pending online order and record this payment').check();
  await page.getByRole('button', { name: 'Record Payment' }).click();
  await expect(page.getByText(new RegExp(`${inr(clat.price)} from Web Payer ${id} recorded: receipt RCT-`))).toBeVisible();

  // The student's history: the cancelled checkout is "Not completed", the counter payment completed.
  const context = await browser.newContext();
  const sp = await context.newPage();
  await signIn(sp, s.email, s.password);
  await sp.goto('/student/payment');
  const history = sp.getByRole('list', { name: 'Payments' });
  // 'Completed' with its capital: 'Not completed' is the other one.
  await expect(history.getByRole('listitem').filter({ hasText: /Completed/ })).toContainText(inr(clat.price));
  await expect(history.getByRole('listitem').filter({ hasText: 'Not completed' })).toHaveCount(1);
  await expect(history.getByRole('listitem').filter({ hasText: 'Pending' })).toHaveCount(0);
  await context.close();

  // The checkout was still open and the student pays after all: the gateway takes the money, and what it
  // brought beyond the fee is flagged for refund in the collection report and on the payment's page.
  const signed = await (await page.request.post(checkout.url, { headers: bearer(token), data: { action: 'pay' } })).json();
  const verified = await page.request.post('/api/payments/verify', {
    headers: bearer(token),
    data: { orderId: signed.orderId, paymentId: signed.paymentId, signature: signed.signature },
  });
  expect(verified.ok(), await verified.text()).toBeTruthy();
  await page.goto('/admin/payments/collections');
  await expect(page.getByRole('heading', { name: 'Collections' })).toBeVisible();
  const flaggedRow = page.getByRole('row').filter({ hasText: s.name }).filter({ hasText: 'Online' });
  await expect(flaggedRow).toContainText(`${inr(clat.price)}${inr(clat.price)}`);
  await expect(page.getByText(/^To refund \(\d+ payments?\)$/)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/collections-to-refund-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/collections-to-refund-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/admin/payments');
  await page.getByRole('row').filter({ hasText: s.email }).filter({ hasText: 'Online' }).getByRole('link', { name: /^View/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Flagged for refund' })).toContainText(`Flagged for refund: ${inr(clat.price)}`);
  await expect(page.getByText('Paid beyond what was owed: refund it')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/payment-flagged-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/payment-flagged-phone.png`, fullPage: true });
});

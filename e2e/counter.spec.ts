import { ADMIN, admittedClatStudent, expect, expectAccessible, signIn, test } from './fixtures.ts';

// Counter payments and collections (docs/product.md, "Counter payments and collections"): the office records
// cash a parent paid at the Kasba counter, hands over the receipt, and reads the day's collection.
test.describe.configure({ timeout: 240_000 });

const stamp = () => `${Date.now() % 1_000_000_000}${Math.floor(Math.random() * 100)}`;

test('the office records cash at the counter, downloads the receipt and reads the day’s collection', async ({ page }) => {
  const id = stamp();
  const { name } = await admittedClatStudent(page.request, `Counter Student ${id}`, `counter-${id}@e2e.local`, 'kasba');
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/payments');
  await page.getByRole('link', { name: 'Record Counter Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Record Counter Payment' })).toBeVisible();

  // Nothing chosen: the server's own messages on the fields.
  await page.getByRole('button', { name: 'Record Payment' }).click();
  await expect(page.getByText('Student not found')).toBeVisible();
  await expect(page.getByText('Please enter a valid amount')).toBeVisible();

  await page.getByLabel('Student').fill(`Counter Student ${id}`);
  await page
    .getByRole('list', { name: 'Matching students' })
    .getByRole('button', { name: new RegExp(name) })
    .click();
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByLabel('Centre')).toHaveValue('kasba');
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

import { ADMIN, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { admitStudent, clatCourse, stamp } from './builders.ts';

// Coupons managed by admins (docs/product.md, "Coupons"): an admin creates a fixed-amount coupon for one
// course, a student applies it on the fee payment page, the admin deactivates it and it stops working.
test.describe.configure({ timeout: 240_000 });

const inr = (n: number) => `₹${n.toLocaleString('en-IN', { maximumFractionDigits: 0 })}`;

test('an admin creates a coupon for one course, a student applies it, and a deactivated coupon stops working', async ({
  page,
  browser,
}) => {
  const id = stamp();
  const code = `FLAT${id}`;
  const student = await admitStudent(page.request, { name: `Coupon Student ${id}` });
  const { price } = await clatCourse(page.request);

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Coupons' }).click();
  await expect(page.getByRole('heading', { name: 'Coupons', exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'EARLY20' })).toContainText('20% off');
  await page.getByRole('button', { name: 'New Coupon' }).click();
  const form = page.getByRole('dialog', { name: 'New Coupon' });
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Discount').selectOption('amount');
  await form.getByLabel('Amount (₹)').fill('0');
  await form.getByRole('button', { name: 'Create Coupon' }).click();
  await expect(form.getByText('Amount must be more than 0')).toBeVisible();
  await form.getByLabel('Amount (₹)').fill('1000');
  await form.getByLabel('Total uses').fill('5');
  await form.getByLabel('CLAT Preparation').check();
  await form.getByRole('button', { name: 'Create Coupon' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText(`${inr(1000)} off`);
  await expect(row).toContainText('CLAT Preparation');
  await expect(row).toContainText('0 of 5');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/coupons-desktop.png', fullPage: true });

  // The student applies it on the fee payment page.
  const context = await browser.newContext();
  const sp = await context.newPage();
  await signIn(sp, student.email, student.password);
  await sp.goto('/student/payment');
  await sp.getByText('CLAT Preparation', { exact: true }).first().click();
  const box = sp.getByLabel('Have a coupon code?');
  await box.pressSequentially(code.toLowerCase());
  await sp.getByRole('button', { name: 'Apply' }).click();
  await expect(sp.getByText(`Coupon applied! ${inr(1000)} off`)).toBeVisible();
  await expect(sp.getByRole('region', { name: 'Payment summary' })).toContainText(`Total${inr(price - 1000)}`);

  // The admin deactivates it: it no longer applies.
  await row.getByRole('button', { name: `Deactivate ${code}` }).click();
  await expect(row).toContainText('Inactive');
  await box.fill('');
  await box.pressSequentially(code);
  await sp.getByRole('button', { name: 'Apply' }).click();
  await expect(sp.getByText('Invalid coupon code')).toBeVisible();
  await context.close();

  // On a phone the coupons are cards with their actions on screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const card = page.getByRole('listitem').filter({ hasText: code });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('button', { name: `Restore ${code}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: 'test-results/coupons-phone.png', fullPage: true });
});

import { ADMIN, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { stamp } from './builders.ts';

// Institute settings: an admin sets the institute's e-mail and an Instagram link at /admin/settings; every
// page's footer shows them, and no icon for a network without a link. Other spec files share the server:
// they assert nothing about these contacts beyond "no placeholder e-mail".

const tag = stamp();
const EMAIL = `office.${tag}@example.in`;
const INSTAGRAM = `https://www.instagram.com/lawcoaching${tag}`;
const CENTRE_PHONE = `+91 33 2652 ${tag.slice(-4)}`;

test('an admin sets the e-mail and an Instagram link, and the footer shows them and no Facebook icon', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Institute Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { name: 'Institute Settings' })).toBeVisible();
  // Seeded from what the footer showed before: the name, the Dumdum address and phone, the tax defaults.
  await expect(page.getByLabel('Institute name')).toHaveValue('Law Coaching Institute');
  await expect(page.getByLabel('SAC code')).toHaveValue('999293');
  await expect(page.getByLabel('GST rate (%)')).toHaveValue('18');
  await expectAccessible(page);

  // A mistyped GSTIN (wrong check digit) and a link to another site are refused beside their fields.
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('GSTIN').fill('29AAGCB7383J1Z5');
  await page.getByLabel('Instagram link').fill('https://example.com/instagram.com');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('GSTIN check digit is wrong: please check the number')).toBeVisible();
  await expect(page.getByText(/Instagram link must be an http\(s\) address of a page on instagram\.com/)).toBeVisible();
  await expect(page.getByLabel('GSTIN')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('GSTIN').fill('');
  await page.getByLabel('Instagram link').fill(INSTAGRAM);
  await page.getByLabel('Facebook link').fill('');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Institute settings saved')).toBeVisible();

  // A centre's phone, saved on its own, reaches the footer's list of centres.
  const shrirampur = page.getByRole('form', { name: 'Shrirampur Centre' });
  await shrirampur.getByLabel('Shrirampur Centre phone').fill('call us');
  await shrirampur.getByRole('button', { name: 'Save Centre' }).click();
  await expect(shrirampur.getByText('Phone: please enter a valid phone number')).toBeVisible();
  await shrirampur.getByLabel('Shrirampur Centre phone').fill(CENTRE_PHONE);
  await shrirampur.getByRole('button', { name: 'Save Centre' }).click();
  await expect(page.getByText('Shrirampur Centre saved')).toBeVisible();

  // The footer of a public page, read fresh.
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: EMAIL })).toHaveAttribute('href', `mailto:${EMAIL}`);
  await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', INSTAGRAM);
  await expect(footer.getByRole('link', { name: 'Facebook' })).toHaveCount(0);
  await expect(footer.getByRole('link', { name: /lawcoaching\.local/ })).toHaveCount(0);
  await expect(footer.getByRole('link', { name: CENTRE_PHONE })).toBeVisible();
  await expect(footer.getByRole('link', { name: '+91 33 2550 1201' }).first()).toHaveAttribute('href', 'tel:+913325501201');
  await expectAccessible(page);

  // The change is on the record, with the address before and after.
  await page.goto('/admin/audit');
  await page.getByLabel('Entity').selectOption('institute');
  await expect(page.getByRole('row').filter({ hasText: EMAIL }).first()).toBeVisible();
});

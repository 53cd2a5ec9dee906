import type { Browser } from '@playwright/test';
import { stamp } from './builders.ts';
import { ADMIN, expect, expectAccessible, signIn, test } from './fixtures.ts';

// The NLU counselling helper (docs/product-admissions-desk.md, "NLU counselling helper"): an admin imports
// a cut-off CSV at /admin/nlu (checked first), a visitor on a phone sees the NLUs likely for their rank and
// asks for a call back, and the call-back is on the admissions desk with the source NLU helper. The round
// carries a stamp and a year past the demo's sample, so this journey's figures are the latest; it is
// deleted at the end, through the screen's confirmation.

test.describe.configure({ timeout: 180_000 });

const PHONE = { width: 390, height: 844 };
const mobileOf = (id: string) => `9${id.slice(-9)}`;

async function signedIn(browser: Browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.setViewportSize(viewport);
  return { context, page };
}

test('an admin imports cut-offs; a visitor on a phone sees likely NLUs and asks for a call back, which reaches the desk', async ({
  browser,
  page,
}) => {
  const id = stamp();
  const round = `Round 1 E2E${id}`;
  const year = new Date().getUTCFullYear() + 1;
  const csv = [
    'year,round,nlu,category,quota,closingRank',
    `${year},${round},NLSIU Bengaluru,General,All India,110`,
    `${year},${round},NALSAR Hyderabad,general,All India,190`,
    `${year},${round},WBNUJS Kolkata,General,All India,420`,
    `${year},${round},WBNUJS Kolkata,General,West Bengal domicile,1500`,
  ].join('\n');

  // The admin checks the file, then imports it.
  const admin = await signedIn(browser);
  await admin.page.goto('/admin/dashboard');
  await admin.page.getByRole('link', { name: 'NLU Cut-offs' }).click();
  await expect(admin.page.getByRole('heading', { name: 'NLU Cut-offs', level: 1 })).toBeVisible();
  await admin.page.getByLabel('CSV file').setInputFiles({ name: 'cutoffs.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await admin.page.getByRole('button', { name: 'Check file' }).click();
  await expect(admin.page.getByText('4 rows ready, 0 with an error.')).toBeVisible();
  await expect(admin.page.getByText(`${year}, ${round}: 4 rows, new`)).toBeVisible();
  await admin.page.getByRole('button', { name: 'Import 4' }).click();
  await expect(admin.page.getByText(`4 imported into ${year}, ${round}.`)).toBeVisible();
  await expect(admin.page.getByRole('button', { name: `Delete ${year}, ${round}` })).toBeVisible();
  // The counselling calendar the page lists.
  const calendar = admin.page.getByRole('heading', { name: 'Counselling calendar' }).locator('..');
  await calendar.getByRole('button', { name: 'Add a date' }).click();
  await calendar.getByLabel('Date', { exact: true }).last().fill(`${year}-01-10`);
  await calendar.getByLabel('Round', { exact: true }).last().fill(round);
  await calendar.getByLabel('What happens', { exact: true }).last().fill(`Allotment list ${id}`);
  await calendar.getByRole('button', { name: 'Save calendar' }).click();
  await expect(admin.page.getByText('Calendar saved')).toBeVisible();
  await expectAccessible(admin.page);
  await admin.page.setViewportSize(PHONE);
  await admin.page.screenshot({ path: 'test-results/nlu-admin-390.png', fullPage: true });
  expect(await admin.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await admin.page.setViewportSize({ width: 1280, height: 800 });

  // A visitor on a phone.
  await page.setViewportSize(PHONE);
  await page.goto('/nlu-predictor');
  await expect(page.getByRole('heading', { name: 'Which NLU can I get with my rank?' })).toBeVisible();
  await expect(page.getByTestId('nlu-source')).toContainText(`CLAT ${year}`);
  await page.getByLabel('CLAT rank (All India)').fill('1200');
  await page.getByLabel('Category').selectOption('General');
  await page.getByLabel('Domicile (optional)').selectOption('West Bengal');
  await page.getByRole('button', { name: 'Show my NLUs' }).click();
  const results = page.getByRole('list', { name: 'NLUs and their closing ranks for you' });
  const nujs = results.getByRole('listitem').filter({ hasText: 'WBNUJS Kolkata' });
  await expect(nujs).toContainText('Likely');
  await expect(nujs).toContainText('West Bengal domicile');
  await expect(nujs).toContainText('1,500');
  await expect(results.getByRole('listitem').filter({ hasText: 'NLSIU Bengaluru' })).toContainText('Unlikely');
  await expect(page.getByRole('region', { name: 'Counselling calendar' })).toContainText(`Allotment list ${id}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/nlu-predictor-390.png' });
  await nujs.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/nlu-predictor-390-results.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/nlu-predictor-1280.png', fullPage: true });
  await page.setViewportSize(PHONE);

  const name = `Aspirant ${id}`;
  const callBack = page.getByRole('region', { name: 'Ask for a call back' });
  await callBack.getByLabel('Name').fill(name);
  await callBack.getByLabel('Phone number').fill(mobileOf(id));
  await callBack.getByRole('button', { name: 'Call me back' }).click();
  await expect(callBack.getByText('A counsellor will call you back soon')).toBeVisible();

  // On the desk, with its source.
  await admin.page.goto('/admin/enquiries?view=all&source=nlu_helper');
  await admin.page.getByRole('searchbox', { name: 'Search' }).fill(name);
  const row = admin.page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('NLU helper');
  await expect(row).toContainText('New');
  await row.getByRole('link', { name }).click();
  await expect(admin.page.getByText('CLAT rank 1200, category General')).toBeVisible();

  // The round goes, after a confirmation.
  await admin.page.goto('/admin/nlu');
  await admin.page.getByRole('button', { name: `Delete ${year}, ${round}` }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'Delete this round?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(admin.page.getByRole('button', { name: `Delete ${year}, ${round}` })).toHaveCount(0);
  await admin.context.close();
});

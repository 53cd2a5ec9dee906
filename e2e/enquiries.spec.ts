import fs from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { addDays, todayInIndia } from '../common/src/rules/dates.ts';
import { stamp } from './builders.ts';
import { ADMIN, apiToken, bearer, expect, expectAccessible, signIn, test } from './fixtures.ts';

// The admissions desk (docs/product-admissions-desk.md): a walk-in recorded at the counter, a counsellor's
// day of follow-ups, a lost enquiry, the funnel and its CSV, and the contact page's enquiry arriving on the
// desk. Other journeys share the server: names and phone numbers carry a stamp, and the funnel is read
// for one fresh counsellor's enquiries only.

test.describe.configure({ timeout: 180_000 });

const KASBA = 'Kasba/Ballygunge Centre';
const PHONE = { width: 360, height: 780 };

/** A mobile number no other journey uses: 9 and the stamp's last 9 digits. */
const mobileOf = (id: string) => `9${id.slice(-9)}`;

type Counsellor = { id: string; email: string; password: string; name: string };

/** A counsellor of Kasba, made by the admin through the staff API. */
async function newCounsellor(request: APIRequestContext, adminToken: string): Promise<Counsellor> {
  const id = stamp();
  const person = { firstName: 'Kavya', lastName: `Desk${id}`, email: `counsellor-${id}@e2e.local`, password: `Counsel-Pass-${id}` };
  const res = await request.post('/api/staff', {
    headers: bearer(adminToken),
    data: { ...person, role: 'counsellor', centres: ['kasba'] },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { staff } = await res.json();
  return { id: staff._id, email: person.email, password: person.password, name: `${person.firstName} ${person.lastName}` };
}

/** An enquiry recorded at the Kasba desk through the API; its id. */
async function newEnquiry(request: APIRequestContext, token: string, data: { name: string; phone: string; owner?: string }) {
  const res = await request.post('/api/enquiries', {
    headers: bearer(token),
    data: { centre: 'kasba', source: 'walk_in', ...data },
  });
  expect(res.status(), await res.text()).toBe(201);
  const saved = await res.json();
  expect(saved.merged).toBe(false);
  return saved._id as string;
}

/** Signed in on a desktop (the welcome line signIn waits for is in a phone's closed menu), then at `viewport`. */
async function signedIn(browser: Browser, who: { email: string; password: string }, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, who.email, who.password);
  await page.setViewportSize(viewport);
  return { context, page };
}

/** Searches the All list and waits for the search to reach the address (the list is then the server's answer to it). */
async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

test('an admin records a walk-in at Kasba on a phone, and it is under All as New', async ({ browser }) => {
  const name = `Walkin ${stamp()}`;
  const { context, page } = await signedIn(browser, ADMIN, PHONE);
  await page.goto('/admin/enquiries');
  await expect(page.getByRole('heading', { name: 'Enquiries', level: 1 })).toBeVisible();
  // Not a counsellor: the desk opens on every enquiry.
  await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'New enquiry' }).click();
  const dialog = page.getByRole('dialog', { name: 'New enquiry' });
  await dialog.getByRole('button', { name: 'Save enquiry' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Phone number').fill(mobileOf(stamp()));
  await dialog.getByLabel('Class or year (optional)').fill('Class 12');
  await dialog.getByLabel('Centre').selectOption({ label: KASBA });
  await expect(dialog.getByLabel('Source')).toHaveValue('walk_in');
  await page.screenshot({ path: 'test-results/enquiries-new-360.png' });
  await dialog.getByRole('button', { name: 'Save enquiry' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Enquiry saved').first()).toBeVisible();

  await search(page, name);
  const card = page.getByRole('list', { name: 'Enquiries' }).getByRole('listitem').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('New');
  await expect(card).toContainText('Walk-in');
  await expect(card).toContainText(KASBA);
  await noSidewaysScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/enquiries-all-360.png', fullPage: true });
  await context.close();
});

test('a counsellor finds the follow-up on Today, logs a call for tomorrow, and it moves to Contacted and off Today', async ({
  browser,
  request,
}) => {
  const adminToken = await apiToken(request, ADMIN.email, ADMIN.password);
  const counsellor = await newCounsellor(request, adminToken);
  const name = `Followup ${stamp()}`;
  const phone = mobileOf(stamp());
  const id = await newEnquiry(request, adminToken, { name, phone });

  // The admin sets the follow-up to today on the enquiry's page.
  const admin = await signedIn(browser, ADMIN);
  await admin.page.goto(`/admin/enquiries/${id}`);
  await expect(admin.page.getByRole('heading', { name, level: 2 })).toBeVisible();
  const manage = admin.page.getByRole('region', { name: 'Stage and follow-up' });
  await manage.getByLabel('Next follow-up').fill(todayInIndia());
  await manage.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.page.getByText('Enquiry updated').first()).toBeVisible();
  await expectAccessible(admin.page);
  await admin.page.screenshot({ path: 'test-results/enquiry-detail-1280.png', fullPage: true });
  await admin.context.close();

  const { context, page } = await signedIn(browser, counsellor);
  await expect(page.getByTestId('role').first()).toHaveText('Counsellor');
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Counsellor Dashboard' })).toBeVisible();
  // A counsellor's screens: the desk only, with this month's figures.
  const links = page.getByRole('navigation', { name: 'Admin screens' }).getByRole('link');
  await expect(links).toHaveText(['Enquiries']);
  await expect(page.getByTestId('enquiry-figures')).toContainText('Conversion');
  await page.screenshot({ path: 'test-results/enquiries-dashboard-counsellor-1280.png', fullPage: true });
  await links.first().click();
  await expect(page).toHaveURL(/\/admin\/enquiries$/);
  await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Today');
  await expect(row.getByRole('link', { name: `Call ${name}` })).toHaveAttribute('href', `tel:+91${phone}`);
  await expect(row.getByRole('link', { name: `WhatsApp ${name}` })).toHaveAttribute('href', `https://wa.me/91${phone}`);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/enquiries-today-1280.png', fullPage: true });
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/enquiries-today-360.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await row.getByRole('button', { name: `Log outcome for ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Log outcome: ${name}` });
  await expect(dialog.getByLabel('Kind')).toHaveValue('call');
  await dialog.getByLabel('Outcome').fill('Wants the weekend batch; will visit on Saturday');
  await dialog.getByLabel('Next follow-up').fill(addDays(todayInIndia(), 1));
  await dialog.getByRole('button', { name: 'Log outcome' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Logged').first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  await page.getByRole('tab', { name: 'All' }).click();
  await search(page, name);
  const listed = page.getByRole('row').filter({ hasText: name });
  await expect(listed).toContainText('Contacted');
  await listed.getByRole('link', { name }).click();
  await expect(page.getByRole('list', { name: 'History' })).toContainText('Wants the weekend batch');
  await expect(page.getByRole('list', { name: 'History' })).toContainText('New → Contacted');
  await context.close();
});

test('a counsellor marks an enquiry Lost: the reason is asked for', async ({ browser, request }) => {
  const adminToken = await apiToken(request, ADMIN.email, ADMIN.password);
  const counsellor = await newCounsellor(request, adminToken);
  const name = `Lost ${stamp()}`;
  const id = await newEnquiry(request, adminToken, { name, phone: mobileOf(stamp()), owner: counsellor.id });

  const { context, page } = await signedIn(browser, counsellor, PHONE);
  await page.goto(`/admin/enquiries/${id}`);
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(page.getByLabel('Why was it lost?')).toHaveCount(0);
  await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Lost' });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Say why the enquiry was lost')).toBeVisible();
  await page.getByLabel('Why was it lost?').selectOption({ label: 'Fees' });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Enquiry updated').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'History' })).toContainText('New → Lost: Fees');
  await noSidewaysScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/enquiry-detail-360.png', fullPage: true });

  // An enquiry of another centre is not this counsellor's: the desk says it is not found.
  const elsewhere = await request.post('/api/enquiries', {
    headers: bearer(adminToken),
    data: { name: `Dumdum ${stamp()}`, phone: mobileOf(stamp()), centre: 'dumdum', source: 'phone' },
  });
  expect(elsewhere.status()).toBe(201);
  await page.goto(`/admin/enquiries/${(await elsewhere.json())._id}`);
  await expect(page.getByRole('heading', { name: 'Enquiry not found' })).toBeVisible();
  await context.close();
});

test('the funnel counts a counsellor’s enquiries stage by stage and downloads as CSV', async ({ browser, request }) => {
  const adminToken = await apiToken(request, ADMIN.email, ADMIN.password);
  const counsellor = await newCounsellor(request, adminToken);
  const ids = [];
  for (const n of [1, 2, 3])
    ids.push(await newEnquiry(request, adminToken, { name: `Funnel ${n} ${stamp()}`, phone: mobileOf(stamp()), owner: counsellor.id }));
  const token = await apiToken(request, counsellor.email, counsellor.password);
  const call = await request.post(`/api/enquiries/${ids[1]}/activities`, {
    headers: bearer(token),
    data: { kind: 'call', outcome: 'Called back, interested' },
  });
  expect(call.status(), await call.text()).toBe(201);
  const lost = await request.patch(`/api/enquiries/${ids[2]}`, { headers: bearer(token), data: { stage: 'lost', lostReason: 'fees' } });
  expect(lost.ok(), await lost.text()).toBeTruthy();

  const { context, page } = await signedIn(browser, counsellor);
  await page.goto('/admin/enquiries?view=all');
  await page.getByRole('link', { name: 'Funnel', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/enquiries\/funnel$/);
  await expect(page.getByRole('heading', { name: 'Enquiry funnel', level: 1 })).toBeVisible();
  // The period is this month in India by default.
  await expect(page.getByLabel('From')).toHaveValue(`${todayInIndia().slice(0, 7)}-01`);
  await expect(page.getByLabel('To')).toHaveValue(todayInIndia());
  await page.getByLabel('Owner').selectOption({ label: 'Me' });
  const chart = page.getByRole('img', { name: 'Enquiries reaching each stage' });
  await expect(chart.locator('title').first()).toHaveText('New: 3 (100%)');
  await expect(chart.locator('title').nth(1)).toHaveText('Contacted: 1 (33%)');
  await expect(page.getByRole('heading', { name: 'Lost: 1' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Lost enquiries by reason' }).locator('title')).toHaveText('Fees: 1 (100%)');
  await expect(page.getByText('Median days to admission')).toBeVisible();
  const month = page.getByRole('table', { name: 'Enquiries and admissions by month' }).getByRole('row').nth(1);
  await expect(month.getByRole('cell')).toHaveText(['3', '0', '0%']);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/enquiries-funnel-1280.png', fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^enquiry-funnel-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await file.path()) ?? '', 'utf8').replace(/^\uFEFF/, '');
  expect(csv.split(/\r?\n/)[0]).toBe('Section,Item,Value');
  expect(csv).toContain('Reached stage,New,3');

  await page.setViewportSize(PHONE);
  await expect(chart).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/enquiries-funnel-360.png', fullPage: true });
  await context.close();
});

test('the contact page’s enquiry arrives on the desk as New for its centre', async ({ page, browser }) => {
  const name = `Visitor ${stamp()}`;
  await page.goto('/contact');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Phone number').fill(mobileOf(stamp()));
  await page.getByLabel('Centre (optional)').selectOption({ label: KASBA });
  await page.getByLabel('Message').fill('Is there a weekend batch at Kasba?');
  await page.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page.getByText('Your enquiry has reached the centre')).toBeVisible();

  const { context, page: desk } = await signedIn(browser, ADMIN);
  // The admin's dashboard has this month's figures, linking to the funnel.
  await desk.goto('/admin/dashboard');
  const figures = desk.getByRole('region', { name: 'Enquiries this month' });
  await expect(figures.getByTestId('enquiry-figures')).toContainText('Admitted');
  await expect(figures.getByRole('link', { name: 'View funnel: Enquiries this month' })).toHaveAttribute('href', '/admin/enquiries/funnel');
  await desk.screenshot({ path: 'test-results/enquiries-dashboard-admin-1280.png', fullPage: true });
  await desk.goto('/admin/enquiries?view=all&stage=new&centre=kasba');
  await expect(desk.getByLabel('Stage', { exact: true })).toHaveValue('new');
  await search(desk, name);
  const row = desk.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Contact page');
  await expect(row).toContainText(KASBA);
  await expect(row).toContainText('New');
  await row.getByRole('link', { name }).click();
  await expect(desk.getByText('Is there a weekend batch at Kasba?')).toBeVisible();
  await expect(desk.getByRole('list', { name: 'History' })).toContainText('From the website');
  await context.close();
});

import { type Browser, expect, type Page } from '@playwright/test';
import { ADMIN, apiToken, expectAccessible, signIn, test } from './fixtures.ts';
import { stamp } from './builders.ts';

// Staff roles (docs/product-staff.md): a full admin adds a faculty member and an accountant at /admin/staff;
// each signs in and sees only the screens of their role, with the role in the header. Other journeys share
// the server: names are unique.

test.describe.configure({ timeout: 180_000 });

const SHOTS = process.env.E2E_SHOTS;

type Person = { firstName: string; lastName: string; email: string; password: string };

/** Opens "Add staff member" and fills it in, not yet sent. */
async function fillStaffDialog(page: Page, person: Person, role: string) {
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff member' });
  await dialog.getByLabel('First name').fill(person.firstName);
  await dialog.getByLabel('Last name').fill(person.lastName);
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByLabel('Password').fill(person.password);
  await dialog.getByLabel('Role').selectOption({ label: role });
  return dialog;
}

async function addStaff(page: Page, person: Person, role: string) {
  const dialog = await fillStaffDialog(page, person, role);
  await dialog.getByRole('button', { name: 'Add staff member' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: person.email })).toContainText(role);
}

async function screensOf(browser: Browser, email: string, password: string, role: string, shot: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('role').first()).toHaveText(role);
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: `${role} Dashboard` })).toBeVisible();
  const links = page.getByRole('navigation', { name: 'Admin screens' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/${shot}-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/${shot}-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  return { context, page, labels: await links.allInnerTexts() };
}

test('a full admin adds a faculty member and an accountant; each sees only their own screens', async ({ page, browser }) => {
  const id = stamp();
  const faculty = { firstName: 'Meera', lastName: `Faculty${id}`, email: `faculty-${id}@e2e.local`, password: `Faculty-Pass-${id}` };
  const accountant = { firstName: 'Arun', lastName: `Accounts${id}`, email: `accounts-${id}@e2e.local`, password: `Accounts-Pass-${id}` };

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('role').first()).toHaveText('Administrator');
  await page.goto('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Admin screens' }).getByRole('link', { name: 'Manage Staff' }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await expect(page.getByRole('heading', { name: 'Staff' })).toBeVisible();

  // A centre manager without a centre is refused on the form, nothing is sent.
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff member' });
  await dialog.getByLabel('First name').fill('No');
  await dialog.getByLabel('Last name').fill(`Centre${id}`);
  await dialog.getByLabel('Email').fill(`nocentre-${id}@e2e.local`);
  await dialog.getByLabel('Password').fill(`Nocentre-Pass-${id}`);
  await dialog.getByLabel('Role').selectOption({ label: 'Centre manager' });
  await dialog.getByRole('button', { name: 'Add staff member' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A centre manager needs at least one centre');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await addStaff(page, faculty, 'Faculty');
  await addStaff(page, accountant, 'Accountant');
  await expectAccessible(page);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/staff-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/staff-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // The faculty member: exams, evaluation, attendance, materials; never money, staff or settings.
  const f = await screensOf(browser, faculty.email, faculty.password, 'Faculty', 'faculty-dashboard');
  expect(f.labels).toEqual(expect.arrayContaining(['Manage Exams', 'Exam Submissions', 'Attendance', 'Study Materials']));
  for (const hidden of ['Payments', 'Coupons', 'Collections', 'Manage Staff', 'Audit Trail', 'Institute Settings', 'Admission Requests']) {
    expect(f.labels).not.toContain(hidden);
  }
  await f.page.goto('/admin/payments');
  await expect(f.page).toHaveURL(/\/admin\/dashboard$/);
  await f.page.goto('/admin/exams');
  await expect(f.page.getByRole('heading', { name: 'Exam Management' })).toBeVisible();
  await f.context.close();

  // The accountant: payments, collections, coupons; never exams or marks.
  const a = await screensOf(browser, accountant.email, accountant.password, 'Accountant', 'accountant-dashboard');
  expect(a.labels).toEqual(expect.arrayContaining(['Payments', 'Collections', 'Coupons']));
  for (const hidden of ['Manage Exams', 'Exam Submissions', 'Study Materials', 'Attendance', 'Manage Staff', 'Batches and Timetable']) {
    expect(a.labels).not.toContain(hidden);
  }
  await a.page.goto('/admin/submissions');
  await expect(a.page).toHaveURL(/\/admin\/dashboard$/);
  await a.page.goto('/admin/payments');
  await expect(a.page.getByRole('heading', { name: 'Payment Management' })).toBeVisible();
  await a.context.close();

  // The admin changes the faculty member's role, then deletes the accountant after confirming.
  const facultyRow = page.getByRole('row').filter({ hasText: faculty.email });
  await facultyRow.getByRole('button', { name: `Change role of ${faculty.firstName} ${faculty.lastName}` }).click();
  const roleDialog = page.getByRole('dialog', { name: `Role of ${faculty.firstName} ${faculty.lastName}` });
  await roleDialog.getByLabel('Role').selectOption({ label: 'Centre manager' });
  await roleDialog.getByLabel('Kasba', { exact: false }).check();
  await roleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(roleDialog).toBeHidden();
  await expect(facultyRow).toContainText('Centre manager');
  await expect(facultyRow).toContainText('Kasba');

  const accountantRow = page.getByRole('row').filter({ hasText: accountant.email });
  await accountantRow.getByRole('button', { name: `Delete ${accountant.firstName} ${accountant.lastName}` }).click();
  await page.getByRole('dialog', { name: 'Delete staff member' }).getByRole('button', { name: 'Delete' }).click();
  await expect(accountantRow).toHaveCount(0);
});

/**
 * A page asks only for what its role may read (docs/product-staff.md): each staff role opens every screen of
 * its menu, and a student's page from the list, and no API call answers 4xx or 5xx on the way.
 */
test('every staff role is greeted by name and opens every screen of its menu without a refused or failed request', async ({
  page,
  browser,
}) => {
  const id = stamp();
  const token = await apiToken(page.request, ADMIN.email, ADMIN.password);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/dashboard');
  await expect(page.getByText('Welcome back, Institute Admin. Here is what is happening at the institute.')).toBeVisible();
  // Named as the institute names them: the greeting says "Dr. Ghosh", and an office's account its full name.
  const roles = [
    {
      role: 'centre_manager',
      label: 'Centre manager',
      centres: ['kasba'],
      name: ['Kasba', 'Manager'],
      greeting: 'Welcome back, Kasba Manager.',
    },
    { role: 'faculty', label: 'Faculty', centres: [], name: ['Dr. P.', 'Ghosh'], greeting: 'Welcome back, Dr. Ghosh.' },
    { role: 'accountant', label: 'Accountant', centres: [], name: ['Arun', 'Mitra'], greeting: 'Welcome back, Arun.' },
  ] as const;
  for (const r of roles) {
    const [firstName, lastName] = r.name;
    const person = { firstName, lastName, email: `tour-${r.role}-${id}@e2e.local`, password: `Tour-Pass-${id}` };
    const created = await page.request.post('/api/staff', {
      headers: { authorization: `Bearer ${token}` },
      data: { ...person, role: r.role, centres: r.centres },
    });
    expect(created.status(), await created.text()).toBe(201);

    const context = await browser.newContext();
    const p = await context.newPage();
    const failed: string[] = [];
    p.on('response', (res) => {
      if (res.url().includes('/api/') && res.status() >= 400)
        failed.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
    });
    p.on('console', (msg) => {
      if (msg.type() === 'error') failed.push(`console: ${msg.text()}`);
    });
    await signIn(p, person.email, person.password);
    await p.goto('/admin/dashboard');
    await expect(p.getByText(r.greeting)).toBeVisible();
    if (SHOTS) {
      await p.screenshot({ path: `${SHOTS}/tour-${r.role}-1280.png` });
      await p.setViewportSize({ width: 360, height: 780 });
      await p.screenshot({ path: `${SHOTS}/tour-${r.role}-360.png` });
      await p.setViewportSize({ width: 1280, height: 800 });
    }
    const menu = p.getByRole('navigation', { name: 'Admin screens' }).getByRole('link');
    await expect(menu.first()).toBeVisible();
    const screens = await menu.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname));
    expect(screens.length).toBeGreaterThan(1);
    for (const path of screens) {
      const before = failed.length;
      await p.goto(path);
      await expect(p).toHaveURL(new RegExp(`${path}$`));
      await p.waitForLoadState('networkidle');
      if (path === '/admin/batches') {
        // And a batch's page (the centre manager's own centre's).
        await p.locator('table').getByRole('link').first().click();
        await expect(p).toHaveURL(/\/admin\/batches\/[0-9a-f-]{36}$/);
        await p.waitForLoadState('networkidle');
      }
      if (path === '/admin/students') {
        // And a student's page from the list (the demo content has students at every centre).
        await p
          .getByRole('link', { name: /^View / })
          .first()
          .click();
        await expect(p).toHaveURL(/\/admin\/students\/[0-9a-f-]{36}$/);
        await p.waitForLoadState('networkidle');
      }
      for (const f of failed.slice(before)) failed[failed.indexOf(f)] = `${r.label} ${path}: ${f}`;
    }
    expect(failed).toEqual([]);
    await context.close();
  }
});

test('a counsellor is added with their centre and sees the admissions desk only', async ({ page, browser }) => {
  const id = stamp();
  const person = { firstName: 'Kavya', lastName: `Counsellor${id}`, email: `counsellor-${id}@e2e.local`, password: `Counsel-Pass-${id}` };
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/staff');
  const dialog = await fillStaffDialog(page, person, 'Counsellor');
  // Centre-scoped like a centre manager: refused without a centre.
  await dialog.getByRole('button', { name: 'Add staff member' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A counsellor needs at least one centre');
  await dialog.getByLabel('Kasba', { exact: false }).check();
  await dialog.getByRole('button', { name: 'Add staff member' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: person.email });
  await expect(row).toContainText('Counsellor');
  await expect(row).toContainText('Kasba');

  const c = await screensOf(browser, person.email, person.password, 'Counsellor', 'counsellor-dashboard');
  expect(c.labels).toEqual(['Enquiries']);
  await c.page.goto('/admin/students');
  await expect(c.page).toHaveURL(/\/admin\/dashboard$/);
  await c.page.goto('/admin/enquiries');
  await expect(c.page.getByRole('heading', { name: 'Enquiries', level: 1 })).toBeVisible();
  await c.context.close();
});

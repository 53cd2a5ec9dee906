import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiToken, expect, expectAccessible, mailsTo, signIn, test } from './fixtures.ts';
import { admitStudent, createBatch, stamp } from './builders.ts';

// The admin's student list (docs/product.md section 2 "Admin student list", sections 5 and 8 for the texts).
// Students are made by approving admission requests through the API; their names carry a unique tag so
// the list can be narrowed to them while other journeys share the server.

const loginStatus = async (request: APIRequestContext, email: string, password: string) =>
  (await request.post('/api/auth/login', { data: { email, password } })).status();

/** Types into the search box and waits for the debounced, server-side answer to be on screen. */
async function search(page: Page, text: string) {
  await page.getByLabel('Search students').fill(text);
  if (text) await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text)}`));
  await settled(page);
}

const settled = (page: Page) => expect(page.getByTestId('student-results')).toHaveAttribute('aria-busy', 'false');

const rows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('cell') });

test('an admin filters, sorts, searches, exports, deactivates, resets and deletes students', async ({ page, browser }) => {
  // One long journey (three accounts, several sign-ins with memory-hard hashing): allow for a busy machine.
  test.setTimeout(180_000);
  const tag = `Tag${stamp()}`;
  const token = await apiToken(page.request, ADMIN.email, ADMIN.password);
  const made = (first: string, centre: string) => admitStudent(page.request, { name: `${first} ${tag}`, centre }, token);
  const aarav = await made('Aarav', 'dumdum');
  const bela = await made('Bela', 'kasba');
  const chand = await made('Chand', 'shrirampur');

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Manage Students' }).click();
  await expect(page.getByRole('heading', { name: 'Student Management' })).toBeVisible();
  for (const tile of ['Total Students', 'Active Students', 'Courses Offered', 'Active Centres']) {
    await expect(page.getByText(tile, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Centre Distribution' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Course Distribution' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/admin/dashboard');

  // Search (server side, debounced) narrows the list to the three students of this run.
  await search(page, tag);
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).first()).toContainText(aarav.name);
  await expectAccessible(page);

  // Sort by name, then descending.
  await page.getByRole('button', { name: 'Ascending' }).click();
  await expect(page.getByRole('button', { name: 'Descending' })).toBeVisible();
  await expect(rows(page).first()).toContainText(chand.name);
  await page.getByLabel('Sort by').selectOption('email');
  await expect(rows(page).last()).toContainText(aarav.name);

  // Centre filter, and View All on a centre card sets it.
  await page.getByLabel('Centre', { exact: true }).selectOption('kasba');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(bela.name);
  await page.getByRole('button', { name: 'Clear All Filters' }).click();
  await expect(page.getByLabel('Search students')).toHaveValue('');
  await page.getByRole('button', { name: /View All students of Shrirampur/ }).click();
  await expect(page.getByLabel('Centre', { exact: true })).toHaveValue('shrirampur');
  await search(page, tag);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(chand.name);
  await page.getByRole('button', { name: 'Clear All Filters' }).click();

  // No match: the filtered empty state.
  await search(page, `${tag}-nobody`);
  await expect(page.getByText('No students found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filter criteria')).toBeVisible();

  // Export the filtered rows as students.csv.
  await search(page, tag);
  await expect(rows(page)).toHaveCount(3);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('students.csv');
  const csv = fs.readFileSync((await download.path()) ?? '', 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe('Name,Email,Phone,Course,Centre,Status,Exams Taken,Average Score,Joined Date');
  expect(lines).toHaveLength(4);
  expect(csv).toContain(bela.email);

  // The Email action is a pre-filled mail draft.
  const mailto = await page.getByRole('link', { name: `Email ${aarav.name}` }).getAttribute('href');
  expect(mailto).toMatch(new RegExp(`^mailto:${aarav.email}\\?subject=.+&body=.+`));

  // Deactivate: the row says Inactive, the status filter finds it, and the student cannot sign in.
  expect(await loginStatus(page.request, aarav.email, aarav.password)).toBe(200);
  // Aarav is signed in elsewhere when the admin deactivates the account.
  const other = await browser.newContext();
  const studentPage = await other.newPage();
  await signIn(studentPage, aarav.email, aarav.password);
  await page.getByRole('button', { name: `Deactivate ${aarav.name}` }).click();
  await expect(page.getByRole('button', { name: `Activate ${aarav.name}` })).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('inactive');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Inactive');
  // Their next step lands on the sign-in page, which says why.
  await studentPage.goto('/student/results');
  await expect(studentPage).toHaveURL(/\/login$/);
  await expect(studentPage.getByRole('alert')).toHaveText('Your account has been deactivated. Please contact the institute.');
  await studentPage.getByLabel('Email').fill(aarav.email);
  await studentPage.getByLabel('Password', { exact: true }).fill(aarav.password);
  await studentPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(studentPage.getByRole('alert')).toContainText('deactivated');
  await other.close();
  await page.getByLabel('Status', { exact: true }).selectOption('');
  await expect(rows(page)).toHaveCount(3);

  // Reset Pwd mails a new temporary password; the old one stops working.
  const before = (await mailsTo(page, bela.email)).length;
  await page.getByRole('button', { name: `Reset Pwd: ${bela.name}` }).click();
  await page.getByRole('dialog', { name: 'Reset password' }).getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(`Password reset email sent to ${bela.email}`)).toBeVisible();
  const mails = await mailsTo(page, bela.email);
  expect(mails.length).toBe(before + 1);
  expect(mails[0].subject).toContain('your password has been reset');
  const fresh = /Temporary password: (\S+)/.exec(mails[0].text)?.[1] ?? '';
  expect(await loginStatus(page.request, bela.email, fresh)).toBe(200);
  expect(await loginStatus(page.request, bela.email, bela.password)).toBe(401);

  // View opens the student's detail.
  await page.getByRole('link', { name: `View ${bela.name}` }).click();
  await expect(page.getByRole('heading', { name: bela.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Exam statistics' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to students' }).click();

  // Delete: a wrong word cancels, DELETE removes.
  await search(page, tag);
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole('button', { name: `Delete ${chand.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete student permanently' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel(/Type DELETE to confirm/).fill('delete');
  await dialog.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(page.getByText('Deletion cancelled. You must type "DELETE" exactly to confirm.')).toBeVisible();
  await expect(rows(page)).toHaveCount(3);

  await page.getByRole('button', { name: `Delete ${chand.name}` }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel(/Type DELETE to confirm/).fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(page.getByText(`${chand.name} has been successfully deleted from the system.`)).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  expect(await loginStatus(page.request, chand.email, chand.password)).toBe(401);

  await page.goto(`/admin/students/${chand.id}`);
  await expect(page.getByText('Student Not Found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to students' }).first()).toBeVisible();
});

test('a visitor is sent to sign in from the student list', async ({ page }) => {
  await page.goto('/admin/students');
  await expect(page).toHaveURL(/\/login$/);
  const res = await page.request.get('/api/users?role=student');
  expect(res.status()).toBe(401);
});

test('a centre manager’s centre filters and pickers list only their own centres, by name', async ({ page }) => {
  const tag = stamp();
  const token = await apiToken(page.request, ADMIN.email, ADMIN.password);
  const person = { firstName: 'Kasba', lastName: `Filters${tag}`, email: `cm-filters-${tag}@e2e.local`, password: `Cm-Pass-${tag}` };
  const created = await page.request.post('/api/staff', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...person, role: 'centre_manager', centres: ['kasba'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const shots = process.env.E2E_SHOTS;
  const optionsOf = (label: string) => page.getByLabel(label, { exact: true }).locator('option').allInnerTexts();

  await signIn(page, person.email, person.password);
  await page.goto('/admin/students');
  await expect(page.getByRole('heading', { name: 'Student Management' })).toBeVisible();
  await expect.poll(() => optionsOf('Centre')).toEqual(['All centres', 'Kasba/Ballygunge Centre']);
  if (shots) {
    await page.screenshot({ path: `${shots}/cm-students-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/cm-students-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  await page.goto('/admin/batches');
  await expect(page.getByRole('heading', { name: 'Batches' })).toBeVisible();
  await expect.poll(() => optionsOf('Centre')).toEqual(['All centres', 'Kasba/Ballygunge Centre']);
  await page.getByRole('button', { name: 'New Batch' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Batch' });
  const picker = dialog.getByLabel('Centre', { exact: true });
  await expect.poll(() => picker.locator('option').allInnerTexts()).toEqual(['Select a centre', 'Kasba/Ballygunge Centre']);
  await expect(picker).toHaveValue('kasba');
  if (shots) await page.screenshot({ path: `${shots}/cm-new-batch-1280.png` });
  await expectAccessible(page);
});

test('moving a CLAT student offers the CLAT batches first and confirms a batch of another course', async ({ page }) => {
  const tag = stamp();
  const token = await apiToken(page.request, ADMIN.email, ADMIN.password);
  const auth = { authorization: `Bearer ${token}` };
  const courses = (await (await page.request.get('/api/courses')).json()) as { _id: string; name: string }[];
  const courseId = (name: string) => courses.find((c) => c.name === name)?._id;
  const batch = (name: string, course: string) =>
    createBatch(page.request, token, { name, course, startsOn: '2026-01-01', endsOn: '2027-12-31', capacity: 10 });
  const clat = await batch(`CLAT Evening ${tag}`, courseId('CLAT Preparation') ?? '');
  const judiciary = await batch(`Judiciary Evening ${tag}`, courseId('Judiciary Exam') ?? '');
  const student = await admitStudent(page.request, { name: `Mover ${tag}` }, token);
  const { id } = student;
  const batchOf = async () => (await (await page.request.get(`/api/users/${id}`, { headers: auth })).json()).batch;

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/admin/students/${id}`);
  await expect(page.getByRole('heading', { name: student.name })).toBeVisible();
  const picker = page.getByLabel('Batch', { exact: true });
  const groups = picker.locator('optgroup');
  await expect(groups).toHaveCount(2);
  await expect(groups.first()).toHaveAttribute('label', 'CLAT Preparation batches');
  await expect(groups.first().locator('option', { hasText: clat.name })).toHaveCount(1);
  await expect(groups.nth(1)).toHaveAttribute('label', 'Other courses');
  await expect(groups.nth(1).locator('option', { hasText: judiciary.name })).toHaveText(`${judiciary.name} (Judiciary Exam)`);

  // A batch of another course asks first; Cancel moves nobody.
  await picker.selectOption(judiciary._id);
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: "Move to another course's batch?" });
  await expect(dialog).toContainText(`${judiciary.name} is a batch of Judiciary Exam, and ${student.name}'s course is CLAT Preparation.`);
  const shots = process.env.E2E_SHOTS;
  if (shots) await page.screenshot({ path: `${shots}/move-other-course-1280.png` });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await batchOf()).toBeNull();

  // Their own course's batch moves at once.
  await picker.selectOption(clat._id);
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText(`Student moved to ${clat.name}`)).toBeVisible();
  expect((await batchOf())?._id).toBe(clat._id);

  // Confirmed, the move to the other course's batch goes through; on a phone too.
  await page.setViewportSize({ width: 360, height: 780 });
  await picker.selectOption(judiciary._id);
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  if (shots) await page.screenshot({ path: `${shots}/move-other-course-360.png` });
  await dialog.getByRole('button', { name: 'Move anyway' }).click();
  await expect(page.getByText(`Student moved to ${judiciary.name}`)).toBeVisible();
  expect((await batchOf())?._id).toBe(judiciary._id);

  // Without the confirmation the server refuses it too.
  const back = await page.request.patch(`/api/users/${id}`, { headers: auth, data: { batch: clat._id } });
  expect(back.status()).toBe(200);
  const again = await page.request.patch(`/api/users/${id}`, { headers: auth, data: { batch: judiciary._id } });
  expect(again.status()).toBe(409);
  expect((await again.json()).reason).toBe('OTHER_COURSE');
});

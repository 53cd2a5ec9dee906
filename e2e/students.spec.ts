import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, expect, expectAccessible, mailsTo, signIn, test } from './fixtures.ts';

// The admin's student list (docs/product.md section 2 "Admin student list", sections 5 and 8 for the texts).
// Students are made by approving admission requests through the API; their names carry a unique tag so
// the list can be narrowed to them while other journeys share the server.

type Made = { id: string; name: string; email: string; password: string; centre: string };

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: ADMIN });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).token;
}

async function makeStudent(request: APIRequestContext, token: string, first: string, tag: string, centre: string): Promise<Made> {
  const courses = await (await request.get('/api/courses')).json();
  const name = `${first} ${tag}`;
  const email = `${first.toLowerCase()}-${tag.toLowerCase()}@e2e.local`;
  const created = await request.post('/api/admission-requests', {
    data: {
      fullName: name,
      email,
      phone: '9876543210',
      address: 'Salt Lake, Kolkata',
      education: 'Class 12',
      course: courses[0]._id,
      centre,
      reason: 'Law entrance preparation',
    },
  });
  expect(created.status()).toBe(201);
  const { request: req } = await created.json();
  const approved = await request.patch(`/api/admission-requests/admin/${req._id}/approve`, {
    headers: { authorization: `Bearer ${token}` },
    data: { adminNotes: null },
  });
  expect(approved.ok()).toBeTruthy();
  const { user } = await approved.json();
  return { id: user._id, name, email, password: user.temporaryPassword, centre };
}

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
  const tag = `Tag${Date.now()}`;
  const token = await adminToken(page.request);
  const aarav = await makeStudent(page.request, token, 'Aarav', tag, 'dumdum');
  const bela = await makeStudent(page.request, token, 'Bela', tag, 'kasba');
  const chand = await makeStudent(page.request, token, 'Chand', tag, 'shrirampur');

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

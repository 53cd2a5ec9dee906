import type { Page } from '@playwright/test';
import { toIstInput } from '../common/src/rules/dates.ts';
import { ADMIN, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { stamp } from './builders.ts';

// Course and announcement management (docs/product.md section 2), each change checked on the public home page.
// Other journeys share the server: names are unique and no count of shared data is assumed.

/** Opens the home page and waits until the list behind `apiPath` has arrived. */
/** The home page as a visitor opens it: rendered on the server with the courses and announcements in it. */
async function openHome(page: Page) {
  await page.goto('/');
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** A datetime-local value in India time, `days` from now (the form reads its dates as India time). */
const istInput = (days: number) => toIstInput(new Date(Date.now() + days * 86_400_000).toISOString());

test('an admin creates, edits, deactivates, restores and deletes a course, seen on the home page', async ({ page }) => {
  const name = `E2E Course ${stamp()}`;
  const description = 'A complete programme for the common law admission test, with weekly mocks and doubt sessions.';
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Manage Courses' }).click();
  await expect(page.getByRole('heading', { name: 'Course Management' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);

  // Validation first: every required field, and the features rule.
  await page.getByRole('button', { name: 'Add Course' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Course' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Remove feature/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create Course' }).click();
  for (const msg of ['Name is required', 'Description is required', 'Price is required', 'Duration is required']) {
    await expect(dialog.getByText(msg)).toBeVisible();
  }
  await expect(dialog.getByText('Please add at least one feature')).toBeVisible();
  await expectAccessible(page);

  await dialog.getByLabel('Course name').fill(name);
  await dialog
    .getByLabel('Description')
    .fill('A complete programme for the common law admission test, with weekly mocks and doubt sessions.');
  await dialog.getByLabel('Price (₹)').fill('12345');
  await dialog.getByLabel('Fee type').selectOption('monthly');
  await dialog.getByLabel('Category').fill('CLAT');
  await dialog.getByLabel('Duration').fill('7 months');
  await dialog.getByRole('button', { name: 'Create Course' }).click();
  await expect(dialog.getByText('Please add at least one feature')).toBeVisible();

  await dialog.getByLabel('Feature 1', { exact: true }).fill('Weekly mock tests');
  await dialog.getByRole('button', { name: 'Add Feature' }).click();
  await dialog.getByLabel('Feature 2', { exact: true }).fill('Printed study material');
  await dialog.getByRole('button', { name: 'Add Feature' }).click();
  await dialog.getByRole('button', { name: 'Add Feature' }).click();
  await dialog.getByRole('button', { name: 'Remove feature 4' }).click();
  await expect(dialog.getByLabel('Feature 4', { exact: true })).toHaveCount(0);
  // Feature 3 stays blank: empty features are dropped.
  await dialog.getByRole('button', { name: 'Create Course' }).click();
  await expect(page.getByText('Course created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const courseRow = row(page, name);
  await expect(courseRow).toContainText('₹12,345');
  await expect(courseRow).toContainText('Monthly');
  await expect(courseRow).toContainText('2 features');
  // Table previews are cut at 60 characters (docs/product.md section 9).
  await expect(courseRow).toContainText(`${description.slice(0, 60)}...`);
  await expect(courseRow).not.toContainText(description);
  await expect(courseRow).toContainText('Active');

  await openHome(page);
  const card = page.getByRole('article', { name });
  await expect(card).toContainText('₹12,345');
  await expect(card).toContainText('Weekly mock tests');

  // Edit: the new price shows on the home page.
  await page.goto('/admin/courses');
  await row(page, name).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Course' });
  await expect(edit.getByLabel('Course name')).toHaveValue(name);
  await expect(edit.getByLabel('Feature 2', { exact: true })).toHaveValue('Printed study material');
  await edit.getByLabel('Price (₹)').fill('23456');
  await edit.getByRole('button', { name: 'Update Course' }).click();
  await expect(page.getByText('Course updated successfully')).toBeVisible();
  await expect(row(page, name)).toContainText('₹23,456');
  await openHome(page);
  await expect(page.getByRole('article', { name })).toContainText('₹23,456');

  // Deactivate: gone from the public site; Restore: back.
  await page.goto('/admin/courses');
  await row(page, name).getByRole('button', { name: 'Deactivate' }).click();
  await expect(row(page, name)).toContainText('Inactive');
  await expect(row(page, name).getByRole('button', { name: 'Restore' })).toBeVisible();
  await openHome(page);
  await expect(page.getByRole('heading', { name: 'Our courses' })).toBeVisible();
  await expect(page.getByRole('article', { name })).toHaveCount(0);

  await page.goto('/admin/courses');
  await row(page, name).getByRole('button', { name: 'Restore' }).click();
  await expect(row(page, name).getByRole('button', { name: 'Deactivate' })).toBeVisible();
  await openHome(page);
  await expect(page.getByRole('article', { name })).toBeVisible();

  // Delete permanently, after confirmation; Cancel keeps it.
  await page.goto('/admin/courses');
  await row(page, name).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete course permanently?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, name)).toHaveCount(1);
  await row(page, name).getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(page.getByText('Course deleted permanently')).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
  await openHome(page);
  await expect(page.getByRole('article', { name })).toHaveCount(0);
});

test('an admin manages announcements; deactivated and expired ones are not on the home page', async ({ page }) => {
  const title = `E2E Notice ${stamp()}`;
  const expiredTitle = `E2E Expired ${stamp()}`;
  const content = 'The second CLAT mock test of the term is on Saturday at 10 AM in every centre. Bring your admit card.';
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Manage Announcements' }).click();
  await expect(page.getByRole('heading', { name: 'Announcement Management' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add Announcement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Announcement' });
  await expect(dialog.getByLabel('Type')).toHaveValue('announcement');
  await expect(dialog.getByLabel('Priority')).toHaveValue('medium');
  await expect(dialog.getByLabel('Target audience')).toHaveValue('all');
  await dialog.getByRole('button', { name: 'Create Announcement' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Content is required')).toBeVisible();
  await expectAccessible(page);

  await dialog.getByLabel('Title').fill(title);
  await dialog
    .getByLabel('Content')
    .fill('The second CLAT mock test of the term is on Saturday at 10 AM in every centre. Bring your admit card.');
  await dialog.getByLabel('Type').selectOption('exam_schedule');
  await dialog.getByLabel('Priority').selectOption('urgent');
  await dialog.getByRole('button', { name: 'Create Announcement' }).click();
  await expect(page.getByText('Announcement created successfully')).toBeVisible();
  const annRow = row(page, title);
  await expect(annRow).toContainText('EXAM SCHEDULE');
  await expect(annRow).toContainText('Urgent');
  await expect(annRow).toContainText(`${content.slice(0, 60)}...`);
  await expect(annRow).toContainText('No expiry');

  // Blank publish date = now: it is the newest, so among the home page's latest five.
  await openHome(page);
  const item = page.getByRole('article', { name: title });
  await expect(item).toContainText('EXAM SCHEDULE');
  await expect(item).toContainText('Bring your admit card.');

  await page.goto('/admin/announcements');
  await row(page, title).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Announcement' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await expect(edit.getByLabel('Priority')).toHaveValue('urgent');
  await edit.getByLabel('Content').fill('Moved: the second CLAT mock test is now on Sunday at 11 AM.');
  await edit.getByRole('button', { name: 'Update Announcement' }).click();
  await expect(page.getByText('Announcement updated successfully')).toBeVisible();
  await openHome(page);
  await expect(page.getByRole('article', { name: title })).toContainText('now on Sunday at 11 AM');

  await page.goto('/admin/announcements');
  await row(page, title).getByRole('button', { name: 'Deactivate' }).click();
  await expect(row(page, title)).toContainText('Inactive');
  await openHome(page);
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);

  await page.goto('/admin/announcements');
  await row(page, title).getByRole('button', { name: 'Restore' }).click();
  await expect(row(page, title).getByRole('button', { name: 'Deactivate' })).toBeVisible();
  await openHome(page);
  await expect(page.getByRole('article', { name: title })).toBeVisible();

  // An announcement whose expiry has passed is refused from the home page; expiry before publish is refused.
  await page.goto('/admin/announcements');
  await page.getByRole('button', { name: 'Add Announcement' }).click();
  await dialog.getByLabel('Title').fill(expiredTitle);
  await dialog.getByLabel('Content').fill('Fee concession for the summer batch ended yesterday.');
  await dialog.getByLabel('Priority').selectOption('urgent');
  await dialog.getByLabel('Publish date (India time)').fill(istInput(-1));
  await dialog.getByLabel('Expiry date (optional)').fill(istInput(-2));
  await dialog.getByRole('button', { name: 'Create Announcement' }).click();
  await expect(dialog.getByText('Expiry date must be after the publish date')).toBeVisible();
  await dialog.getByLabel('Publish date (India time)').fill(istInput(-2));
  await dialog.getByLabel('Expiry date (optional)').fill(istInput(-1));
  await dialog.getByRole('button', { name: 'Create Announcement' }).click();
  await expect(page.getByText('Announcement created successfully')).toBeVisible();
  await expect(row(page, expiredTitle)).toContainText('Expired');
  await openHome(page);
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await expect(page.getByRole('article', { name: expiredTitle })).toHaveCount(0);

  // Delete both permanently.
  await page.goto('/admin/announcements');
  for (const t of [title, expiredTitle]) {
    await row(page, t).getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete announcement permanently?' })
      .getByRole('button', { name: 'Delete permanently' })
      .click();
    await expect(row(page, t)).toHaveCount(0);
  }
  await openHome(page);
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
});

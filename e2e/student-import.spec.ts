import { ADMIN, apiToken, bearer, expect, expectAccessible, mailsTo, signIn, test } from './fixtures.ts';
import { createBatch, stamp } from './builders.ts';

// Bringing existing students in (docs/product-batches.md): a spreadsheet is checked row by row first,
// nothing is created until Import, then each valid row becomes an approved student e-mailed their sign-in.
test.describe.configure({ timeout: 240_000 });

test('an admin checks a student sheet, sees the row errors, imports the valid rows and the students get their credentials', async ({
  page,
}) => {
  const id = stamp();
  const batchName = `Import E2E ${id} Evening, Dumdum`;
  const admin = await apiToken(page.request, ADMIN.email, ADMIN.password);
  await createBatch(page.request, admin, { name: batchName });
  await page.request.post('/api/auth/logout', { headers: bearer(admin) });

  const first = `imp-a-${id}@e2e.local`;
  const second = `imp-b-${id}@e2e.local`;
  const sheet = [
    'name,email,phone,course,centre,batch,registrationNumber',
    `Asha Import ${id},${first},9830012001,CLAT Preparation,dumdum,"${batchName}",`,
    `Bimal Import ${id},${second},9830012002,CLAT Preparation,dumdum,"${batchName}",OLD-${id}`,
    `Chitra Import ${id},not-an-email,9830012003,CLAT Preparation,dumdum,"${batchName}",`,
  ].join('\r\n');

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/batches');
  await page.getByRole('link', { name: 'Import students' }).click();
  await expect(page.getByRole('heading', { name: 'Import Students' })).toBeVisible();
  const importButton = page.getByRole('button', { name: /^Import/ });
  await expect(importButton).toBeDisabled();
  await page.getByLabel('Spreadsheet').setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText('2 rows ready, 1 with an error (skipped on import).')).toBeVisible();
  const rows = page.getByRole('table', { name: 'Rows of the file' });
  await expect(rows.getByRole('row').filter({ hasText: 'Error' })).toHaveCount(1);
  await expect(rows.getByRole('row').filter({ hasText: 'Error' })).toContainText('email');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/import-checked.png', fullPage: true });

  // The dry run created nobody.
  await page.goto('/admin/students');
  await page.getByLabel('Search students').fill(`Import ${id}`);
  await expect(page.getByText('No students found')).toBeVisible();

  await page.goBack();
  await page.getByLabel('Spreadsheet').setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
  await page.getByRole('button', { name: 'Check file' }).click();
  await page.getByRole('button', { name: 'Import 2' }).click();
  await expect(page.getByText('2 created, 1 skipped. Each student was e-mailed their credentials.')).toBeVisible();

  // Each imported student is an approved student of the batch, and was e-mailed how to sign in.
  const mails = await mailsTo(page, first);
  expect(mails.length).toBeGreaterThan(0);
  await page.goto('/admin/students');
  await page.getByLabel('Search students').fill(`Import ${id}`);
  await expect(page.getByRole('row').filter({ hasText: `Bimal Import ${id}` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Asha Import ${id}` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Chitra Import ${id}` })).toHaveCount(0);
});

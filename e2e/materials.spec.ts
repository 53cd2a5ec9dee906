import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { pdfText } from '../server/test/pdf-text.ts';
import { ADMIN, apiToken, bearer, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { admitStudent, clatCourse, createBatch, stamp } from './builders.ts';

// Study materials (docs/product-materials.md): an admin uploads a PDF for one batch; a student of that
// batch finds it and downloads a copy stamped with their name on every page; a student of another batch
// does not see it; the admin's list counts the download.
test.describe.configure({ timeout: 240_000 });

const shots = (name: string) => `test-results/materials-${name}.png`;

async function notesPdf(title: string, pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(title, { x: 50, y: 780, size: 18, font });
    page.drawText(`Page ${i}: the notes of this page.`, { x: 50, y: 740, size: 12, font });
  }
  return Buffer.from(await doc.save());
}

test('an admin uploads a PDF for a batch; its student downloads it stamped; a student of another batch does not see it', async ({
  page,
  browser,
}) => {
  const id = stamp();
  const title = `Torts notes ${id}`;

  // Fresh data: two batches of the CLAT course, a student in each.
  const admin = await apiToken(page.request, ADMIN.email, ADMIN.password);
  const batch = (label: string) => createBatch(page.request, admin, { name: `CLAT E2E ${id} ${label}` });
  const batchA = await batch('Evening A');
  const batchB = await batch('Evening B');
  const asha = await admitStudent(page.request, { name: `Asha Materials ${id}`, batch: batchA._id }, admin);
  const bina = await admitStudent(page.request, { name: `Bina Materials ${id}`, batch: batchB._id }, admin);
  await page.request.post('/api/auth/logout', { headers: bearer(admin) });

  // The admin adds the PDF from the dashboard's quick link.
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Study Materials' }).click();
  await expect(page.getByRole('heading', { name: 'Study Materials', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add Material' }).click();
  const form = page.getByRole('dialog', { name: 'Add Study Material' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Subject').fill('Law of Torts');
  await form.getByLabel('Description').fill('Negligence and strict liability');
  // A file that is not a PDF is refused by the server with the field named.
  await form
    .getByLabel('File (PDF)')
    .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') });
  await form.getByLabel(batchA.name).check();
  await form.getByRole('button', { name: 'Add Material' }).click();
  await expect(form.getByText('Only PDF files can be uploaded: this file is not a PDF')).toBeVisible();
  await page.screenshot({ path: shots('form-1280') });
  await form.getByLabel('File (PDF)').setInputFiles({ name: 'torts.pdf', mimeType: 'application/pdf', buffer: await notesPdf(title, 3) });
  await form.getByRole('button', { name: 'Add Material' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('PDF, 3 pages');
  await expect(row).toContainText(batchA.name);
  await expect(row).toContainText('Published');
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: shots('admin-1280'), fullPage: true });

  // The student of batch A: the material is listed; the download is a stamped copy.
  const context = await browser.newContext({ acceptDownloads: true });
  const me = await context.newPage();
  await signIn(me, asha.email, asha.password);
  await me.goto('/student/dashboard');
  await me.getByRole('link', { name: 'All study materials' }).click();
  await expect(me.getByRole('heading', { name: 'Study materials', exact: true })).toBeVisible();
  const card = me.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('Law of Torts');
  await me.getByLabel('Subject').selectOption('Law of Torts');
  await expect(me.getByRole('listitem').filter({ hasText: 'Legal Reasoning' })).toHaveCount(0);
  await expect(card).toBeVisible();
  await me.getByLabel('Subject').selectOption('');
  await me.getByLabel('Search').fill('strict liability');
  await expect(me.getByRole('list', { name: 'Study materials' }).getByRole('listitem')).toHaveCount(1);
  await expectAccessible(me);
  await me.screenshot({ path: shots('student-1280'), fullPage: true });
  const [download] = await Promise.all([me.waitForEvent('download'), card.getByRole('button', { name: 'Download PDF' }).click()]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'materials-e2e-'));
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  const pdf = fs.readFileSync(file);
  const doc = await PDFDocument.load(pdf);
  expect(doc.getPageCount()).toBe(3);
  for (let i = 0; i < 3; i++) {
    const one = await PDFDocument.create();
    const [p] = await one.copyPages(doc, [i]);
    one.addPage(p);
    const text = pdfText(Buffer.from(await one.save()));
    expect(text, `page ${i + 1}`).toContain(`Downloaded by ${asha.name} (${asha.registrationNumber})`);
  }
  // The first page as a picture, to look at the stamp (poppler's pdftoppm renders it).
  try {
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      path.resolve(shots('stamped-page-1')).replace(/\.png$/, ''),
    ]);
  } catch (err) {
    test.info().annotations.push({ type: 'note', description: `page not rendered to PNG: ${(err as Error).message}` });
  }

  // On a phone the list is still readable, nothing scrolls sideways.
  await me.setViewportSize({ width: 390, height: 844 });
  await me.getByLabel('Search').fill('');
  await expect(me.getByRole('list', { name: 'Study materials' }).getByRole('listitem')).toHaveCount(3);
  expect(await me.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await me.screenshot({ path: shots('student-390'), fullPage: true });
  await context.close();

  // The student of batch B does not see it and cannot download it.
  const other = await browser.newContext();
  const her = await other.newPage();
  await signIn(her, bina.email, bina.password);
  await her.goto('/student/materials');
  await expect(her.getByRole('heading', { name: 'Study materials', exact: true })).toBeVisible();
  await expect(her.getByRole('listitem').filter({ hasText: 'Legal Reasoning: reading principles and facts' })).toBeVisible();
  await expect(her.getByText(title)).toHaveCount(0);
  const token = await her.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
  const materialId = (
    await (await page.request.get('/api/materials', { headers: bearer(await apiToken(page.request, ADMIN.email, ADMIN.password)) })).json()
  ).find((m: { title: string }) => m.title === title)._id;
  const refused = await her.request.get(`/api/materials/${materialId}/download`, { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(404);
  await other.close();

  // The admin's list counts the student's download.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: title }).getByRole('cell').nth(4)).toHaveText('1');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('Downloads');
  await page.screenshot({ path: shots('admin-390'), fullPage: true });
});

test('deleting a study material asks first, naming it; Cancel keeps it, Delete removes it', async ({ page }) => {
  const title = `Writs lecture ${stamp()}`;
  const admin = await apiToken(page.request, ADMIN.email, ADMIN.password);
  const made = await page.request.post('/api/materials', {
    headers: bearer(admin),
    data: {
      title,
      subject: 'Constitutional Law',
      courses: [(await clatCourse(page.request))._id],
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
    },
  });
  expect(made.status(), await made.text()).toBe(201);

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/materials');
  const row = page.getByRole('row').filter({ hasText: title });
  const dialog = page.getByRole('dialog', { name: 'Delete study material?' });
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await expect(dialog).toContainText(`${title} will disappear from the students' lists. This cannot be undone.`);
  await expectAccessible(page);
  await page.screenshot({ path: shots('delete-desktop') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('listitem').filter({ hasText: title });
  await card.getByRole('button', { name: `Delete ${title}` }).click();
  await expect(dialog).toContainText(title);
  await page.screenshot({ path: shots('delete-390') });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Material deleted')).toBeVisible();
  await expect(card).toHaveCount(0);
  const left = (await (await page.request.get('/api/materials', { headers: bearer(admin) })).json()) as { title: string }[];
  expect(left.map((m) => m.title)).not.toContain(title);
});

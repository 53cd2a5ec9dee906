import type { Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { ADMIN, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { stamp } from './builders.ts';

// The public site the institute edits itself (docs/product-site.md): an admin changes the hero headline,
// adds a topper with a photo and a testimonial, uploads two gallery images and reorders them. What the
// public pages then show is checked by the server-rendering journeys. Other journeys share the server:
// names are unique, and the headline is put back at the end.

/** A real PNG of w x h in one colour (no binary fixture), which the server decodes and resizes. */
function png(w: number, h: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set(rgb, y * (w * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const file = (name: string, rgb: [number, number, number]) => ({ name, mimeType: 'image/png', buffer: png(1000, 700, rgb) });

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test('an admin edits the hero, adds a topper with a photo and a testimonial, uploads two gallery images and reorders them', async ({
  page,
}) => {
  const id = stamp();
  const headline = `Law coaching that works ${id}`;
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Public Site' }).click();
  await expect(page.getByRole('heading', { name: 'Public Site' })).toBeVisible();

  // Home: the headline, previewed before it is saved, then published.
  const headlineField = page.getByLabel('Headline');
  await expect(headlineField).not.toHaveValue('');
  const original = await headlineField.inputValue();
  await headlineField.fill('');
  await page.getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByText('Headline is required')).toBeVisible();
  await headlineField.fill(headline);
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Home page preview' });
  await expect(preview.getByRole('heading', { name: headline })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByText('Home page saved: the public site shows it now')).toBeVisible();
  const home = await page.request.get('/api/site/home');
  expect((await home.json()).hero.headline).toBe(headline);

  // A topper with a photo.
  await openTab(page, 'Toppers');
  await page.getByRole('button', { name: 'Add topper' }).click();
  const topperDialog = page.getByRole('dialog', { name: 'Add topper' });
  await topperDialog.getByLabel('Photo').setInputFiles(file('topper.png', [200, 40, 40]));
  await expect(topperDialog.getByText('Replace photo')).toBeVisible();
  await topperDialog.getByLabel('Name').fill(`Topper ${id}`);
  await topperDialog.getByLabel('Exam').fill('CLAT');
  await topperDialog.getByLabel('Year').fill('2025');
  await topperDialog.getByRole('button', { name: 'Save topper' }).click();
  await expect(topperDialog.getByText('Give the rank or the score')).toBeVisible();
  await topperDialog.getByLabel('Rank', { exact: true }).fill('7');
  await topperDialog.getByRole('button', { name: 'Save topper' }).click();
  await expect(page.getByText('Topper saved')).toBeVisible();
  const topperRow = page.getByRole('row').filter({ hasText: `Topper ${id}` });
  await expect(topperRow).toContainText('Rank 7');
  await expect(topperRow.locator('img')).toHaveAttribute('src', /\/api\/site\/images\/files\/.+\.webp$/);
  const toppers = await (await page.request.get('/api/site/toppers')).json();
  const saved = toppers.find((t: { name: string }) => t.name === `Topper ${id}`);
  expect(saved.photo.variants.map((v: { width: number }) => v.width)).toEqual([480, 960, 1000]);

  // A testimonial without a photo: initials.
  await openTab(page, 'Testimonials');
  await page.getByRole('button', { name: 'Add testimonial' }).click();
  const testimonialDialog = page.getByRole('dialog', { name: 'Add testimonial' });
  await testimonialDialog.getByLabel('Name').fill(`Riya Sen ${id}`);
  await testimonialDialog.getByLabel('Course').fill('CLAT Preparation');
  await testimonialDialog.getByLabel('Testimonial').fill('Small batches, and every doubt answered.');
  await testimonialDialog.getByRole('button', { name: 'Save testimonial' }).click();
  await expect(page.getByText('Testimonial saved')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Riya Sen ${id}` })).toContainText('CLAT Preparation, ');

  // Two gallery images, then the second moved before the first.
  await openTab(page, 'Gallery');
  const first = `First ${id}`;
  const second = `Second ${id}`;
  for (const [caption, colour, category] of [
    [first, [30, 60, 200], 'Events'],
    [second, [30, 160, 60], 'Students'],
  ] as const) {
    await page.getByLabel('Image', { exact: true }).setInputFiles(file(`${caption}.png`, [...colour]));
    await page.getByLabel('Category').selectOption(category);
    await page.getByLabel('Caption').fill(caption);
    await page.getByRole('button', { name: 'Add to gallery' }).click();
    await expect(page.getByText('Image added to the gallery')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: caption })).toBeVisible();
    await page.getByText('Image added to the gallery').waitFor({ state: 'hidden' });
  }
  const order = async () => {
    const list = await (await page.request.get('/api/gallery')).json();
    return list.map((g: { caption: string }) => g.caption).filter((c: string) => c === first || c === second);
  };
  expect(await order()).toEqual([first, second]);
  await page.getByRole('button', { name: `Move ${second} up` }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(order).toEqual([second, first]);
  await expectAccessible(page);

  // The headline goes back, so other journeys find the home page as they expect it.
  await openTab(page, 'Home');
  await page.getByLabel('Headline').fill(original);
  await page.getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByText('Home page saved: the public site shows it now')).toBeVisible();
});

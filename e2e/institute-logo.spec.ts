import { crc32, deflateSync } from 'node:zlib';
import { ADMIN, expect, expectAccessible, signIn, test } from './fixtures.ts';

// The institute's logo at /admin/settings (docs/product.md section 15): an admin uploads a PNG and sees it
// previewed, a file that is not an image is refused, and removing it asks first. The spec leaves no logo
// behind (other specs share the server).

/** A real 120 x 48 PNG: a navy band with a gold square. */
function png(w = 120, h = 48) {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(2, 9);
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const gold = x > 10 && x < 40 && y > 9 && y < 39;
      raw.set(gold ? [212, 160, 23] : [30, 42, 74], y * (w * 3 + 1) + 1 + x * 3);
    }
  }
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

test('an admin uploads the logo, sees it previewed, and removes it after confirming', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Logo' })).toBeVisible();
  await expect(page.getByText('No logo yet')).toBeVisible();

  // A text file renamed .png is judged by its content and refused.
  await page.getByLabel('Upload logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(page.getByText('The logo must be a PNG or JPEG image')).toBeVisible();

  await page.getByLabel('Upload logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png() });
  await expect(page.getByText('Logo saved')).toBeVisible();
  const preview = page.getByRole('img', { name: 'Institute logo' });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute('src', /^\/api\/public\/institute\/logo\/[0-9a-f-]{36}\.png$/);
  // The browser really drew it (a broken image has no natural width).
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/institute-logo-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/institute-logo-phone.png' });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Removing asks first; Cancel keeps it.
  await page.getByRole('button', { name: 'Remove logo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove the logo?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(preview).toBeVisible();
  await page.getByRole('button', { name: 'Remove logo' }).click();
  await dialog.getByRole('button', { name: 'Remove logo' }).click();
  await expect(page.getByText('Logo removed')).toBeVisible();
  await expect(page.getByText('No logo yet')).toBeVisible();
});

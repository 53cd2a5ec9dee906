import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleryImages } from '../../src/db/schema.ts';
import { sniffImage, storeImage } from '../../src/lib/storage.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

// Security (docs/security-verification.md), uploads: gallery images are seeded or uploaded by a site editor (docs/product-site.md). What holds for it and for
// anything uploaded later: stored under generated names with the type read from the content, served
// only by that name, with headers that let the browser neither sniff, run nor frame it.

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(jpg|png|webp)$/;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
}, 60_000);
afterAll(async () => t?.close());

type Image = { _id: string; title: string; category: string; url: string };
const gallery = async () => (await t.visitor.get('/api/gallery')).json() as Image[];

function expectSafeImageHeaders(headers: Record<string, unknown>, key: string) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain('sandbox');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src/);
  expect(headers['content-disposition']).toBe(`inline; filename="${key}"`);
}

describe('gallery files', () => {
  it('are served under generated names only, typed by their content, with safe headers', async () => {
    const images = await gallery();
    expect(images.length).toBeGreaterThanOrEqual(5);
    for (const image of images) {
      const key = image.url.slice(image.url.lastIndexOf('/') + 1);
      expect(key, image.url).toMatch(KEY);
      const res = await t.visitor.get(image.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(sniffImage(res.rawPayload)?.contentType);
      expectSafeImageHeaders(res.headers, key);
    }
  });

  it('an image whose bytes go on as HTML is still served as the image its first bytes say, never as a page', async () => {
    const polyglot = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script></html>')]);
    const stored = await storeImage(t.ctx.storage, polyglot);
    await t.ctx.db.insert(galleryImages).values({ title: 'Polyglot', category: 'Events', ...stored });
    const res = await t.visitor.get(`/api/gallery/files/${stored.storageKey}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expectSafeImageHeaders(res.headers, stored.storageKey);
  });

  it('a file that was refused never reaches the disk or the gallery', async () => {
    const uploads = path.join(t.config.dataDir, 'uploads');
    const before = fs.readdirSync(uploads).length;
    for (const data of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      Buffer.from('<html/>'),
      Buffer.alloc(0),
    ]) {
      await expect(storeImage(t.ctx.storage, data)).rejects.toThrow();
    }
    expect(fs.readdirSync(uploads).length).toBe(before);
  });

  it('no path a caller chooses reaches a file: traversal, unknown keys, stored files without a gallery row', async () => {
    fs.writeFileSync(path.join(t.config.dataDir, 'uploads', 'notes.html'), '<script>alert(1)</script>');
    fs.writeFileSync(path.join(t.config.dataDir, 'private.html'), '<script>alert(1)</script>');
    const orphan = await t.ctx.storage.put(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'jpg');
    // A row naming a path outside the generated keys (as a bug or a bad import might write).
    await t.ctx.db
      .insert(galleryImages)
      .values({ title: 'Bad', category: 'Events', storageKey: '../private.html', contentType: 'text/html' });
    for (const key of [
      '..%2Fprivate.html',
      '..%2F..%2Fpackage.json',
      '%2e%2e%2ftoken-secret',
      'notes.html',
      orphan,
      '00000000-0000-4000-8000-000000000000.jpg',
      '...',
      'x'.repeat(61),
    ]) {
      const res = await t.visitor.get(`/api/gallery/files/${key}`);
      expect([400, 404], key).toContain(res.statusCode);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).not.toContain('<script>');
    }
  });

  it('only a site editor can upload to the gallery, and only as multipart', async () => {
    for (const method of ['PUT', 'PATCH'] as const) {
      const res = await t.inject({ method, url: '/api/gallery', payload: 'x', headers: { 'content-type': 'image/jpeg' } });
      expect(res.statusCode, method).toBe(404);
    }
    expect(
      (await t.inject({ method: 'POST', url: '/api/gallery', payload: 'x', headers: { 'content-type': 'image/jpeg' } })).statusCode,
    ).toBe(401);
  });
});

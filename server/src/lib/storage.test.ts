import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { checkCopies } from '../../test/storage-copies.ts';
import { createDiskStorage, MAX_IMAGE_BYTES, sniffImage, storeImage, UPLOAD_MSG } from './storage.ts';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(jpg|png|webp)$/;

let root: string;
let outside: string;
beforeAll(() => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
  root = path.join(base, 'uploads');
  outside = path.join(base, 'token-secret');
  fs.writeFileSync(outside, 'secret');
});
afterAll(() => fs.rmSync(path.dirname(root), { recursive: true, force: true }));

describe('sniffImage', () => {
  it('decides the type by the first bytes', () => {
    expect(sniffImage(JPEG)).toEqual({ extension: 'jpg', contentType: 'image/jpeg' });
    expect(sniffImage(PNG)).toEqual({ extension: 'png', contentType: 'image/png' });
    expect(sniffImage(WEBP)).toEqual({ extension: 'webp', contentType: 'image/webp' });
  });

  it('refuses anything else, including images that can carry script and HTML dressed as an image', () => {
    for (const text of [
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '<html><script>alert(1)</script></html>',
      'GIF89a<script>alert(1)</script>',
      '%PDF-1.7',
      '',
      'RIFF\0\0\0\0WAVE',
    ]) {
      expect(sniffImage(Buffer.from(text)), text).toBeNull();
    }
    // Truncated magic numbers.
    expect(sniffImage(JPEG.subarray(0, 2))).toBeNull();
    expect(sniffImage(PNG.subarray(0, 6))).toBeNull();
  });
});

describe('disk storage', () => {
  it('stores under a generated name, whatever the data, and reads it back by that key only', async () => {
    const storage = createDiskStorage(root);
    const key = await storage.put(JPEG, 'jpg');
    expect(key).toMatch(KEY);
    expect(await storage.put(JPEG, 'jpg')).not.toBe(key);
    expect(fs.readdirSync(root)).toContain(key);
    expect((await storage.get(key))?.equals(JPEG)).toBe(true);
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('never reads or removes a path a caller chose', async () => {
    const storage = createDiskStorage(root);
    for (const key of ['../token-secret', '..%2ftoken-secret', '/etc/passwd', 'a.jpg', `${'0'.repeat(36)}.html`, '', '.', '..']) {
      expect(await storage.get(key), key).toBeNull();
      await storage.remove(key);
    }
    expect(fs.readFileSync(outside, 'utf8')).toBe('secret');
  });
});

describe('copies on the disk', () => {
  it('saves, replaces, lists and removes copies under the keys their maker builds; nothing outside copies/', async () => {
    const storage = createDiskStorage(root);
    await checkCopies(storage);
    // The folders of the last copy removed go with it.
    expect(fs.existsSync(path.join(root, 'copies/stamps-test'))).toBe(false);
    expect(fs.readFileSync(outside, 'utf8')).toBe('secret');
  });
});

describe('storeImage', () => {
  const refusal = async (data: Buffer, max?: number) => {
    const err = await storeImage(createDiskStorage(root), data, max).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    return { code: (err as AppError).code, message: (err as AppError).message };
  };

  it('stores an image under a generated key with the type read from its content', async () => {
    const storage = createDiskStorage(root);
    const png = await storeImage(storage, PNG);
    expect(png.contentType).toBe('image/png');
    expect(png.storageKey).toMatch(/\.png$/);
    expect(png.storageKey).toMatch(KEY);
  });

  it('refuses an empty file, a file over the limit and anything that is not a JPEG, PNG or WebP image', async () => {
    expect(await refusal(Buffer.alloc(0))).toEqual({ code: 'BAD_REQUEST', message: UPLOAD_MSG.empty });
    expect(await refusal(Buffer.concat([JPEG, Buffer.alloc(100)]), 50)).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: UPLOAD_MSG.tooLarge,
    });
    expect(await refusal(Buffer.alloc(MAX_IMAGE_BYTES + 1, 0xff))).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await refusal(Buffer.from('<svg onload="alert(1)"/>'))).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: UPLOAD_MSG.notImage,
    });
    const before = fs.readdirSync(root).length;
    await refusal(Buffer.from('<html></html>'));
    expect(fs.readdirSync(root).length).toBe(before);
  });
});

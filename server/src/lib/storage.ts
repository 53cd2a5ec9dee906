import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from './errors.ts';

/** Files go through this interface: local disk by default (docs/operations.md). Keys are always generated. */
export interface Storage {
  put(data: Buffer, extension: string): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[0-9a-f-]{36}\.(jpg|png|webp)$/;

export function createDiskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) return null;
    return path.join(root, key);
  };
  return {
    async put(data, extension) {
      await fs.mkdir(root, { recursive: true });
      const key = `${randomUUID()}.${extension}`;
      await fs.writeFile(path.join(root, key), data);
      return key;
    },
    async get(key) {
      const file = fileOf(key);
      if (!file) return null;
      return fs.readFile(file).catch(() => null);
    },
    async remove(key) {
      const file = fileOf(key);
      if (file) await fs.rm(file, { force: true });
    },
  };
}

/** Image type decided by the file's first bytes, never by its name or the client's word. */
export function sniffImage(data: Buffer): { extension: 'jpg' | 'png' | 'webp'; contentType: string } | null {
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) {
    return { extension: 'jpg', contentType: 'image/jpeg' };
  }
  if (data.length > 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { extension: 'png', contentType: 'image/png' };
  }
  if (data.length > 12 && data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WEBP') {
    return { extension: 'webp', contentType: 'image/webp' };
  }
  return null;
}

/** Largest image accepted (gallery and anything later): the seeded photos are well under it. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const UPLOAD_MSG = {
  empty: 'The file is empty.',
  tooLarge: `The image is too large. The limit is ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
  notImage: 'Only JPEG, PNG or WebP images can be uploaded.',
} as const;

/**
 * The one way an image gets stored: size checked, type decided by its content (never its name or the
 * client's Content-Type), saved under a generated key. Answers what the row that serves it must hold.
 */
export async function storeImage(storage: Storage, data: Buffer, maxBytes = MAX_IMAGE_BYTES) {
  if (data.length === 0) throw new AppError('BAD_REQUEST', UPLOAD_MSG.empty);
  if (data.length > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MSG.tooLarge);
  const type = sniffImage(data);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MSG.notImage);
  const storageKey = await storage.put(data, type.extension);
  return { storageKey, contentType: type.contentType };
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { AppError } from './errors.ts';

/**
 * Files go through this interface: local disk by default, S3-compatible object storage when S3_* is
 * configured (docs/operations.md, "File storage"). Keys are always generated.
 */
export interface Storage {
  put(data: Buffer, extension: StoredExtension): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

/** The kinds of file kept: images (gallery, formatted text) and PDFs (study materials). */
export type StoredExtension = 'jpg' | 'png' | 'webp' | 'pdf';

const KEY_PATTERN = /^[0-9a-f-]{36}\.(jpg|png|webp|pdf)$/;
const CONTENT_TYPES: Record<StoredExtension, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};
const newKey = (extension: StoredExtension) => `${randomUUID()}.${extension}`;

export function createDiskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) return null;
    return path.join(root, key);
  };
  return {
    async put(data, extension) {
      await fs.mkdir(root, { recursive: true });
      const key = newKey(extension);
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

export type S3Options = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, most self-hosted servers). */
  forcePathStyle: boolean;
};

/** Where a storage reports what it does not tell the client (the app's pino logger). */
export type StorageLog = { error: (details: object, message: string) => void };

const S3_TIMEOUT_MS = 120_000;
const storageDown = () => new AppError('UNAVAILABLE', 'File storage is not reachable at the moment. Please try again shortly.');

/**
 * S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, DigitalOcean Spaces, ...), requests signed
 * with AWS Signature V4. Same contract as the disk: generated keys only; a missing object reads as null.
 * A storage that cannot be reached or refuses answers 503 to the caller; the details go to the log.
 */
export function createS3Storage(o: S3Options, log: StorageLog): Storage {
  const client = new AwsClient({ accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey, region: o.region, service: 's3' });
  const base = new URL(o.endpoint);
  const urlOf = (key: string) => {
    const url = new URL(base.toString());
    const root = url.pathname.replace(/\/$/, '');
    if (o.forcePathStyle) url.pathname = `${root}/${o.bucket}/${key}`;
    else {
      url.hostname = `${o.bucket}.${url.hostname}`;
      url.pathname = `${root}/${key}`;
    }
    return url.toString();
  };
  const send = async (key: string, init: RequestInit) => {
    try {
      return await client.fetch(urlOf(key), { ...init, signal: AbortSignal.timeout(S3_TIMEOUT_MS) });
    } catch (err) {
      log.error({ err, key }, `S3 ${init.method} failed`);
      throw storageDown();
    }
  };
  const refused = async (res: Response, what: string) => {
    log.error({ status: res.status, body: (await res.text().catch(() => '')).slice(0, 500) }, `S3 ${what} refused`);
    return storageDown();
  };
  return {
    async put(data, extension) {
      const key = newKey(extension);
      const res = await send(key, {
        method: 'PUT',
        body: data as Uint8Array<ArrayBuffer>,
        headers: { 'content-type': CONTENT_TYPES[extension] },
      });
      if (!res.ok) throw await refused(res, `PUT ${key}`);
      await res.arrayBuffer();
      return key;
    },
    async get(key) {
      if (!KEY_PATTERN.test(key)) return null;
      const res = await send(key, { method: 'GET' });
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok) throw await refused(res, `GET ${key}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async remove(key) {
      if (!KEY_PATTERN.test(key)) return;
      const res = await send(key, { method: 'DELETE' });
      if (!res.ok && res.status !== 404) throw await refused(res, `DELETE ${key}`);
      await res.arrayBuffer();
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

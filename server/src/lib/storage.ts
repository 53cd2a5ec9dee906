import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { AppError } from './errors.ts';

/**
 * Files go through this interface: local disk by default, S3-compatible object storage when S3_* is
 * configured (docs/operations.md, "File storage"). Keys of stored files are always generated.
 *
 * Copies made from stored files (a study material stamped for one reader and day) are kept beside them as
 * a cache, under keys their maker builds from ids: `copies/<kind>/<segment>/.../<name>.<extension>`, each
 * part lower-case letters, digits and hyphens. Losing a copy only costs making it again.
 */
export interface Storage {
  put(data: Buffer, extension: StoredExtension): Promise<string>;
  /** A stored file or a copy; null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** A stored file or a copy; nothing there is no error. */
  remove(key: string): Promise<void>;
  /** Saves a copy under `key` (see above), replacing one there; a reader never sees it half written. */
  putCopy(key: string, data: Buffer): Promise<void>;
  /** The keys of the copies under `prefix` (`copies/<kind>/…/`), in no set order. */
  listCopies(prefix: string): Promise<string[]>;
}

/** The kinds of file kept: images (gallery, formatted text) and PDFs (study materials). */
type StoredExtension = 'jpg' | 'png' | 'webp' | 'pdf';

const STORED_KEY = /^[0-9a-f-]{36}\.(jpg|png|webp|pdf)$/;
const COPY_KEY = /^copies\/(?:[0-9a-z-]+\/){1,5}[0-9a-z-]+\.(jpg|png|webp|pdf)$/;
const COPY_PREFIX = /^copies\/(?:[0-9a-z-]+\/){1,5}$/;
const isKey = (key: string) => STORED_KEY.test(key) || COPY_KEY.test(key);
const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1) as StoredExtension;
const badCopy = (what: string) => new Error(`not a copy ${what}`);
const CONTENT_TYPES: Record<StoredExtension, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};
const newKey = (extension: StoredExtension) => `${randomUUID()}.${extension}`;

export function createDiskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!isKey(key)) return null;
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
      if (!file) return;
      await fs.rm(file, { force: true });
      // A copy's folders go with their last file (rmdir refuses one that is not empty).
      if (COPY_KEY.test(key)) {
        for (let dir = path.dirname(file); dir.length > path.join(root, 'copies').length; dir = path.dirname(dir)) {
          if (
            !(await fs.rmdir(dir).then(
              () => true,
              () => false,
            ))
          )
            break;
        }
      }
    },
    async putCopy(key, data) {
      if (!COPY_KEY.test(key)) throw badCopy(`key: ${key}`);
      const file = path.join(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed over: a download reading it at the same moment gets the old or the new.
      const aside = `${file}.${randomUUID()}.part`;
      await fs.writeFile(aside, data);
      await fs.rename(aside, file);
    },
    async listCopies(prefix) {
      if (!COPY_PREFIX.test(prefix)) throw badCopy(`prefix: ${prefix}`);
      const names = await fs.readdir(path.join(root, prefix), { recursive: true }).catch(() => [] as string[]);
      return names.map((name) => `${prefix}${name.split(path.sep).join('/')}`).filter((key) => COPY_KEY.test(key));
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
  const listPage = async (prefix: string, token: string | null) => {
    const url = new URL(urlOf(''));
    url.searchParams.set('list-type', '2');
    url.searchParams.set('prefix', prefix);
    if (token) url.searchParams.set('continuation-token', token);
    let res: Response;
    try {
      res = await client.fetch(url.toString(), { method: 'GET', signal: AbortSignal.timeout(S3_TIMEOUT_MS) });
    } catch (err) {
      log.error({ err, prefix }, 'S3 list failed');
      throw storageDown();
    }
    if (!res.ok) throw await refused(res, `list ${prefix}`);
    const xml = await res.text();
    // Copy keys hold no character XML escapes; a continuation token may.
    const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]);
    const next = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? (/<NextContinuationToken>([^<]*)</.exec(xml)?.[1] ?? null) : null;
    return { keys, next: next && unescapeXml(next) };
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
      if (!isKey(key)) return null;
      const res = await send(key, { method: 'GET' });
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok) throw await refused(res, `GET ${key}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async remove(key) {
      if (!isKey(key)) return;
      const res = await send(key, { method: 'DELETE' });
      if (!res.ok && res.status !== 404) throw await refused(res, `DELETE ${key}`);
      await res.arrayBuffer();
    },
    async putCopy(key, data) {
      if (!COPY_KEY.test(key)) throw badCopy(`key: ${key}`);
      // One PUT replaces an object whole: a reader gets the old or the new.
      const res = await send(key, {
        method: 'PUT',
        body: data as Uint8Array<ArrayBuffer>,
        headers: { 'content-type': CONTENT_TYPES[extensionOf(key)] },
      });
      if (!res.ok) throw await refused(res, `PUT ${key}`);
      await res.arrayBuffer();
    },
    async listCopies(prefix) {
      if (!COPY_PREFIX.test(prefix)) throw badCopy(`prefix: ${prefix}`);
      const keys: string[] = [];
      let token: string | null = null;
      do {
        const page = await listPage(prefix, token);
        keys.push(...page.keys.filter((key) => COPY_KEY.test(key)));
        token = page.next;
      } while (token);
      return keys;
    },
  };
}

const unescapeXml = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e] as string);

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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../test/s3-server.ts';
import { checkCopies } from '../../test/storage-copies.ts';
import { AppError } from './errors.ts';
import { createS3Storage } from './storage.ts';

// The S3-compatible storage against a local S3 server (s3rver) on a loopback port: the same contract as
// the disk (storage.test.ts): generated keys, a missing object reads as null, no caller-chosen key.

let s3: LocalS3;
const logged: string[] = [];
const log = { error: (_: object, message: string) => logged.push(message) };
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3?.close());

const PDF = Buffer.from('%PDF-1.7\n% a test file\n');
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.pdf$/;

describe('S3 storage', () => {
  it('stores under a generated key, reads it back and removes it', async () => {
    const storage = createS3Storage(s3.options, log);
    const key = await storage.put(PDF, 'pdf');
    expect(key).toMatch(KEY);
    expect(s3.keys()).toContain(key);
    expect((await storage.get(key))?.equals(PDF)).toBe(true);
    const big = Buffer.alloc(5 * 1024 * 1024, 7);
    const bigKey = await storage.put(big, 'pdf');
    expect((await storage.get(bigKey))?.equals(big)).toBe(true);
    await storage.remove(key);
    await storage.remove(bigKey);
    expect(await storage.get(key)).toBeNull();
    expect(s3.keys()).not.toContain(key);
    // Removing what is already gone is no error.
    await storage.remove(key);
  });

  it('saves, replaces, lists and removes copies under the keys their maker builds; nothing outside copies/', async () => {
    const before = s3.keys().length;
    await checkCopies(createS3Storage(s3.options, log));
    expect(s3.keys()).toHaveLength(before);
  });

  it('never reads or removes a key a caller chose', async () => {
    const storage = createS3Storage(s3.options, log);
    const key = await storage.put(PDF, 'pdf');
    for (const bad of ['../x', `${key}/../${key}`, '', 'a.pdf', `${key}?x=1`]) {
      expect(await storage.get(bad), bad).toBeNull();
      await storage.remove(bad);
    }
    expect(s3.keys()).toContain(key);
  });

  it('answers 503 (and logs why) when the service refuses or cannot be reached', async () => {
    // (s3rver checks V4 signatures only in part, so a wrong secret is not among the refusals tried here.)
    const wrongKey = createS3Storage({ ...s3.options, accessKeyId: 'NOT-A-KEY' }, log);
    const refused = await wrongKey.put(PDF, 'pdf').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(503);
    const noBucket = createS3Storage({ ...s3.options, bucket: 'no-such-bucket' }, log);
    expect(((await noBucket.put(PDF, 'pdf').catch((e: unknown) => e)) as AppError).status).toBe(503);
    const down = createS3Storage({ ...s3.options, endpoint: 'http://127.0.0.1:1' }, log);
    expect(((await down.get(`${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.pdf`).catch((e: unknown) => e)) as AppError).status).toBe(
      503,
    );
    expect(logged.length).toBeGreaterThanOrEqual(3);
  });
});

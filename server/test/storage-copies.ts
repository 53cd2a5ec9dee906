import { expect } from 'vitest';
import type { Storage } from '../src/lib/storage.ts';

// The copies' part of the storage contract (lib/storage.ts), the same on the disk and on S3: saved
// under the key their maker builds, replaced whole, listed by prefix, removed; a key or prefix outside
// `copies/` (or climbing out of it) is refused.

export async function checkCopies(storage: Storage) {
  const day = 'copies/stamps-test/2026-11-25/';
  const a = `${day}5f0c6a2e-1111-4aaa-8bbb-000000000001/5f0c6a2e-2222-4aaa-8bbb-000000000002-0123456789abcdef.pdf`;
  const b = `${day}5f0c6a2e-1111-4aaa-8bbb-000000000003/5f0c6a2e-2222-4aaa-8bbb-000000000002-0123456789abcdef.pdf`;
  const other = 'copies/stamps-test/2026-11-26/x/y.pdf';
  await storage.putCopy(a, Buffer.from('%PDF-first'));
  await storage.putCopy(a, Buffer.from('%PDF-second'));
  await storage.putCopy(b, Buffer.from('%PDF-b'));
  await storage.putCopy(other, Buffer.from('%PDF-other'));
  expect((await storage.get(a))?.toString()).toBe('%PDF-second');
  expect((await storage.listCopies(day)).sort()).toEqual([a, b].sort());
  expect((await storage.listCopies('copies/stamps-test/')).sort()).toEqual([a, b, other].sort());
  expect(await storage.listCopies('copies/nothing-here/')).toEqual([]);
  await storage.remove(a);
  expect(await storage.get(a)).toBeNull();
  expect(await storage.listCopies(day)).toEqual([b]);
  for (const bad of ['copies/../x.pdf', 'copies/a/../../b.pdf', 'x/y.pdf', 'copies/A/B.pdf', 'copies/a.pdf', '/copies/a/b.pdf']) {
    await expect(storage.putCopy(bad, Buffer.from('x')), bad).rejects.toThrow();
    expect(await storage.get(bad), bad).toBeNull();
  }
  for (const bad of ['copies/', 'copies/..', 'copies/../', 'uploads/', 'copies/a']) {
    await expect(storage.listCopies(bad), bad).rejects.toThrow();
  }
  await storage.remove(b);
  await storage.remove(other);
  expect(await storage.listCopies('copies/stamps-test/')).toEqual([]);
}

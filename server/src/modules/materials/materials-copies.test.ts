import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATERIAL_DOWNLOADS_PER_MINUTE, MATERIAL_MAX_PAGES, MATERIAL_MSG, type Material } from '@app/common/schemas/materials';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { users } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';
import { istDay } from './stamped-copies.ts';
import { courseWithBatches, largePdf, samplePdf, textPerPage, uploadPdf } from './test-fixtures.ts';

// A download is stamped once per reader and IST day and kept on the storage (docs/product-materials.md,
// "Downloads"): the same reader's later downloads that day are that copy; the copies of earlier days and
// of a deleted material go. Uploads are limited in pages, downloads per reader and minute.

let t: TestApp;
let batchA: string;
let pdf: Buffer;
/** The tasks handed to the worker threads, by name, since the last reset. */
let tasks: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  ({ batchA } = await courseWithBatches(t));
  pdf = await samplePdf('Contract notes', [['Offer'], ['Acceptance']]);
  const run = t.ctx.workers.run.bind(t.ctx.workers);
  t.ctx.workers.run = ((task, input, opts) => {
    tasks.push(task);
    return run(task, input, opts);
  }) as typeof t.ctx.workers.run;
}, 60_000);
afterAll(() => t?.close());

const fields = (title: string) => ({ title, subject: 'Contracts', batches: JSON.stringify([batchA]) });
const copies = () => t.ctx.storage.listCopies('copies/stamps/');
const download = (s: { client: TestApp['admin'] }, m: { _id: string }) => s.client.get(`/api/materials/${m._id}/download`);

async function addMaterial(title: string, data = pdf) {
  const res = await uploadPdf(t, fields(title), { data });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Material;
}

describe('stamped copies', () => {
  it('stamps once per reader and day: the same reader gets the same copy, another reader their own', async () => {
    const m = await addMaterial('Contracts once');
    const asha = await t.createStudent({ firstName: 'Asha', lastName: 'Roy', batchId: batchA, registrationNumber: 'LCI-2026-00042' });
    const bina = await t.createStudent({ firstName: 'Bina', lastName: 'Sen', batchId: batchA, registrationNumber: 'LCI-2026-00043' });
    tasks = [];
    const first = await download(asha, m);
    expect(first.statusCode, first.body).toBe(200);
    const again = await download(asha, m);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const hers = await download(bina, m);
    for (const text of await textPerPage(hers.rawPayload)) expect(text).toContain('Downloaded by Bina Sen (LCI-2026-00043)');
    const staff = await t.admin.get(`/api/materials/${m._id}/download`);
    for (const text of await textPerPage(staff.rawPayload)) expect(text).toContain('(staff copy)');
    expect(tasks).toEqual(['stampPdf', 'stampPdf', 'stampPdf']);
    const today = istDay(new Date());
    expect((await copies()).filter((k) => k.includes(`/${m._id}/`))).toHaveLength(3);
    expect((await copies()).every((k) => k.startsWith(`copies/stamps/${today}/`))).toBe(true);
    // Every student download is still counted.
    expect(((await t.admin.get('/api/materials')).json() as Material[]).find((x) => x._id === m._id)?.downloads).toBe(3);

    // A name changed since makes a new copy that says the new name.
    await t.ctx.db.update(users).set({ lastName: 'Roy-Sen' }).where(eq(users.id, asha.id));
    tasks = [];
    const renamed = await download(asha, m);
    for (const text of await textPerPage(renamed.rawPayload)) expect(text).toContain('Downloaded by Asha Roy-Sen (LCI-2026-00042)');
    expect(tasks).toEqual(['stampPdf']);
  });

  it('parallel downloads of one reader share one stamping', async () => {
    const m = await addMaterial('Contracts parallel');
    const s = await t.createStudent({ batchId: batchA });
    await s.client.get('/api/materials/student'); // signed in before the burst
    tasks = [];
    const all = await Promise.all(Array.from({ length: 5 }, () => download(s, m)));
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(all.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
    expect(tasks).toEqual(['stampPdf']);
  });

  it("removes earlier days' copies at the first download of a day, and a material's copies with it", async () => {
    const m = await addMaterial('Contracts old days');
    const s = await t.createStudent({ batchId: batchA });
    const old = `copies/stamps/2026-01-05/${m._id}/${s.id}-0123456789abcdef.pdf`;
    await t.ctx.storage.putCopy(old, pdf);
    // As if this app's last sweep was on that day: the next download is the first of a new day.
    t.ctx.caches.stampedCopies.sweptDay = '2026-01-05';
    expect((await download(s, m)).statusCode).toBe(200);
    await t.ctx.caches.stampedCopies.sweeping;
    expect(await t.ctx.storage.get(old)).toBeNull();
    const mine = (await copies()).filter((k) => k.includes(`/${m._id}/`));
    expect(mine).toHaveLength(1);

    expect((await t.admin.delete(`/api/materials/${m._id}`)).statusCode).toBe(200);
    expect((await copies()).filter((k) => k.includes(`/${m._id}/`))).toEqual([]);
  });
});

describe('limits', () => {
  it(`refuses a PDF of more than ${MATERIAL_MAX_PAGES} pages, storing nothing`, async () => {
    const files = (await copies()).length;
    const res = await uploadPdf(t, fields('Too long'), { data: await largePdf(MATERIAL_MAX_PAGES + 1) });
    expect(res.statusCode, res.body).toBe(400);
    const message = MATERIAL_MSG.tooManyPages(MATERIAL_MAX_PAGES + 1);
    expect(res.json()).toMatchObject({ message, fields: { file: message } });
    expect(message).toBe('The PDF has 2,001 pages: a material may have at most 2,000 (split it into parts)');
    expect((await copies()).length).toBe(files);
  }, 60_000);

  it(`lets a reader download ${MATERIAL_DOWNLOADS_PER_MINUTE} times a minute, then answers 429 with a message; others are not held`, async () => {
    const m = await addMaterial('Contracts limited');
    const s = await t.createStudent({ batchId: batchA });
    const other = await t.createStudent({ batchId: batchA });
    for (let i = 0; i < MATERIAL_DOWNLOADS_PER_MINUTE; i++) expect((await download(s, m)).statusCode, `download ${i + 1}`).toBe(200);
    const refused = await download(s, m);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: MATERIAL_MSG.tooManyDownloads, code: 'TOO_MANY_REQUESTS' });
    expect((await download(other, m)).statusCode).toBe(200);
    // The refused download is not counted.
    expect(((await t.admin.get('/api/materials')).json() as Material[]).find((x) => x._id === m._id)?.downloads).toBe(
      MATERIAL_DOWNLOADS_PER_MINUTE + 1,
    );
    // A visitor is refused as before: signed out, not rate limited.
    expect((await t.visitor.get(`/api/materials/${m._id}/download`)).statusCode).toBe(401);
  }, 60_000);
});

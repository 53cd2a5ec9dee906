import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { type LocalS3, startLocalS3 } from '../../../test/s3-server.ts';
import { courseWithBatches, samplePdf, textPerPage, uploadPdf } from './test-fixtures.ts';

// The whole app with S3_* set: a material's PDF goes to the object storage, comes back stamped (the
// reader's copy of the day kept beside it), and both leave it when the material is deleted
// (docs/operations.md, "File storage").

let s3: LocalS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startLocalS3();
  t = await createTestApp(s3.env);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('materials on S3-compatible storage', () => {
  it('uploads to the bucket, downloads stamped from it, deletes from it', async () => {
    const { batchA } = await courseWithBatches(t);
    const pdf = await samplePdf('Evidence Act notes', [['Relevancy'], ['Admissions'], ['Burden of proof']]);
    const res = await uploadPdf(t, { title: 'Evidence Act', subject: 'Evidence', batches: JSON.stringify([batchA]) }, { data: pdf });
    expect(res.statusCode, res.body).toBe(201);
    expect(s3.keys()).toHaveLength(1);

    const student = await t.createStudent({ firstName: 'Ravi', lastName: 'Das', batchId: batchA, registrationNumber: 'LCI-2026-00077' });
    const dl = await student.client.get(`/api/materials/${res.json()._id}/download`);
    expect(dl.statusCode, dl.body).toBe(200);
    for (const text of await textPerPage(dl.rawPayload)) expect(text).toContain('Downloaded by Ravi Das (LCI-2026-00077)');
    const copies = s3.keys().filter((k) => k.startsWith(`copies/stamps/`));
    expect(copies).toEqual([expect.stringContaining(`/${res.json()._id}/${student.id}-`)]);
    // The second download of the day is that copy, byte for byte.
    expect((await student.client.get(`/api/materials/${res.json()._id}/download`)).rawPayload.equals(dl.rawPayload)).toBe(true);

    // Nothing reaches the bucket from a refused upload.
    expect(
      (await uploadPdf(t, { title: 'x', subject: 'y', batches: JSON.stringify([batchA]) }, { data: Buffer.from('not a pdf') })).statusCode,
    ).toBe(400);
    expect(s3.keys()).toHaveLength(2);

    expect((await t.admin.delete(`/api/materials/${res.json()._id}`)).statusCode).toBe(200);
    expect(s3.keys()).toHaveLength(0);
  });
});

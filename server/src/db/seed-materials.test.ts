import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Material } from '@app/common/schemas/materials';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { textPerPage } from '../modules/materials/test-fixtures.ts';
import { seed } from './seed.ts';
import { DEMO_VIDEO_URL } from './seed-materials.ts';

// The demo study materials (docs/product-materials.md, "Demo data").

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
}, 60_000);
afterAll(() => t?.close());

describe('demo materials', () => {
  it('adds a PDF of notes and a video link for the CLAT course, which its students see and download stamped', async () => {
    const list = (await t.admin.get('/api/materials')).json() as Material[];
    expect(list.map((m) => m.kind).sort()).toEqual(['pdf', 'video']);
    const pdf = list.find((m) => m.kind === 'pdf') as Material;
    expect(pdf).toMatchObject({ pageCount: 3, isPublished: true, audience: { courses: [{ name: 'CLAT Preparation' }], batches: [] } });
    expect(list.find((m) => m.kind === 'video')?.videoUrl).toBe(DEMO_VIDEO_URL);

    const clatBatch = (await t.admin.get('/api/batches'))
      .json()
      .batches.find((b: { courseName: string }) => b.courseName === 'CLAT Preparation');
    const student = await t.createStudent({
      firstName: 'Demo',
      lastName: 'Reader',
      batchId: clatBatch._id,
      registrationNumber: 'LCI-2026-00999',
    });
    expect((await student.client.get('/api/materials/student')).json()).toHaveLength(2);
    const dl = await student.client.get(`/api/materials/${pdf._id}/download`);
    expect(dl.statusCode).toBe(200);
    for (const text of await textPerPage(dl.rawPayload)) expect(text).toContain('Downloaded by Demo Reader (LCI-2026-00999)');
  });

  it('is added once: seeding again adds nothing', async () => {
    const before = (await t.admin.get('/api/materials')).json().length;
    await seed(t.ctx, { demo: true });
    expect((await t.admin.get('/api/materials')).json()).toHaveLength(before);
  });
});

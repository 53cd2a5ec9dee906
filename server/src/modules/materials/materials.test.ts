import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { degrees, PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '@app/common';
import { MATERIAL_MAX_BYTES, MATERIAL_MSG, type Material } from '@app/common/schemas/materials';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { auditLog, materials } from '../../db/schema.ts';
import { courseWithBatches, samplePdf, textPerPage, uploadPdf } from './test-fixtures.ts';

// Study materials (docs/product-materials.md): the staff calls, what a student sees, the stamped download.

let t: TestApp;
let courseId: string;
let batchA: string;
let batchB: string;
let pdf: Buffer;
const unknownId = '00000000-0000-4000-8000-000000000000';
const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
const storedFiles = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).filter((f) => f.endsWith('.pdf')) : []);
const rowCount = async () => (await t.ctx.db.select({ id: materials.id }).from(materials)).length;

beforeAll(async () => {
  t = await createTestApp();
  ({
    course: { _id: courseId },
    batchA,
    batchB,
  } = await courseWithBatches(t));
  pdf = await samplePdf('Constitution notes', [['Preamble'], ['Fundamental rights'], ['Directive principles']]);
}, 60_000);
afterAll(() => t?.close());

const forBatchA = (patch: Record<string, string> = {}) => ({
  title: 'Constitution notes',
  description: 'Articles 12 to 35',
  subject: 'Constitutional Law',
  courses: '[]',
  batches: JSON.stringify([batchA]),
  ...patch,
});
const video = (patch: Record<string, unknown> = {}) => ({
  title: 'Legal reasoning class 1',
  description: 'Recorded class',
  subject: 'Legal Reasoning',
  videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  courses: [courseId],
  batches: [],
  ...patch,
});

describe('PDF upload', () => {
  it('stores a PDF for a batch; a student of that batch sees and downloads it stamped on every page, another batch does not', async () => {
    const res = await uploadPdf(t, forBatchA(), { data: pdf, filename: 'constitution.pdf' });
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json() as Material;
    expect(m).toMatchObject({
      kind: 'pdf',
      title: 'Constitution notes',
      description: 'Articles 12 to 35',
      subject: 'Constitutional Law',
      courses: [],
      batches: [batchA],
      fileName: 'constitution.pdf',
      fileSize: pdf.length,
      pageCount: 3,
      videoUrl: null,
      publishAt: null,
      isPublished: true,
      downloads: 0,
    });
    expect(m.audience.batches).toEqual([{ _id: batchA, name: expect.stringContaining('Batch A') }]);
    expect(storedFiles()).toHaveLength(1);

    const asha = await t.createStudent({ firstName: 'Asha', lastName: 'Roy', batchId: batchA, registrationNumber: 'LCI-2026-00042' });
    const other = await t.createStudent({ firstName: 'Bina', lastName: 'Sen', batchId: batchB });
    const mine = await asha.client.get('/api/materials/student');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((x: { _id: string }) => x._id)).toContain(m._id);
    expect(mine.json()[0]).not.toHaveProperty('downloads');
    expect((await other.client.get('/api/materials/student')).json().map((x: { _id: string }) => x._id)).not.toContain(m._id);

    const download = await asha.client.get(`/api/materials/${m._id}/download`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="Constitution-notes.pdf"');
    const pages = await textPerPage(download.rawPayload);
    expect(pages).toHaveLength(3);
    const today = formatDate(new Date());
    for (const [i, text] of pages.entries()) {
      expect(text, `page ${i + 1}`).toContain('Downloaded by Asha Roy (LCI-2026-00042)');
      expect(text, `page ${i + 1}`).toContain(today);
      expect(text, `page ${i + 1}`).toContain('IST');
      expect(text, `page ${i + 1}`).toContain(
        new Date().toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric' }),
      );
    }
    // The original pages are kept under the stamp.
    expect(pages[1]).toContain('Fundamental rights');

    const refused = await other.client.get(`/api/materials/${m._id}/download`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(MATERIAL_MSG.notFound);

    // Counted per student download; the staff copy is stamped with the staff member's name and not counted.
    await asha.client.get(`/api/materials/${m._id}/download`);
    const staff = await t.admin.get(`/api/materials/${m._id}/download`);
    expect(staff.statusCode).toBe(200);
    for (const text of await textPerPage(staff.rawPayload)) expect(text).toContain('(staff copy)');
    // A HEAD request is no download.
    expect(
      (
        await t.inject({
          method: 'HEAD',
          url: `/api/materials/${m._id}/download`,
          headers: { authorization: `Bearer ${await t.tokenFor(asha.email, 'Student-Pass-9')}` },
        })
      ).statusCode,
    ).toBe(200);
    const list = (await t.admin.get('/api/materials')).json() as Material[];
    expect(list.find((x) => x._id === m._id)?.downloads).toBe(2);
  });

  it('refuses what is not a PDF, a damaged PDF, a file over 50 MB and a missing file, storing nothing', async () => {
    const before = { rows: await rowCount(), files: storedFiles().length };
    const cases: [Buffer | null, string, string][] = [
      [Buffer.from('<html><body>not a pdf</body></html>'), 'notes.pdf', MATERIAL_MSG.notPdf],
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'photo.pdf', MATERIAL_MSG.notPdf],
      [Buffer.from('%PDF-1.7\nthis is not really a pdf at all'), 'fake.pdf', MATERIAL_MSG.unreadablePdf],
      [Buffer.alloc(0), 'empty.pdf', MATERIAL_MSG.fileEmpty],
      [null, '', MATERIAL_MSG.fileMissing],
    ];
    for (const [data, filename, message] of cases) {
      const res = await uploadPdf(t, forBatchA(), data ? { data, filename } : null);
      expect(res.statusCode, filename).toBe(400);
      expect(res.json()).toMatchObject({ message, fields: { file: message } });
    }
    // A real PDF padded past 50 MB.
    const big = Buffer.concat([pdf, Buffer.alloc(MATERIAL_MAX_BYTES + 1 - pdf.length, 0x20)]);
    const tooBig = await uploadPdf(t, forBatchA(), { data: big, filename: 'big.pdf' });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe(MATERIAL_MSG.fileTooLarge);
    expect({ rows: await rowCount(), files: storedFiles().length }).toEqual(before);
  }, 60_000);

  it('accepts a PDF of exactly 50 MB', async () => {
    const big = Buffer.concat([pdf, Buffer.alloc(MATERIAL_MAX_BYTES - pdf.length, 0x20)]);
    const res = await uploadPdf(t, forBatchA({ title: 'Large scan' }), { data: big, filename: 'scan.pdf' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().fileSize).toBe(MATERIAL_MAX_BYTES);
    expect((await t.admin.delete(`/api/materials/${res.json()._id}`)).statusCode).toBe(200);
  }, 60_000);

  it('refuses bad fields with a message per field, storing nothing', async () => {
    const before = { rows: await rowCount(), files: storedFiles().length };
    const cases: [Record<string, string>, string, string][] = [
      [forBatchA({ title: '' }), 'title', 'Title is required'],
      [forBatchA({ subject: '  ' }), 'subject', 'Subject is required'],
      [forBatchA({ batches: 'not json' }), 'batches', MATERIAL_MSG.listNotJson('Batches')],
      [forBatchA({ batches: '"x"' }), 'batches', 'Batches must be a list of ids'],
      [forBatchA({ batches: '["nope"]' }), 'batches.0', MATERIAL_MSG.unknownBatches(1)],
      [forBatchA({ batches: JSON.stringify([unknownId]) }), 'batches', MATERIAL_MSG.unknownBatches(1)],
      [
        forBatchA({ courses: JSON.stringify([unknownId, unknownId.replace('0000-4', '0001-4')]) }),
        'courses',
        MATERIAL_MSG.unknownCourses(2),
      ],
      [forBatchA({ batches: '[]' }), 'courses', MATERIAL_MSG.audienceRequired],
      [forBatchA({ publishAt: 'tomorrow' }), 'publishAt', 'Publish at must be a valid date and time'],
      [forBatchA({ title: 'a\u0000b' }), 'title', 'Text contains characters that cannot be stored'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await uploadPdf(t, fields, { data: pdf });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(res.json())).toBe(message);
    }
    const notMultipart = await t.inject({
      method: 'POST',
      url: '/api/materials',
      payload: '--x\r\nbroken',
      headers: {
        authorization: `Bearer ${await t.tokenFor('admin@test.local', 'Admin-Password-1')}`,
        'content-type': 'multipart/form-data; boundary=x',
      },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect({ rows: await rowCount(), files: storedFiles().length }).toEqual(before);
  });
});

describe('video links', () => {
  it('adds a YouTube or Vimeo link for a course; its students see it; it has nothing to download', async () => {
    const res = await t.admin.post('/api/materials', video());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'video', videoProvider: 'youtube', fileName: null, courses: [courseId], downloads: 0 });
    const vimeo = await t.admin.post('/api/materials', video({ title: 'Vimeo class', videoUrl: 'https://vimeo.com/76979871' }));
    expect(vimeo.statusCode, vimeo.body).toBe(201);
    expect(vimeo.json().videoProvider).toBe('vimeo');
    // A student of either batch of the course sees a material for the course.
    const s = await t.createStudent({ batchId: batchB });
    const ids = (await s.client.get('/api/materials/student')).json().map((x: { _id: string }) => x._id);
    expect(ids).toEqual(expect.arrayContaining([res.json()._id, vimeo.json()._id]));
    const dl = await s.client.get(`/api/materials/${res.json()._id}/download`);
    expect(dl.statusCode).toBe(400);
    expect(dl.json().message).toBe(MATERIAL_MSG.notAPdf);
  });

  it('refuses a link that is not YouTube or Vimeo, and other bad input, creating nothing', async () => {
    const before = await rowCount();
    for (const videoUrl of [
      'https://evil.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)',
      'https://vimeo.com/about',
      42,
    ]) {
      const res = await t.admin.post('/api/materials', video({ videoUrl }));
      expect(res.statusCode, String(videoUrl)).toBe(400);
      expect(res.json().fields.videoUrl).toBe(MATERIAL_MSG.videoUrl);
    }
    expect((await t.admin.post('/api/materials', video({ courses: [], batches: [] }))).json().fields.courses).toBe(
      MATERIAL_MSG.audienceRequired,
    );
    expect((await t.admin.post('/api/materials', video({ courses: [unknownId] }))).json().fields.courses).toBe(
      MATERIAL_MSG.unknownCourses(1),
    );
    expect((await t.admin.post('/api/materials', video({ title: undefined }))).json().fields.title).toBe('Title is required');
    expect((await t.admin.post('/api/materials', [1, 2])).statusCode).toBe(400);
    expect(await rowCount()).toBe(before);
  });
});

describe('publishing, search and order', () => {
  it('a student sees a material from its publish time only; newest first; filters by subject and searches', async () => {
    const student = await t.createStudent({ batchId: batchA });
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const later = await uploadPdf(t, forBatchA({ title: 'Next week', subject: 'Torts', publishAt: future }), { data: pdf });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json()).toMatchObject({ isPublished: false, publishAt: future });
    const old = await t.admin.post(
      '/api/materials',
      video({ title: 'Old torts class', subject: 'Torts', publishAt: '2026-01-05T10:00:00+05:30' }),
    );
    const fresh = await t.admin.post(
      '/api/materials',
      video({ title: 'Contract basics', subject: 'Contracts', description: 'Offer and acceptance' }),
    );
    const list = (await student.client.get('/api/materials/student')).json() as { _id: string; subject: string }[];
    const ids = list.map((x) => x._id);
    expect(ids).not.toContain(later.json()._id);
    expect(ids.indexOf(fresh.json()._id)).toBeLessThan(ids.indexOf(old.json()._id));
    expect((await student.client.get(`/api/materials/${later.json()._id}/download`)).statusCode).toBe(404);

    const torts = (await student.client.get('/api/materials/student?subject=torts')).json() as { title: string }[];
    expect(torts.map((x) => x.title)).toEqual(['Old torts class']);
    const search = (await student.client.get('/api/materials/student?q=acceptance')).json() as { title: string }[];
    expect(search.map((x) => x.title)).toEqual(['Contract basics']);
    expect((await student.client.get('/api/materials/student?q=%25')).json()).toEqual([]);

    // Publishing now makes it visible.
    expect((await t.admin.patch(`/api/materials/${later.json()._id}`, { publishAt: null })).json().isPublished).toBe(true);
    expect((await student.client.get('/api/materials/student')).json().map((x: { _id: string }) => x._id)).toContain(later.json()._id);
  });

  it('a student with neither course nor batch sees nothing', async () => {
    const loner = await t.createStudent({ courseInterest: null });
    expect((await loner.client.get('/api/materials/student')).json()).toEqual([]);
  });
});

describe('the stamp', () => {
  it('is on every page whatever its size or rotation; a file damaged in the storage since is refused, not served unstamped', async () => {
    const doc = await PDFDocument.create();
    for (const [size, angle] of [
      [[595.28, 841.89], 0],
      [[841.89, 595.28], 90],
      [[200, 200], 180],
      [[612, 1008], 270],
    ] as const) {
      doc.addPage([...size]).setRotation(degrees(angle));
    }
    const turned = Buffer.from(await doc.save());
    const m = (await uploadPdf(t, forBatchA({ title: 'Turned pages' }), { data: turned })).json() as Material;
    expect(m.pageCount).toBe(4);
    const s = await t.createStudent({ firstName: 'Chitra', lastName: 'Ghosh', batchId: batchA, registrationNumber: 'LCI-2026-00100' });
    const dl = await s.client.get(`/api/materials/${m._id}/download`);
    const pages = await textPerPage(dl.rawPayload);
    expect(pages).toHaveLength(4);
    for (const text of pages) expect(text).toContain('Downloaded by Chitra Ghosh (LCI-2026-00100)');

    const [row] = await t.ctx.db.select().from(materials).where(eq(materials.id, m._id));
    fs.writeFileSync(path.join(uploadsDir(), row.storageKey as string), '%PDF-1.7 damaged');
    // (Chitra's copy of today was made before: a reader without one meets the damaged file.)
    const other = await t.createStudent({ batchId: batchA });
    const refused = await other.client.get(`/api/materials/${m._id}/download`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MATERIAL_MSG.cannotStamp);
  });
});

describe('change and delete', () => {
  it('changes fields and audience, refusing bad input; deleting removes the row and its file', async () => {
    const m = (await uploadPdf(t, forBatchA({ title: 'To change' }), { data: pdf })).json() as Material;
    const files = storedFiles().length;
    const res = await t.admin.patch(`/api/materials/${m._id}`, { title: 'Changed', batches: [batchB], courses: [courseId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Changed', batches: [batchB], courses: [courseId], subject: 'Constitutional Law' });
    expect((await t.admin.patch(`/api/materials/${m._id}`, { videoUrl: 'https://youtu.be/dQw4w9WgXcQ' })).json().fields.videoUrl).toBe(
      MATERIAL_MSG.notAVideo,
    );
    expect((await t.admin.patch(`/api/materials/${m._id}`, { courses: [], batches: [] })).statusCode).toBe(400);
    expect((await t.admin.patch(`/api/materials/${m._id}`, { batches: [unknownId] })).statusCode).toBe(400);
    expect((await t.admin.patch(`/api/materials/${m._id}`, { title: '' })).statusCode).toBe(400);
    expect((await t.admin.patch(`/api/materials/${unknownId}`, { title: 'x' })).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(materials).where(eq(materials.id, m._id));
    expect(row.title).toBe('Changed');

    const removed = await t.admin.delete(`/api/materials/${m._id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(MATERIAL_MSG.deleted);
    expect(storedFiles()).toHaveLength(files - 1);
    expect(await t.ctx.storage.get(row.storageKey as string)).toBeNull();
    expect((await t.admin.delete(`/api/materials/${m._id}`)).statusCode).toBe(404);
    expect((await t.admin.get(`/api/materials/${m._id}/download`)).statusCode).toBe(404);
    const actions = (await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, m._id))).map((a) => a.action).sort();
    expect(actions).toEqual(['material.create', 'material.delete', 'material.update']);
  });

  it('only staff manage materials; only students list their own', async () => {
    const s = await t.createStudent({ batchId: batchA });
    expect((await s.client.get('/api/materials')).statusCode).toBe(403);
    expect((await s.client.post('/api/materials', video())).statusCode).toBe(403);
    expect((await t.visitor.get('/api/materials/student')).statusCode).toBe(401);
    expect((await t.admin.get('/api/materials/student')).statusCode).toBe(403);
    expect((await t.visitor.get(`/api/materials/${unknownId}/download`)).statusCode).toBe(401);
  });
});

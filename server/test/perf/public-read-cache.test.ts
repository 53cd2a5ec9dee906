import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { courses } from '../../src/db/schema.ts';
import { ReadCache } from '../../src/lib/read-cache.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const course = (name: string) => ({
  name,
  description: 'Cache test course',
  price: 1000,
  feeType: 'full',
  category: 'CLAT',
  duration: '3 months',
  features: ['Mock tests'],
});
const announcement = (title: string, patch: Record<string, unknown> = {}) => ({
  title,
  content: 'Cache test',
  type: 'notice',
  priority: 'high',
  targetAudience: 'all',
  ...patch,
});
const names = async () => ((await t.visitor.get('/api/courses')).json() as { name: string }[]).map((c) => c.name);
const titles = async (client: TestApp['visitor'] = t.visitor) =>
  ((await client.get('/api/announcements?limit=50')).json() as { title: string }[]).map((a) => a.title);

describe('public reads served from memory', () => {
  it('answers the same JSON as before, and is really cached (a write behind its back is not seen)', async () => {
    const first = await t.visitor.get('/api/courses');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    await t.ctx.db.insert(courses).values({
      name: 'Inserted behind the cache',
      description: 'x',
      pricePaise: 100,
      feeType: 'full',
      category: 'x',
      duration: 'x',
      features: ['x'],
    });
    expect(await names()).not.toContain('Inserted behind the cache');
  });

  it('a course written through the API shows at once: create, rename, deactivate, restore, delete', async () => {
    await names();
    const created = await t.admin.post('/api/courses', course('Cache Course A'));
    expect(created.statusCode).toBe(201);
    const id = created.json()._id;
    expect(await names()).toContain('Cache Course A');
    expect((await t.admin.put(`/api/courses/${id}`, course('Cache Course B'))).statusCode).toBe(200);
    expect(await names()).toEqual(expect.arrayContaining(['Cache Course B']));
    expect(await names()).not.toContain('Cache Course A');
    await t.admin.delete(`/api/courses/${id}`);
    expect(await names()).not.toContain('Cache Course B');
    await t.admin.patch(`/api/courses/${id}/restore`);
    expect(await names()).toContain('Cache Course B');
    await t.admin.delete(`/api/courses/${id}/permanent`);
    expect(await names()).not.toContain('Cache Course B');
  });

  it('an announcement written through the API shows at once, and each audience keeps its own list', async () => {
    const student = (await t.createStudent()).client;
    await titles();
    await titles(student);
    const res = await t.admin.post('/api/announcements', announcement('For students only', { targetAudience: 'students' }));
    const id = res.json()._id;
    expect(await titles(student)).toContain('For students only');
    expect(await titles()).not.toContain('For students only');
    await t.admin.put(`/api/announcements/${id}`, announcement('For everyone now'));
    expect(await titles()).toContain('For everyone now');
    await t.admin.delete(`/api/announcements/${id}`);
    expect(await titles()).not.toContain('For everyone now');
    await t.admin.patch(`/api/announcements/${id}/restore`);
    expect(await titles()).toContain('For everyone now');
    await t.admin.delete(`/api/announcements/${id}/permanent`);
    expect(await titles(student)).not.toContain('For everyone now');
  });

  it('a scheduled announcement appears when its time comes and an expiring one goes, cached or not', async () => {
    const soon = new Date(Date.now() + 700).toISOString();
    await t.admin.post('/api/announcements', announcement('Scheduled', { publishDate: soon }));
    await t.admin.post('/api/announcements', announcement('Expiring', { expiryDate: soon }));
    const before = await titles();
    expect(before).not.toContain('Scheduled');
    expect(before).toContain('Expiring');
    await sleep(900); // well inside the cache's 2 s lifetime
    const after = await titles();
    expect(after).toContain('Scheduled');
    expect(after).not.toContain('Expiring');
  });

  it('a read whose load overlaps a write is not kept', async () => {
    const cache = new ReadCache(60_000);
    let value = 'old';
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow = cache.get('k', z.string(), async () => {
      const v = value;
      await gate;
      return { value: v };
    });
    value = 'new';
    cache.invalidate();
    release();
    expect(await slow).toBe('"old"');
    expect(await cache.get('k', z.string(), async () => ({ value }))).toBe('"new"');
  });

  it('concurrent misses share one load', async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const load = async () => {
      loads++;
      await sleep(10);
      return { value: [1, 2] };
    };
    await Promise.all(Array.from({ length: 20 }, () => cache.get('k', z.array(z.number()), load)));
    expect(loads).toBe(1);
  });
});

describe('caches hang on the app', () => {
  it('gives each app its own caches, so two apps in one process never share an entry', async () => {
    const other = await createTestApp();
    try {
      expect(other.ctx.caches.publicReads).not.toBe(t.ctx.caches.publicReads);
      expect(other.ctx.caches.markingQuestions).not.toBe(t.ctx.caches.markingQuestions);
      // A read through one app fills its cache only: the other still loads from its own database.
      await t.visitor.get('/api/courses');
      await other.ctx.db.insert(courses).values({
        name: 'Only In The Other App',
        description: 'x',
        pricePaise: 100,
        feeType: 'full',
        category: 'x',
        duration: 'x',
        features: ['x'],
      });
      const res = await other.visitor.get('/api/courses');
      expect((res.json() as { name: string }[]).map((c) => c.name)).toContain('Only In The Other App');
    } finally {
      await other.close();
    }
  });
});

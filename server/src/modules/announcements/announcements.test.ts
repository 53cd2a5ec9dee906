import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { announcements, auditLog } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const hour = 3600_000;
const body = (patch: Record<string, unknown> = {}) => ({
  title: `Notice ${Math.random()}`,
  content: 'Classes resume on Monday',
  type: 'notice',
  priority: 'high',
  targetAudience: 'all',
  ...patch,
});
type Item = { _id: string; title: string; targetAudience: string };
const visible = async (client: TestApp['visitor'], query = '?limit=100') =>
  ((await client.get(`/api/announcements${query}`)).json() as Item[]).map((a) => a._id);

describe('announcement management', () => {
  it('creates with defaults: publish date now, no expiry', async () => {
    const before = Date.now();
    const res = await t.admin.post('/api/announcements', body({ publishDate: '', expiryDate: '' }));
    expect(res.statusCode).toBe(201);
    const a = res.json();
    expect(a).toMatchObject({ type: 'notice', priority: 'high', targetAudience: 'all', isActive: true, expiryDate: null });
    expect(Date.parse(a.publishDate)).toBeGreaterThanOrEqual(before - 1000);
    const minimal = await t.admin.post('/api/announcements', { title: 'T', content: 'C' });
    expect(minimal.json()).toMatchObject({ type: 'announcement', priority: 'medium', targetAudience: 'all' });
    expect(await t.ctx.db.$count(auditLog, and(eq(auditLog.action, 'announcement.create'), eq(auditLog.entityId, a._id)))).toBe(1);
  });

  it('validates the form and saves nothing', async () => {
    const before = await t.ctx.db.$count(announcements);
    const empty = await t.admin.post('/api/announcements', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ title: 'Title is required', content: 'Content is required' });
    for (const patch of [{ type: 'gossip' }, { priority: 'extreme' }, { targetAudience: 'parents' }, { publishDate: 'not a date' }]) {
      expect((await t.admin.post('/api/announcements', body(patch))).statusCode, JSON.stringify(patch)).toBe(400);
    }
    const backwards = await t.admin.post(
      '/api/announcements',
      body({ publishDate: new Date(Date.now()).toISOString(), expiryDate: new Date(Date.now() - hour).toISOString() }),
    );
    expect(backwards.json().fields.expiryDate).toBe('Expiry date must be after the publish date');
    expect(await t.ctx.db.$count(announcements)).toBe(before);
  });

  it('updates; an unknown id is 404', async () => {
    const a = (await t.admin.post('/api/announcements', body())).json();
    const res = await t.admin.put(`/api/announcements/${a._id}`, body({ title: 'Changed', targetAudience: 'students' }));
    expect(res.json()).toMatchObject({ _id: a._id, title: 'Changed', targetAudience: 'students' });
    expect((await t.admin.put('/api/announcements/00000000-0000-4000-8000-000000000000', body())).statusCode).toBe(404);
  });

  it('deactivate hides from the public, restore shows again, permanent delete removes', async () => {
    const a = (await t.admin.post('/api/announcements', body())).json();
    expect(await visible(t.visitor)).toContain(a._id);
    expect((await t.admin.delete(`/api/announcements/${a._id}`)).json().isActive).toBe(false);
    expect(await visible(t.visitor)).not.toContain(a._id);
    expect(await visible(t.admin)).not.toContain(a._id);
    const all = (await t.admin.get('/api/announcements/admin')).json() as Item[];
    expect(all.map((x) => x._id)).toContain(a._id);
    expect((await t.admin.patch(`/api/announcements/${a._id}/restore`)).json().isActive).toBe(true);
    expect(await visible(t.visitor)).toContain(a._id);
    expect((await t.admin.delete(`/api/announcements/${a._id}/permanent`)).statusCode).toBe(200);
    expect(((await t.admin.get('/api/announcements/admin')).json() as Item[]).map((x) => x._id)).not.toContain(a._id);
    expect((await t.admin.delete(`/api/announcements/${a._id}/permanent`)).statusCode).toBe(404);
  });

  it('is managed by admins only', async () => {
    const a = (await t.admin.post('/api/announcements', body())).json();
    const s = await t.createStudent();
    const calls = (client: TestApp['visitor']) => [
      client.get('/api/announcements/admin'),
      client.post('/api/announcements', body()),
      client.put(`/api/announcements/${a._id}`, body()),
      client.delete(`/api/announcements/${a._id}`),
      client.patch(`/api/announcements/${a._id}/restore`),
      client.delete(`/api/announcements/${a._id}/permanent`),
    ];
    for (const res of await Promise.all(calls(t.visitor))) expect(res.statusCode).toBe(401);
    for (const res of await Promise.all(calls(s.client))) expect(res.statusCode).toBe(403);
    expect(await visible(t.visitor)).toContain(a._id);
  });
});

describe('GET /api/announcements', () => {
  it('shows each caller only their audiences: visitor all; student all and students; admin every one', async () => {
    const [forAll, forStudents, forAdmins] = await Promise.all(
      ['all', 'students', 'admin'].map(
        async (targetAudience) => (await t.admin.post('/api/announcements', body({ targetAudience }))).json()._id,
      ),
    );
    const s = await t.createStudent();
    const v = await visible(t.visitor);
    expect(v).toContain(forAll);
    expect(v).not.toContain(forStudents);
    expect(v).not.toContain(forAdmins);
    const st = await visible(s.client);
    expect(st).toEqual(expect.arrayContaining([forAll, forStudents]));
    expect(st).not.toContain(forAdmins);
    expect(await visible(t.admin)).toEqual(expect.arrayContaining([forAll, forStudents, forAdmins]));
  });

  it('hides expired and not yet published announcements, newest first', async () => {
    const now = Date.now();
    const expired = await t.admin.post(
      '/api/announcements',
      body({ publishDate: new Date(now - 5 * hour).toISOString(), expiryDate: new Date(now - hour).toISOString() }),
    );
    const future = await t.admin.post('/api/announcements', body({ publishDate: new Date(now + 5 * hour).toISOString() }));
    const current = await t.admin.post(
      '/api/announcements',
      body({ publishDate: new Date(now - hour).toISOString(), expiryDate: new Date(now + hour).toISOString() }),
    );
    const ids = await visible(t.admin);
    expect(ids).not.toContain(expired.json()._id);
    expect(ids).not.toContain(future.json()._id);
    expect(ids).toContain(current.json()._id);
    const list = (await t.visitor.get('/api/announcements?limit=100')).json() as { publishDate: string }[];
    const dates = list.map((a) => Date.parse(a.publishDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('answers 20 by default, the limit asked for, at most 100', async () => {
    await Promise.all(Array.from({ length: 25 }, () => t.admin.post('/api/announcements', body())));
    expect((await t.visitor.get('/api/announcements')).json()).toHaveLength(20);
    expect((await t.visitor.get('/api/announcements?limit=5')).json()).toHaveLength(5);
    expect(((await t.visitor.get('/api/announcements?limit=100')).json() as unknown[]).length).toBeGreaterThan(25);
    expect((await t.visitor.get('/api/announcements?limit=101')).statusCode).toBe(400);
    expect((await t.visitor.get('/api/announcements?limit=0')).statusCode).toBe(400);
  });
});

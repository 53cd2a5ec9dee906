import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { auditLog, courses } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const body = (patch: Record<string, unknown> = {}) => ({
  name: `CLAT Preparation ${Date.now()}-${Math.random()}`,
  description: 'Complete preparation for CLAT',
  price: 25000.5,
  feeType: 'full',
  category: 'Entrance',
  duration: '6 months',
  features: ['  Weekly mocks ', '', 'Mentoring'],
  ...patch,
});
type Course = { _id: string; name: string; isActive: boolean };
const publicIds = async () => ((await t.visitor.get('/api/courses')).json() as Course[]).map((c) => c._id);
const adminIds = async () => ((await t.admin.get('/api/courses/admin')).json() as Course[]).map((c) => c._id);

describe('courses', () => {
  it('creates a course, dropping empty features, price in rupees', async () => {
    const res = await t.admin.post('/api/courses', body());
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      price: 25000.5,
      feeType: 'full',
      features: ['Weekly mocks', 'Mentoring'],
      isActive: true,
      category: 'Entrance',
    });
    expect(c._id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await t.ctx.db.select().from(courses).where(eq(courses.id, c._id));
    expect(row.pricePaise).toBe(2500050);
    expect(await publicIds()).toContain(c._id);
    expect(await t.ctx.db.$count(auditLog, and(eq(auditLog.action, 'course.create'), eq(auditLog.entityId, c._id)))).toBe(1);
  });

  it('validates the form with the spec messages and saves nothing', async () => {
    const before = await t.ctx.db.$count(courses);
    const empty = await t.admin.post('/api/courses', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({
      name: 'Name is required',
      description: 'Description is required',
      duration: 'Duration is required',
      feeType: 'Fee type is required',
    });
    const noFeature = await t.admin.post('/api/courses', body({ features: ['', '   '] }));
    expect(noFeature.statusCode).toBe(400);
    expect(noFeature.json().fields.features).toBe('Please add at least one feature');
    const negative = await t.admin.post('/api/courses', body({ price: -1 }));
    expect(negative.statusCode).toBe(400);
    expect(negative.json().fields.price).toBe('Price must be at least 0');
    expect((await t.admin.post('/api/courses', body({ price: 'abc' }))).statusCode).toBe(400);
    expect((await t.admin.post('/api/courses', body({ feeType: 'yearly' }))).statusCode).toBe(400);
    expect(await t.ctx.db.$count(courses)).toBe(before);
    // Price 0 is allowed (a free course).
    expect((await t.admin.post('/api/courses', body({ price: 0 }))).statusCode).toBe(201);
  });

  it('updates a course; an unknown id is 404', async () => {
    const c = (await t.admin.post('/api/courses', body())).json();
    const res = await t.admin.put(`/api/courses/${c._id}`, body({ name: 'Renamed', feeType: 'monthly', price: 2000, features: ['One'] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: c._id, name: 'Renamed', feeType: 'monthly', price: 2000, features: ['One'] });
    const invalid = await t.admin.put(`/api/courses/${c._id}`, body({ features: [] }));
    expect(invalid.json().fields.features).toBe('Please add at least one feature');
    expect((await t.admin.put('/api/courses/00000000-0000-4000-8000-000000000000', body())).statusCode).toBe(404);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'course.update'), eq(auditLog.entityId, c._id)));
    expect(audit[0].before).toMatchObject({ name: c.name });
    expect(audit[0].after).toMatchObject({ name: 'Renamed' });
  });

  it('deactivate hides from the public list, restore brings it back, permanent delete removes', async () => {
    const c = (await t.admin.post('/api/courses', body())).json();
    const off = await t.admin.delete(`/api/courses/${c._id}`);
    expect(off.statusCode).toBe(200);
    expect(off.json().isActive).toBe(false);
    expect(await publicIds()).not.toContain(c._id);
    expect(await adminIds()).toContain(c._id);

    const on = await t.admin.patch(`/api/courses/${c._id}/restore`);
    expect(on.json().isActive).toBe(true);
    expect(await publicIds()).toContain(c._id);

    const gone = await t.admin.delete(`/api/courses/${c._id}/permanent`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBeTruthy();
    expect(await adminIds()).not.toContain(c._id);
    expect((await t.admin.delete(`/api/courses/${c._id}/permanent`)).statusCode).toBe(404);
    expect((await t.admin.patch(`/api/courses/${c._id}/restore`)).statusCode).toBe(404);
    expect((await t.admin.delete(`/api/courses/${c._id}`)).statusCode).toBe(404);
  });

  it('is managed by admins only', async () => {
    const c = (await t.admin.post('/api/courses', body())).json();
    const s = await t.createStudent();
    const calls = (client: TestApp['visitor']) => [
      client.get('/api/courses/admin'),
      client.post('/api/courses', body()),
      client.put(`/api/courses/${c._id}`, body()),
      client.delete(`/api/courses/${c._id}`),
      client.patch(`/api/courses/${c._id}/restore`),
      client.delete(`/api/courses/${c._id}/permanent`),
    ];
    for (const res of await Promise.all(calls(t.visitor))) expect(res.statusCode).toBe(401);
    for (const res of await Promise.all(calls(s.client))) expect(res.statusCode).toBe(403);
    expect(await publicIds()).toContain(c._id);
  });
});

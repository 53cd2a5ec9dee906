import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@app/common/schemas/audit';
import { ADMIN, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { auditLog, courses, users } from '../../db/schema.ts';

// GET /api/audit: the audit trail as admins read it (paged, newest first, filtered by entity and actor).

let t: TestApp;
let adminId: string;
let otherAdminId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [admin] = await t.ctx.db.select().from(users).where(eq(users.email, ADMIN.email));
  adminId = admin.id;
  const other = await t.createStudent({ role: 'admin', firstName: 'Other', lastName: 'Admin' });
  otherAdminId = other.id;
  // 30 entries by the admin on users, 5 by the other admin on payments, one by the system, a second apart.
  const base = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: 36 }, (_, i) => ({
    actorId: i < 30 ? adminId : i < 35 ? otherAdminId : null,
    actorLabel: i < 30 ? `Admin <${ADMIN.email}>` : i < 35 ? 'Other Admin <other@test.local>' : 'system',
    action: i < 30 ? 'user.deactivate' : 'payment.completed',
    entity: i < 30 ? 'user' : 'payment',
    entityId: `entity-${i}`,
    before: { n: i },
    after: { n: i + 1 },
    createdAt: new Date(base + i * 1000),
  }));
  await t.ctx.db.insert(auditLog).values(rows);
}, 60_000);
afterAll(async () => t?.close());

const list = async (query = '') => {
  const res = await t.admin.get(`/api/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: AuditEntry[]; page: number; totalPages: number; total: number; actors: { _id: string; label: string }[] };
};

describe('GET /api/audit', () => {
  it('answers the newest entries first, 25 a page, with who, what, when, before and after', async () => {
    const first = await list();
    expect(first).toMatchObject({ page: 1, total: 36, totalPages: 2 });
    expect(first.entries).toHaveLength(25);
    expect(first.entries[0]).toEqual({
      _id: expect.any(String),
      createdAt: new Date(Date.UTC(2026, 0, 1) + 35_000).toISOString(),
      actor: { _id: null, label: 'system' },
      action: 'payment.completed',
      entity: 'payment',
      entityId: 'entity-35',
      entityName: null,
      before: { n: 35 },
      after: { n: 36 },
    });
    const times = first.entries.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await list('?page=2');
    expect(second.entries.map((e) => e.entityId)).toEqual(Array.from({ length: 11 }, (_, i) => `entity-${10 - i}`));
    expect((await list('?page=9')).entries).toEqual([]);
  });

  it('filters by entity, by record and by actor, and lists the actors', async () => {
    const payments = await list('?entity=payment');
    expect(payments.total).toBe(6);
    expect(payments.entries.every((e) => e.entity === 'payment')).toBe(true);
    expect((await list('?entity=user&entityId=entity-3')).entries.map((e) => e.before)).toEqual([{ n: 3 }]);
    const byOther = await list(`?actorId=${otherAdminId}`);
    expect(byOther.total).toBe(5);
    expect(byOther.entries.every((e) => e.actor._id === otherAdminId)).toBe(true);
    expect((await list(`?actorId=${otherAdminId}&entity=user`)).total).toBe(0);
    expect(payments.actors).toEqual([
      { _id: adminId, label: `Admin <${ADMIN.email}>` },
      { _id: otherAdminId, label: 'Other Admin <other@test.local>' },
    ]);
  });

  it('caps the page size at 100 and refuses bad filters with a message per field', async () => {
    expect((await list('?limit=1000')).entries).toHaveLength(36);
    expect((await list('?limit=5')).totalPages).toBe(8);
    const bad = await t.admin.get('/api/audit?entity=passwords&actorId=nope&page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST', fields: { entity: 'Unknown entity', actorId: 'Unknown actor' } });
    expect(Object.keys(bad.json().fields)).toContain('page');
  });

  it('names the record an entry is about (a person, a course), and null when it is unknown or gone', async () => {
    const student = await t.createStudent({ firstName: 'Asha', lastName: 'Rao' });
    const [course] = await t.ctx.db
      .insert(courses)
      .values({ name: 'CLAT Foundation', description: 'd', pricePaise: 2_500_000, duration: '1 year' })
      .returning();
    const at = new Date(Date.UTC(2026, 1, 1));
    const entry = (entity: string, entityId: string) => ({
      actorId: adminId,
      actorLabel: 'Admin',
      action: `${entity}.update`,
      entity,
      entityId,
      createdAt: at,
    });
    await t.ctx.db
      .insert(auditLog)
      .values([entry('user', student.id), entry('course', course.id), entry('course', '00000000-0000-4000-8000-000000000000')]);
    const named = (await list('?limit=100')).entries.filter((e) => e.createdAt === at.toISOString());
    expect(Object.fromEntries(named.map((e) => [e.entityId, e.entityName]))).toEqual({
      [student.id]: 'Asha Rao',
      [course.id]: 'CLAT Foundation',
      '00000000-0000-4000-8000-000000000000': null,
    });
    // The old fixtures' ids are not record ids: no name, and no error.
    expect((await list('?entity=user&entityId=entity-3')).entries[0].entityName).toBeNull();
  });

  it('is for admins only', async () => {
    expect((await t.visitor.get('/api/audit')).statusCode).toBe(401);
    const s = await t.createStudent();
    expect((await s.client.get('/api/audit')).statusCode).toBe(403);
    expect((await s.client.get('/api/audit?entity=nonsense')).statusCode).toBe(403);
  });
});

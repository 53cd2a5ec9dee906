import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARENT_MSG } from '@app/common/schemas/parents';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { auditLog, studentGuardians, users } from '../../db/schema.ts';
import { createStaffMember } from '../staff/test-fixtures.ts';

// GET/PUT /api/users/{id}/guardians (docs/product-parents.md "Guardians"): staff with students.view read,
// students.manage replace the list; the record scope decides whose; parent accounts per phone.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const unknownId = '00000000-0000-4000-8000-000000000000';
const mother = { name: 'Ritu Roy', relation: 'Mother', phone: '98300 44444', email: 'ritu.roy@example.com' };

/** A token for a parent account (parents sign in by a code: docs/product-parents.md; here the token directly). */
async function parentToken(parentId: string) {
  const [p] = await t.ctx.db.select().from(users).where(eq(users.id, parentId));
  return t.ctx.signer.sign({ sub: p.id, role: 'parent', ver: p.tokenVersion });
}

describe('PUT and GET /api/users/{id}/guardians', () => {
  it('replaces the list, makes one parent account per guardian and answers in position order', async () => {
    const s = await t.createStudent({ firstName: 'Asha', lastName: 'Roy' });
    const res = await t.admin.put(`/api/users/${s.id}/guardians`, [
      mother,
      { name: 'Amit Roy', relation: 'Father', phone: '+91 98300 55555' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list).toMatchObject([
      { name: 'Ritu Roy', relation: 'Mother', phone: '+919830044444', email: 'ritu.roy@example.com', lastLogin: null },
      { name: 'Amit Roy', relation: 'Father', phone: '+919830055555', email: null },
    ]);
    expect(list[0].parentId).toBeTruthy();
    expect(list[1].parentId).toBeTruthy();
    const [parent] = await t.ctx.db.select().from(users).where(eq(users.id, list[0].parentId));
    expect(parent).toMatchObject({ role: 'parent', phone: '+919830044444', email: 'ritu.roy@example.com', firstName: 'Ritu' });
    expect((await t.admin.get(`/api/users/${s.id}/guardians`)).json()).toEqual(list);
    const [audit] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'student.guardians'));
    expect(audit).toMatchObject({ entityId: s.id });

    // Replaced: the mother stays (same phone, same account), the father goes.
    const again = (await t.admin.put(`/api/users/${s.id}/guardians`, [{ ...mother, relation: 'Guardian' }])).json();
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ relation: 'Guardian', parentId: list[0].parentId });
    expect((await t.admin.put(`/api/users/${s.id}/guardians`, [])).json()).toEqual([]);
  });

  it('links siblings with the same guardian phone to one parent account', async () => {
    const a = await t.createStudent();
    const b = await t.createStudent();
    const g = { name: 'Sunita Das', relation: 'Mother', phone: '9830066666' };
    const ga = (await t.admin.put(`/api/users/${a.id}/guardians`, [g])).json();
    const gb = (await t.admin.put(`/api/users/${b.id}/guardians`, [{ ...g, name: 'Sunita  Das' }])).json();
    expect(ga[0].parentId).toBe(gb[0].parentId);
    const parents = await t.ctx.db.select().from(users).where(eq(users.phone, '+919830066666'));
    expect(parents).toHaveLength(1);
    const links = await t.ctx.db.select().from(studentGuardians).where(eq(studentGuardians.parentId, ga[0].parentId));
    expect(links.map((l) => l.studentId).sort()).toEqual([a.id, b.id].sort());
  });

  it('answers 400 with a message per field', async () => {
    const s = await t.createStudent();
    const bad = await t.admin.put(`/api/users/${s.id}/guardians`, [{ name: ' ', relation: 'Mother', phone: '12345' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ '0.name': expect.any(String), '0.phone': PARENT_MSG.phoneInvalid });
    const none = await t.admin.put(`/api/users/${s.id}/guardians`, [{ name: 'X', relation: 'Mother' }]);
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain(PARENT_MSG.guardianContactRequired);
    const three = await t.admin.put(`/api/users/${s.id}/guardians`, [mother, mother, mother]);
    expect(three.statusCode).toBe(400);
    expect(JSON.stringify(three.json())).toContain(PARENT_MSG.guardiansTooMany);
    expect((await t.admin.put(`/api/users/${s.id}/guardians`, { name: 'x' })).statusCode).toBe(400);
  });

  it('is 404 for nobody, a non-student and another centre’s student (centre manager)', async () => {
    expect((await t.admin.get(`/api/users/${unknownId}/guardians`)).statusCode).toBe(404);
    expect((await t.admin.get('/api/users/not-a-uuid/guardians')).statusCode).toBe(404);
    const adminId = (await t.admin.get('/api/auth/profile')).json().user._id;
    expect((await t.admin.put(`/api/users/${adminId}/guardians`, [mother])).statusCode).toBe(404);
    const manager = await createStaffMember(t, 'centre_manager', { centres: ['dumdum'] });
    const mine = await t.createStudent({ centreId: 'dumdum' });
    const theirs = await t.createStudent({ centreId: 'kasba' });
    expect((await manager.client.get(`/api/users/${mine.id}/guardians`)).statusCode).toBe(200);
    expect((await manager.client.put(`/api/users/${mine.id}/guardians`, [mother])).statusCode).toBe(200);
    expect((await manager.client.get(`/api/users/${theirs.id}/guardians`)).statusCode).toBe(404);
    expect((await manager.client.put(`/api/users/${theirs.id}/guardians`, [mother])).statusCode).toBe(404);
    expect((await manager.client.get(`/api/users/${theirs.id}/guardian-alerts`)).statusCode).toBe(404);
  });

  it('is 403 for a student and for a parent', async () => {
    const s = await t.createStudent();
    const list = (await t.admin.put(`/api/users/${s.id}/guardians`, [{ name: 'P', relation: 'Father', phone: '9830077777' }])).json();
    const parent = t.withToken(await parentToken(list[0].parentId));
    for (const caller of [s.client, parent]) {
      expect((await caller.get(`/api/users/${s.id}/guardians`)).statusCode).toBe(403);
      expect((await caller.put(`/api/users/${s.id}/guardians`, [])).statusCode).toBe(403);
      expect((await caller.get(`/api/users/${s.id}/guardian-alerts`)).statusCode).toBe(403);
    }
    expect((await t.visitor.get(`/api/users/${s.id}/guardians`)).statusCode).toBe(401);
  });
});

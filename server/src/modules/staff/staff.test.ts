import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@app/common';
import { STAFF_MSG } from '@app/common/schemas/staff';
import { USER_MSG } from '@app/common/schemas/users';
import { ADMIN, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { staffCentres, users } from '../../db/schema.ts';
import { createStaffMember, STAFF_PASSWORD } from './test-fixtures.ts';
import { DEMO_STAFF, seedDemoStaff } from '../../db/seed-staff.ts';

// Staff accounts, roles and centres (docs/product-staff.md).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const body = (over: Record<string, unknown> = {}) => ({
  firstName: 'Riya',
  lastName: 'Sen',
  email: `riya-${Math.random().toString(36).slice(2, 8)}@test.local`,
  password: STAFF_PASSWORD,
  role: 'faculty',
  ...over,
});
const countUsers = async () => (await t.ctx.db.select({ id: users.id }).from(users)).length;

describe('POST /api/staff', () => {
  it('creates each staff role; a centre manager with their centres', async () => {
    for (const role of ['faculty', 'accountant', 'admin'] as const) {
      const res = await t.admin.post('/api/staff', body({ role }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().staff).toMatchObject({ role, centres: [], isActive: true });
    }
    const cm = await t.admin.post('/api/staff', body({ role: 'centre_manager', centres: ['kasba', 'dumdum', 'kasba'] }));
    expect(cm.statusCode, cm.body).toBe(201);
    expect(cm.json().staff).toMatchObject({ role: 'centre_manager', centres: ['dumdum', 'kasba'] });
    expect(JSON.stringify(cm.json())).not.toContain('password');
    const rows = await t.ctx.db.select().from(staffCentres).where(eq(staffCentres.userId, cm.json().staff._id));
    expect(rows.map((r) => r.centreId).sort()).toEqual(['dumdum', 'kasba']);
  });

  it('refuses bad input with a clear 400 and creates nobody', async () => {
    const before = await countUsers();
    const cases: [Record<string, unknown>, string][] = [
      [{ role: 'centre_manager' }, STAFF_MSG.centresRequired],
      [{ role: 'centre_manager', centres: [] }, STAFF_MSG.centresRequired],
      [{ role: 'faculty', centres: ['dumdum'] }, STAFF_MSG.centresNotForRole],
      [{ role: 'centre_manager', centres: ['howrah'] }, STAFF_MSG.unknownCentre],
      [{ role: 'superuser' }, STAFF_MSG.unknownRole],
      [{ role: 'student' }, STAFF_MSG.unknownRole],
      [{ role: undefined }, STAFF_MSG.roleRequired],
      [{ email: 'not-an-email' }, ''],
      [{ password: '123' }, ''],
    ];
    for (const [over, message] of cases) {
      const res = await t.admin.post('/api/staff', body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      if (message) expect(JSON.stringify(res.json()), JSON.stringify(over)).toContain(message);
    }
    expect(await countUsers()).toBe(before);
  });

  it('an e-mail already in use is a 409', async () => {
    const res = await t.admin.post('/api/staff', body({ email: ADMIN.email }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.emailTaken);
  });

  it('only a full admin manages staff', async () => {
    for (const role of ['faculty', 'accountant'] as const) {
      const s = await createStaffMember(t, role);
      expect((await s.client.get('/api/staff')).statusCode).toBe(403);
      expect((await s.client.post('/api/staff', body())).statusCode).toBe(403);
    }
    const cm = await createStaffMember(t, 'centre_manager', { centres: ['dumdum'] });
    expect((await cm.client.patch(`/api/staff/${cm.id}`, { role: 'admin' })).statusCode).toBe(403);
    const student = await t.createStudent();
    expect((await student.client.get('/api/staff')).statusCode).toBe(403);
    expect((await t.visitor.get('/api/staff')).statusCode).toBe(401);
  });

  it('POST /api/auth/create-admin still makes a full admin', async () => {
    const res = await t.admin.post('/api/auth/create-admin', {
      firstName: 'Second',
      lastName: 'Admin',
      email: 'second-admin@test.local',
      password: 'Second-Admin-Pass-3',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user.role).toBe('admin');
    const list = (await t.admin.get('/api/staff')).json();
    expect(list.staff.find((s: { email: string }) => s.email === 'second-admin@test.local')?.role).toBe('admin');
  });
});

describe('GET /api/staff', () => {
  it('lists staff with roles and centres, never students', async () => {
    const student = await t.createStudent();
    const res = await t.admin.get('/api/staff');
    expect(res.statusCode).toBe(200);
    const { staff, total } = res.json();
    expect(total).toBe(staff.length);
    expect(staff.some((s: { _id: string }) => s._id === student.id)).toBe(false);
    expect(staff.some((s: { email: string; role: string }) => s.email === ADMIN.email && s.role === 'admin')).toBe(true);
  });
});

describe('PATCH /api/staff/:id', () => {
  it('a role change ends the person’s sessions; the new role applies at the next sign-in', async () => {
    const s = await createStaffMember(t, 'faculty');
    expect((await s.client.get('/api/exams')).statusCode).toBe(200);
    const res = await t.admin.patch(`/api/staff/${s.id}`, { role: 'accountant' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().staff.role).toBe('accountant');
    const after = await s.client.get('/api/auth/profile');
    expect(after.statusCode).toBe(401);
    const login = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: s.email, password: STAFF_PASSWORD } });
    expect(login.json().user.role).toBe('accountant');
    const again = t.withToken(login.json().token);
    expect((await again.get('/api/coupons')).statusCode).toBe(200);
    expect((await again.post('/api/exams', {})).statusCode).toBe(403);
  });

  it('deactivation ends sessions and stops sign-in; reactivation lets them back', async () => {
    const s = await createStaffMember(t, 'accountant');
    expect((await t.admin.patch(`/api/staff/${s.id}`, { isActive: false })).statusCode).toBe(200);
    expect((await s.client.get('/api/auth/profile')).statusCode).toBe(401);
    const login = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: s.email, password: STAFF_PASSWORD } });
    expect(login.statusCode).not.toBe(200);
    expect((await t.admin.patch(`/api/staff/${s.id}`, { isActive: true })).statusCode).toBe(200);
  });

  it('centres follow the role rules', async () => {
    const s = await createStaffMember(t, 'faculty');
    const bad = await t.admin.patch(`/api/staff/${s.id}`, { role: 'centre_manager' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(STAFF_MSG.centresRequired);
    expect((await t.admin.patch(`/api/staff/${s.id}`, { centres: ['dumdum'] })).json().message).toBe(STAFF_MSG.centresNotForRole);
    const ok = await t.admin.patch(`/api/staff/${s.id}`, { role: 'centre_manager', centres: ['shrirampur'] });
    expect(ok.json().staff).toMatchObject({ role: 'centre_manager', centres: ['shrirampur'] });
    const moved = await t.admin.patch(`/api/staff/${s.id}`, { centres: ['kasba', 'dumdum'] });
    expect(moved.json().staff.centres).toEqual(['dumdum', 'kasba']);
    const cleared = await t.admin.patch(`/api/staff/${s.id}`, { centres: [] });
    expect(cleared.statusCode).toBe(400);
    const back = await t.admin.patch(`/api/staff/${s.id}`, { role: 'faculty' });
    expect(back.json().staff).toMatchObject({ role: 'faculty', centres: [] });
    expect(await t.ctx.db.select().from(staffCentres).where(eq(staffCentres.userId, s.id))).toEqual([]);
  });

  it('bad bodies and unknown ids', async () => {
    const s = await createStaffMember(t, 'faculty');
    expect((await t.admin.patch(`/api/staff/${s.id}`, {})).statusCode).toBe(400);
    expect((await t.admin.patch(`/api/staff/${s.id}`, { role: 'owner' })).statusCode).toBe(400);
    expect((await t.admin.patch(`/api/staff/${s.id}`, { isActive: 'yes' })).statusCode).toBe(400);
    expect((await t.admin.patch('/api/staff/not-a-uuid', { isActive: false })).statusCode).toBe(404);
    expect((await t.admin.patch('/api/staff/00000000-0000-4000-8000-000000000000', { isActive: false })).statusCode).toBe(404);
    const student = await t.createStudent();
    expect((await t.admin.patch(`/api/staff/${student.id}`, { role: 'admin' })).statusCode).toBe(404);
    expect((await t.admin.delete(`/api/staff/${student.id}`)).statusCode).toBe(404);
  });
});

describe('the last active full admin', () => {
  it('is never demoted, deactivated or deleted: 409 with a clear message, nothing changed', async () => {
    const t2 = await createTestApp();
    try {
      const [me] = await t2.ctx.db.select().from(users).where(eq(users.email, ADMIN.email));
      for (const change of [{ role: 'faculty' }, { isActive: false }]) {
        const res = await t2.admin.patch(`/api/staff/${me.id}`, change);
        expect(res.statusCode, JSON.stringify(change)).toBe(409);
        expect(res.json().message).toBe(USER_MSG.lastAdmin);
      }
      const del = await t2.admin.delete(`/api/staff/${me.id}`);
      expect(del.statusCode).toBe(409);
      expect(del.json().message).toBe(USER_MSG.lastAdmin);
      const [still] = await t2.ctx.db.select().from(users).where(eq(users.id, me.id));
      expect(still).toMatchObject({ role: 'admin', isActive: true });

      // With a second active admin, one may demote the other (but not themselves).
      const other = await t2.admin.post('/api/staff', body({ role: 'admin' }));
      const otherId = other.json().staff._id;
      expect((await t2.admin.patch(`/api/staff/${me.id}`, { role: 'faculty' })).json().message).toBe(STAFF_MSG.cannotChangeSelf);
      const demoted = await t2.admin.patch(`/api/staff/${otherId}`, { role: 'accountant' });
      expect(demoted.statusCode, demoted.body).toBe(200);
      expect(demoted.json().staff.role).toBe('accountant');
    } finally {
      await t2.close();
    }
  }, 60_000);
});

describe('DELETE /api/staff/:id', () => {
  it('deletes a staff member and ends their sessions; never oneself', async () => {
    const s = await createStaffMember(t, 'faculty');
    const res = await t.admin.delete(`/api/staff/${s.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(STAFF_MSG.deleted);
    expect((await s.client.get('/api/auth/profile')).statusCode).toBe(401);
    const [me] = await t.ctx.db.select().from(users).where(eq(users.email, ADMIN.email));
    expect((await t.admin.delete(`/api/staff/${me.id}`)).statusCode).toBe(400);
  });
});

describe('the demo staff of the seed', () => {
  it('adds one of each role once, with passwords that sign in; a centre manager with their centre', async () => {
    const added = await seedDemoStaff(t.ctx.db);
    expect(added.map((s) => s.role).sort()).toEqual(['accountant', 'centre_manager', 'counsellor', 'faculty']);
    expect(await seedDemoStaff(t.ctx.db)).toEqual([]);
    for (const s of added) {
      const login = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: s.email, password: s.password } });
      expect(login.statusCode, s.email).toBe(200);
      expect(login.json().user.role).toBe(s.role);
    }
    const list = (await t.admin.get('/api/staff')).json().staff as { email: string; centres: string[] }[];
    const manager = DEMO_STAFF.find((s) => s.role === 'centre_manager');
    expect(list.find((s) => s.email === manager?.email)?.centres).toEqual(manager?.centres);
  });
});

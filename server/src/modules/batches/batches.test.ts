import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_MSG } from '@app/common/schemas/batches';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { auditLog, batches, users } from '../../db/schema.ts';
import { application, formFor } from '../admissions/admissions-fixture.ts';

let t: TestApp;
let courseId: string;
const unknownId = '00000000-0000-4000-8000-000000000000';
beforeAll(async () => {
  t = await createTestApp();
  const course = { description: 'Law entrance', price: 25000, feeType: 'full', duration: '6 months', features: ['Mocks'] };
  courseId = (await t.admin.post('/api/courses', { ...course, name: 'CLAT Preparation' })).json()._id;
});
afterAll(() => t?.close());

let n = 0;
export const batchBodyFor = (course: string, patch: Record<string, unknown> = {}) => ({
  name: `CLAT 2027 Morning ${++n}`,
  course,
  centre: 'dumdum',
  academicYear: '2026-27',
  timing: 'MORNING',
  startsOn: '2026-06-01',
  endsOn: '2027-03-31',
  capacity: 40,
  ...patch,
});

async function newBatch(patch: Record<string, unknown> = {}) {
  const res = await t.admin.post('/api/batches', batchBodyFor(courseId, patch));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; name: string };
}

describe('batches', () => {
  it('creates, lists with counts and filters, updates and deletes a batch', async () => {
    const res = await t.admin.post('/api/batches', batchBodyFor(courseId, { name: 'CLAT 2027 Morning, Dumdum' }));
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json();
    expect(b).toEqual({
      _id: expect.any(String),
      name: 'CLAT 2027 Morning, Dumdum',
      course: courseId,
      courseName: 'CLAT Preparation',
      centre: 'dumdum',
      centreName: expect.any(String),
      academicYear: '2026-27',
      timing: 'MORNING',
      startsOn: '2026-06-01',
      endsOn: '2027-03-31',
      capacity: 40,
      isActive: true,
      studentsCount: 0,
    });
    const kasba = await newBatch({ centre: 'kasba', academicYear: '2027-28' });
    const s = await t.createStudent({ batchId: b._id });
    const list = (await t.admin.get('/api/batches')).json().batches;
    expect(list.find((x: { _id: string }) => x._id === b._id).studentsCount).toBe(1);
    const byCentre = (await t.admin.get('/api/batches?centre=kasba')).json().batches.map((x: { _id: string }) => x._id);
    expect(byCentre).toEqual([kasba._id]);
    const byYear = (await t.admin.get('/api/batches?academicYear=2027-28')).json().batches.map((x: { _id: string }) => x._id);
    expect(byYear).toEqual([kasba._id]);
    expect((await t.admin.get(`/api/batches?course=${courseId}`)).json().batches.length).toBeGreaterThanOrEqual(2);
    expect((await t.admin.get(`/api/batches?course=${unknownId}`)).json().batches).toEqual([]);

    const patched = await t.admin.patch(`/api/batches/${b._id}`, { capacity: 60, isActive: false });
    expect(patched.json()).toMatchObject({ capacity: 60, isActive: false, name: 'CLAT 2027 Morning, Dumdum' });
    expect((await t.admin.get('/api/batches?status=inactive')).json().batches.map((x: { _id: string }) => x._id)).toContain(b._id);

    // A batch with students is kept; once empty it can go.
    const refused = await t.admin.delete(`/api/batches/${b._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BATCH_MSG.hasStudents(1));
    await t.ctx.db.update(users).set({ batchId: null }).where(eq(users.id, s.id));
    expect((await t.admin.delete(`/api/batches/${b._id}`)).statusCode).toBe(200);
    expect(await t.ctx.db.$count(batches, eq(batches.id, b._id))).toBe(0);
    expect((await t.admin.delete(`/api/batches/${b._id}`)).statusCode).toBe(404);
    expect(await t.ctx.db.$count(auditLog, eq(auditLog.entityId, b._id))).toBe(3);
  });

  it('refuses an unknown course or centre, bad dates and a taken name, changing nothing', async () => {
    const before = await t.ctx.db.$count(batches);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ course: unknownId }, 400, 'course'],
      [{ course: 'nope' }, 400, 'course'],
      [{ centre: 'atlantis' }, 400, 'centre'],
      [{ endsOn: '2026-05-01' }, 400, 'endsOn'],
      [{ startsOn: '2026-02-30' }, 400, 'startsOn'],
      [{ timing: 'NIGHT' }, 400, 'timing'],
      [{ capacity: 0 }, 400, 'capacity'],
      [{ academicYear: '2026' }, 400, 'academicYear'],
      [{ name: '' }, 400, 'name'],
    ];
    for (const [patch, status, field] of cases) {
      const res = await t.admin.post('/api/batches', batchBodyFor(courseId, patch));
      expect(res.statusCode, JSON.stringify(patch)).toBe(status);
      expect(res.json().fields, JSON.stringify(patch)).toHaveProperty(field);
    }
    const b = await newBatch();
    const dup = await t.admin.post('/api/batches', batchBodyFor(courseId, { name: b.name.toUpperCase() }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(BATCH_MSG.nameTaken);
    expect(await t.ctx.db.$count(batches)).toBe(before + 1);
    const badPatch = await t.admin.patch(`/api/batches/${b._id}`, { endsOn: '2020-01-01' });
    expect(badPatch.statusCode).toBe(400);
    expect((await t.admin.patch(`/api/batches/${b._id}`, { centre: 'atlantis' })).statusCode).toBe(400);
    expect((await t.admin.patch(`/api/batches/${unknownId}`, { capacity: 3 })).statusCode).toBe(404);
    expect((await t.admin.get(`/api/batches/${b._id}`)).json()).toMatchObject({ endsOn: '2027-03-31', centre: 'dumdum' });
  });

  it('a course taught in batches cannot be deleted permanently (409)', async () => {
    const course = { description: 'd', price: 1, feeType: 'full', duration: '1 month', features: ['x'], name: 'Short course' };
    const id = (await t.admin.post('/api/courses', course)).json()._id;
    await t.admin.post('/api/batches', batchBodyFor(id));
    const res = await t.admin.delete(`/api/courses/${id}/permanent`);
    expect(res.statusCode).toBe(409);
    expect((await t.admin.get('/api/courses/admin')).json().some((c: { _id: string }) => c._id === id)).toBe(true);
  });

  it('is for admins only', async () => {
    const s = await t.createStudent();
    const b = await newBatch();
    for (const [client, status] of [
      [t.visitor, 401],
      [s.client, 403],
    ] as const) {
      expect((await client.get('/api/batches')).statusCode).toBe(status);
      expect((await client.post('/api/batches', batchBodyFor(courseId))).statusCode).toBe(status);
      expect((await client.patch(`/api/batches/${b._id}`, { capacity: 1 })).statusCode).toBe(status);
      expect((await client.delete(`/api/batches/${b._id}`)).statusCode).toBe(status);
      expect((await client.post(`/api/batches/${b._id}/sessions`, {})).statusCode).toBe(status);
      expect((await client.get('/api/attendance?batch=x')).statusCode).toBe(status);
    }
  });
});

describe('students in batches', () => {
  it('moves a student, filters the list by batch and shows the batch in every user answer', async () => {
    const a = await newBatch();
    const b = await newBatch({ capacity: 1 });
    const s = await t.createStudent();
    const moved = await t.admin.patch(`/api/users/${s.id}`, { batch: a._id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().batch).toEqual({ _id: a._id, name: a.name });
    expect((await s.client.get('/api/auth/profile')).json().user.batch).toEqual({ _id: a._id, name: a.name });
    expect((await t.admin.get(`/api/users/${s.id}`)).json().batch).toEqual({ _id: a._id, name: a.name });
    const list = (await t.admin.get(`/api/users?role=student&batch=${a._id}`)).json();
    expect(list.users.map((u: { _id: string }) => u._id)).toEqual([s.id]);
    expect(list.users[0].batch).toEqual({ _id: a._id, name: a.name });

    expect((await t.admin.patch(`/api/users/${s.id}`, { batch: b._id })).json().batch._id).toBe(b._id);
    // b is full now.
    const other = await t.createStudent();
    const full = await t.admin.patch(`/api/users/${other.id}`, { batch: b._id });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(BATCH_MSG.batchFull(1));
    const unknown = await t.admin.patch(`/api/users/${other.id}`, { batch: unknownId });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('batch');
    expect((await t.admin.patch(`/api/users/${other.id}`, { batch: 'x' })).statusCode).toBe(400);
    expect((await t.admin.get(`/api/users/${other.id}`)).json().batch).toBeNull();
    // Out of any batch.
    expect((await t.admin.patch(`/api/users/${s.id}`, { batch: null })).json().batch).toBeNull();
    expect((await t.admin.patch(`/api/users/${unknownId}`, { batch: a._id })).statusCode).toBe(404);
  });

  it('a batch of another course than the student’s needs otherCourse: true (409 without it), and changes nothing', async () => {
    const course = { description: 'Judicial service', price: 30000, feeType: 'full', duration: '12 months', features: ['Mains'] };
    const judiciaryId = (await t.admin.post('/api/courses', { ...course, name: 'Judiciary Preparation' })).json()._id;
    const clatBatch = await newBatch();
    const judiciaryBatch = (await t.admin.post('/api/batches', batchBodyFor(judiciaryId, { name: `Judiciary 2027 ${n}` }))).json();
    // A CLAT student made by an approval, and one known only by the course named on the account.
    const created = await t.visitor.post('/api/admission-requests', formFor(courseId));
    const approved = await t.admin.patch(`/api/admission-requests/admin/${created.json().request._id}/approve`, { adminNotes: null });
    const admitted = approved.json().user._id as string;
    const named = (await t.createStudent({ courseInterest: 'clat preparation' })).id;
    for (const id of [admitted, named]) {
      const detail = (await t.admin.get(`/api/users/${id}`)).json();
      expect(detail.courses).toEqual([{ _id: courseId, name: 'CLAT Preparation' }]);
      const refused = await t.admin.patch(`/api/users/${id}`, { batch: judiciaryBatch._id });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'CONFLICT',
        reason: 'OTHER_COURSE',
        message: BATCH_MSG.otherCourse('Judiciary Preparation', 'CLAT Preparation'),
      });
      expect((await t.admin.get(`/api/users/${id}`)).json().batch).toBeNull();
      // Their own course's batch needs nothing more.
      expect((await t.admin.patch(`/api/users/${id}`, { batch: clatBatch._id })).statusCode).toBe(200);
      const moved = await t.admin.patch(`/api/users/${id}`, { batch: judiciaryBatch._id, otherCourse: true });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().batch._id).toBe(judiciaryBatch._id);
      const audits = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'user.move-batch')));
      expect(audits.map((a) => a.after)).toEqual(
        expect.arrayContaining([{ batch: clatBatch._id }, { batch: judiciaryBatch._id, otherCourse: true }]),
      );
      // Out of any batch, as before.
      expect((await t.admin.patch(`/api/users/${id}`, { batch: null })).json().batch).toBeNull();
    }
    // A student with no course anywhere goes into any batch.
    const unknown = await t.createStudent({ courseInterest: null });
    expect((await t.admin.get(`/api/users/${unknown.id}`)).json().courses).toEqual([]);
    expect((await t.admin.patch(`/api/users/${unknown.id}`, { batch: judiciaryBatch._id })).statusCode).toBe(200);
    expect((await t.admin.patch(`/api/users/${named}`, { batch: judiciaryBatch._id, otherCourse: 'yes' })).statusCode).toBe(400);
  });

  it('an inactive batch takes no new students', async () => {
    const a = await newBatch({ isActive: false });
    const s = await t.createStudent();
    const res = await t.admin.patch(`/api/users/${s.id}`, { batch: a._id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BATCH_MSG.batchInactive);
  });

  it('approving an admission places the new student in the chosen batch', async () => {
    const a = await newBatch({ centre: 'kasba', timing: 'WEEKEND' });
    const created = await t.visitor.post('/api/admission-requests', { ...formFor(courseId), ...application });
    const requestId = created.json().request._id;
    const bad = await t.admin.patch(`/api/admission-requests/admin/${requestId}/approve`, { adminNotes: 'ok', batch: unknownId });
    expect(bad.statusCode).toBe(400);
    expect((await t.admin.get(`/api/admission-requests/admin/${requestId}`)).json().request.status).toBe('pending');
    const res = await t.admin.patch(`/api/admission-requests/admin/${requestId}/approve`, { adminNotes: 'ok', batch: a._id });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, res.json().user._id));
    expect(row.batchId).toBe(a._id);
    // Without a batch, as before.
    const other = await t.visitor.post('/api/admission-requests', formFor(courseId));
    const plain = await t.admin.patch(`/api/admission-requests/admin/${other.json().request._id}/approve`, { adminNotes: null });
    expect(plain.statusCode).toBe(200);
    expect((await t.admin.get(`/api/users/${plain.json().user._id}`)).json().batch).toBeNull();
  });
});

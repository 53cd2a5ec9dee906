import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classSessions, users } from '../src/db/schema.ts';
import { createAdmittedStudent, createCourse } from '../src/modules/payments/test-fixtures.ts';
import { createStaffMember } from '../src/modules/staff/test-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { buildWorld, type World } from './security/world.ts';

// The rules of the record-scope layer (lib/record-scope.ts, docs/architecture.md "Whose records"), through
// the API: a faculty member reaches the classes they teach by id, a centre manager their centres' students
// and payments, a student their own submissions and payments.

let t: TestApp;
let w: World;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
}, 180_000);
afterAll(async () => t?.close());

async function batchWithClass(name: string, centre: string, teacher: { teacher: string; teacherId?: string }) {
  const batch = await t.admin.post('/api/batches', {
    name,
    course: w.course._id,
    centre,
    academicYear: '2026-27',
    timing: 'MORNING',
    startsOn: '2020-01-01',
    endsOn: '2040-12-31',
    capacity: 30,
  });
  expect(batch.statusCode, batch.body).toBe(201);
  const session = await t.admin.post(`/api/batches/${batch.json()._id}/sessions`, {
    date: today,
    startTime: '09:00',
    endTime: '10:00',
    subject: 'Jurisprudence',
    room: '1',
    ...teacher,
  });
  expect(session.statusCode, session.body).toBe(201);
  return { batchId: batch.json()._id as string, sessionId: session.json().sessions[0]._id as string, session: session.json().sessions[0] };
}

describe('a faculty member', () => {
  it('reaches the classes they teach by id, their batches and attendance, and nothing else', async () => {
    const mine = await createStaffMember(t, 'faculty', { firstName: 'Indira', lastName: 'Rao' });
    const other = await createStaffMember(t, 'faculty', { firstName: 'Kiran', lastName: 'Das' });
    const teachers = (await t.admin.get('/api/batches/teachers')).json().teachers as { _id: string; name: string }[];
    expect(teachers).toEqual(expect.arrayContaining([{ _id: mine.id, name: 'Indira Rao' }]));

    // Chosen from the select: the class is theirs by id and shows their name, whatever text was sent.
    const taught = await batchWithClass('Scope faculty A', 'dumdum', { teacher: 'anything', teacherId: mine.id });
    expect(taught.session.teacher).toBe('Indira Rao');
    // Named as text: linked when the text is exactly one faculty member's name, else kept as written.
    const byName = await batchWithClass('Scope faculty B', 'kasba', { teacher: '  kiran DAS ' });
    const legacy = await batchWithClass('Scope faculty C', 'dumdum', { teacher: 'Visiting Lecturer' });
    const rows = await t.ctx.db.select({ id: classSessions.id, teacherId: classSessions.teacherId }).from(classSessions);
    const teacherOf = (id: string) => rows.find((r) => r.id === id)?.teacherId;
    expect(teacherOf(taught.sessionId)).toBe(mine.id);
    expect(teacherOf(byName.sessionId)).toBe(other.id);
    expect(teacherOf(legacy.sessionId)).toBeNull();

    const day = await mine.client.get(`/api/sessions?date=${today}`);
    expect(day.json().sessions.map((s: { _id: string }) => s._id)).toEqual([taught.sessionId]);
    expect((await mine.client.get('/api/batches')).json().batches.map((b: { _id: string }) => b._id)).toEqual([taught.batchId]);
    expect((await mine.client.get(`/api/sessions/${taught.sessionId}/attendance`)).statusCode).toBe(200);
    expect((await mine.client.get(`/api/attendance?batch=${taught.batchId}`)).statusCode).toBe(200);
    for (const id of [byName.sessionId, legacy.sessionId]) {
      expect((await mine.client.get(`/api/sessions/${id}/attendance`)).statusCode).toBe(404);
      expect((await mine.client.put(`/api/sessions/${id}/attendance`, { absent: [] })).statusCode).toBe(404);
    }
    expect((await mine.client.get(`/api/attendance?batch=${byName.batchId}`)).statusCode).toBe(404);

    // Renaming the class's teacher text does not move it: the id decides.
    await t.ctx.db.update(classSessions).set({ teacher: 'Someone Else' }).where(eq(classSessions.id, taught.sessionId));
    expect((await mine.client.get(`/api/sessions/${taught.sessionId}/attendance`)).statusCode).toBe(200);
    // A teacher id that is not a faculty member's: 400 naming the field.
    const wrong = await t.admin.post(`/api/batches/${legacy.batchId}/sessions`, {
      date: today,
      startTime: '11:00',
      endTime: '12:00',
      subject: 'x',
      room: '1',
      teacher: 'x',
      teacherId: w.a.student.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.teacherId).toBeTruthy();
  });
});

describe('a centre manager', () => {
  it("reaches their centre's students and payments only (another centre's: 404)", async () => {
    // A and B are Dumdum students; C is Kasba's.
    const course = await createCourse(t, 9_000);
    const c = await createAdmittedStudent(t, course._id);
    await t.ctx.db.update(users).set({ centreId: 'kasba' }).where(eq(users.id, c.student.id));
    const order = await c.student.client.post('/api/payments/orders', { courseId: course._id, method: 'offline' });
    expect(order.statusCode, order.body).toBe(201);
    const kasbaPayment = order.json().paymentId as string;
    const manager = await createStaffMember(t, 'centre_manager', { centres: ['dumdum'] });

    const list = (await manager.client.get('/api/users?role=student')).json();
    const ids = list.users.map((s: { _id: string }) => s._id);
    expect(ids).toEqual(expect.arrayContaining([w.a.student.id, w.b.student.id]));
    expect(ids).not.toContain(c.student.id);
    expect((await manager.client.get(`/api/users/${w.a.student.id}`)).statusCode).toBe(200);
    expect((await manager.client.get(`/api/users/${c.student.id}`)).statusCode).toBe(404);

    const payments = (await manager.client.get('/api/payments')).json();
    const paymentIds = JSON.stringify(payments);
    expect(paymentIds).toContain(w.paidPayment.id);
    expect(paymentIds).not.toContain(kasbaPayment);
    expect((await manager.client.get(`/api/payments/${w.paidPayment.id}`)).statusCode).toBe(200);
    expect((await manager.client.get(`/api/payments/${kasbaPayment}`)).statusCode).toBe(404);
    expect((await manager.client.get(`/api/payments/${kasbaPayment}/receipt`)).statusCode).toBe(404);
    expect((await manager.client.get(`/api/payments/counter/students/${c.student.id}`)).statusCode).toBe(404);
  });
});

describe('a student', () => {
  it('reads their own submissions and payments; another student’s are refused (403), a missing one 404', async () => {
    const mine = (await w.a.student.client.get('/api/submissions/my-submissions')).json();
    expect(JSON.stringify(mine)).toContain(w.submissionId);
    expect(JSON.stringify((await w.b.student.client.get('/api/submissions/my-submissions')).json())).not.toContain(w.submissionId);
    expect((await w.a.student.client.get(`/api/submissions/${w.submissionId}`)).statusCode).toBe(200);
    expect((await w.b.student.client.get(`/api/submissions/${w.submissionId}`)).statusCode).toBe(403);
    expect((await w.b.student.client.get('/api/submissions/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const history = (await w.a.student.client.get('/api/payments/history')).json();
    expect(JSON.stringify(history)).toContain(w.paidPayment.id);
    expect(JSON.stringify((await w.b.student.client.get('/api/payments/history')).json())).not.toContain(w.paidPayment.id);
    expect((await w.a.student.client.get(`/api/payments/${w.paidPayment.id}/receipt`)).statusCode).toBe(200);
    expect((await w.b.student.client.get(`/api/payments/${w.paidPayment.id}/receipt`)).statusCode).toBe(403);
    expect((await w.b.student.client.get(`/api/payments/status/${w.paidPayment.orderId}`)).statusCode).toBe(403);
    expect((await w.b.student.client.get('/api/payments/status/no-such-order')).statusCode).toBe(404);
  });
});

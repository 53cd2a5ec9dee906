import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admissionRequests, batches, users } from '../../src/db/schema.ts';
import { createAdmittedStudent, createCourse } from '../../src/modules/payments/test-fixtures.ts';
import { createStaffMember } from '../../src/modules/staff/test-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { fingerprint, changedTables } from './db-state.ts';

// A centre manager of Dumdum never sees Kasba's admissions, students, payments, batches, classes,
// attendance or collections: not in lists, counts, exports, nor as single records (docs/product-staff.md).

let t: TestApp;
type Client = TestApp['admin'];
let manager: Client;
let managerToken: string;
let faculty: Client;

type Side = {
  studentId: string;
  email: string;
  admissionId: string;
  pendingId: string;
  paymentId: string;
  orderId: string;
  batchId: string;
  sessionId: string;
};
const sides: Record<'dumdum' | 'kasba', Side> = {} as never;
const today = new Date().toISOString().slice(0, 10);

async function sideOf(centre: 'dumdum' | 'kasba', courseId: string): Promise<Side> {
  const { student, admission } = await createAdmittedStudent(t, courseId);
  await t.ctx.db.update(users).set({ centreId: centre }).where(eq(users.id, student.id));
  await t.ctx.db.update(admissionRequests).set({ centreId: centre }).where(eq(admissionRequests.id, admission.id));
  const paidCourse = await createCourse(t, 12_000);
  const order = await student.client.post('/api/payments/orders', { courseId: paidCourse._id, method: 'offline' });
  expect(order.statusCode, order.body).toBe(201);
  const paymentId = order.json().paymentId as string;
  expect((await t.admin.patch(`/api/payments/${paymentId}/verify`)).statusCode).toBe(200);
  const pending = await t.visitor.post('/api/admission-requests', {
    fullName: `Applicant ${centre}`,
    email: `applicant-${centre}@test.local`,
    phone: '9876543210',
    address: 'Kolkata',
    education: 'Graduate',
    course: courseId,
    centre,
    reason: 'Law',
  });
  expect(pending.statusCode, pending.body).toBe(201);
  const batch = await t.admin.post('/api/batches', {
    name: `Batch ${centre}`,
    course: courseId,
    centre,
    academicYear: '2026-27',
    timing: 'MORNING',
    startsOn: '2026-01-01',
    endsOn: '2027-12-31',
    capacity: 30,
  });
  expect(batch.statusCode, batch.body).toBe(201);
  const batchId = batch.json()._id as string;
  await t.ctx.db.update(users).set({ batchId }).where(eq(users.id, student.id));
  const session = await t.admin.post(`/api/batches/${batchId}/sessions`, {
    date: today,
    startTime: '09:00',
    endTime: '10:00',
    subject: 'Legal reasoning',
    teacher: centre === 'dumdum' ? 'Staff faculty' : 'Someone Else',
    room: '1',
  });
  expect(session.statusCode, session.body).toBe(201);
  const sessionId = session.json().sessions[0]._id as string;
  expect((await t.admin.put(`/api/sessions/${sessionId}/attendance`, { absent: [] })).statusCode).toBe(200);
  return {
    studentId: student.id,
    email: student.email,
    admissionId: admission.id,
    pendingId: pending.json().request._id,
    paymentId,
    orderId: order.json().orderId,
    batchId,
    sessionId,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const course = await createCourse(t, 25_000);
  sides.dumdum = await sideOf('dumdum', course._id);
  sides.kasba = await sideOf('kasba', course._id);
  const m = await createStaffMember(t, 'centre_manager', { centres: ['dumdum'] });
  manager = m.client;
  managerToken = m.token;
  faculty = (await createStaffMember(t, 'faculty', { firstName: 'Staff', lastName: 'Faculty' })).client;
}, 120_000);
afterAll(() => t?.close());

const kasbaSecrets = () => [
  sides.kasba.studentId,
  sides.kasba.email,
  sides.kasba.admissionId,
  sides.kasba.pendingId,
  sides.kasba.paymentId,
  sides.kasba.orderId,
  sides.kasba.batchId,
  sides.kasba.sessionId,
];
const expectNoKasba = (body: string, what: string) => {
  for (const secret of kasbaSecrets()) expect(body, `${what} names ${secret}`).not.toContain(secret);
};

describe('a Dumdum centre manager', () => {
  it('lists, counts and exports only Dumdum records', async () => {
    const d = sides.dumdum;
    const k = sides.kasba;
    // url, what the manager must see, what the full admin sees there besides (Kasba's).
    const reads: [string, string[], string[]][] = [
      ['/api/admission-requests/admin', [d.pendingId], [k.pendingId]],
      ['/api/users?role=student', [d.studentId], [k.studentId]],
      ['/api/users/export.csv', [d.email], [k.email]],
      ['/api/payments', [d.paymentId], [k.paymentId]],
      ['/api/batches', [d.batchId], [k.batchId]],
      [`/api/sessions?date=${today}`, [d.sessionId], [k.sessionId]],
      ['/api/payments/collections', [d.paymentId], [k.paymentId]],
      ['/api/payments/collections?format=csv', [], []],
      ['/api/payments/collections?centre=kasba', [], []],
    ];
    for (const [url, mustHave, adminAlsoHas] of reads) {
      const res = await manager.get(url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      expectNoKasba(res.body, url);
      for (const id of mustHave) expect(res.body, url).toContain(id);
      const all = await t.admin.get(url);
      for (const id of adminAlsoHas) expect(all.body, url).toContain(id);
    }
    const csv = await manager.get('/api/payments/collections?format=csv');
    expect(csv.body).not.toContain('Kasba');

    const students = (await manager.get('/api/users?role=student')).json();
    expect(students.total).toBe(1);
    expect(students.stats.totalStudents).toBe(1);
    expect(students.stats.centreDistribution.map((c: { centre: string }) => c.centre)).toEqual(['dumdum']);
    const tiles = (await manager.get('/api/payments/summary')).json();
    const allTiles = (await t.admin.get('/api/payments/summary')).json();
    expect(tiles.totalTransactions).toBe(1);
    expect(allTiles.totalTransactions).toBe(2);
    const collections = (await manager.get('/api/payments/collections')).json();
    expect(collections.byCentre.map((c: { centre: string }) => c.centre)).not.toContain('kasba');
    expect(collections.total.count).toBe(1);
  });

  it('gets 403/404 for every Kasba record, and changes nothing', async () => {
    const before = await fingerprint(t.ctx.db);
    const k = sides.kasba;
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/admission-requests/admin/${k.pendingId}`],
      ['PATCH', `/api/admission-requests/admin/${k.pendingId}/approve`, { adminNotes: 'x' }],
      ['PATCH', `/api/admission-requests/admin/${k.pendingId}/reject`, { adminNotes: 'x' }],
      ['DELETE', `/api/admission-requests/admin/${k.pendingId}`],
      ['GET', `/api/users/${k.studentId}`],
      ['PATCH', `/api/users/${k.studentId}`, { isActive: false }],
      ['POST', `/api/users/${k.studentId}/reset-password`],
      ['DELETE', `/api/users/${k.studentId}`],
      ['GET', `/api/payments/${k.paymentId}`],
      ['GET', `/api/payments/${k.paymentId}/receipt`],
      ['GET', `/api/payments/status/${k.orderId}`],
      ['PATCH', `/api/payments/${k.paymentId}/verify`],
      ['GET', `/api/batches/${k.batchId}`],
      ['PATCH', `/api/batches/${k.batchId}`, { capacity: 5 }],
      ['DELETE', `/api/batches/${k.batchId}`],
      ['GET', `/api/batches/${k.batchId}/sessions`],
      [
        'POST',
        `/api/batches/${k.batchId}/sessions`,
        { date: today, startTime: '11:00', endTime: '12:00', subject: 'x', teacher: 'y', room: '1' },
      ],
      ['PATCH', `/api/sessions/${k.sessionId}`, { room: '2' }],
      ['DELETE', `/api/sessions/${k.sessionId}`],
      ['GET', `/api/sessions/${k.sessionId}/attendance`],
      ['PUT', `/api/sessions/${k.sessionId}/attendance`, { absent: [k.studentId] }],
      ['GET', `/api/attendance?batch=${k.batchId}`],
      ['GET', `/api/attendance?batch=${k.batchId}&format=csv`],
      ['GET', '/api/users?role=admin'],
      ['GET', `/api/payments/counter/students/${k.studentId}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.inject({
        method: method as 'GET',
        url,
        payload: payload as object | undefined,
        headers: { authorization: `Bearer ${managerToken}` },
      });
      expect([403, 404], `${method} ${url}: ${res.statusCode} ${res.body.slice(0, 120)}`).toContain(res.statusCode);
      expectNoKasba(res.body, `${method} ${url}`);
    }
    // Nor may they record money or open batches at Kasba.
    expect(
      (
        await manager.post('/api/payments/counter', {
          studentId: k.studentId,
          amount: 100,
          method: 'cash',
          centre: 'kasba',
          receivedAt: new Date().toISOString(),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await manager.post('/api/payments/counter', {
          studentId: k.studentId,
          amount: 100,
          method: 'cash',
          centre: 'dumdum',
          receivedAt: new Date().toISOString(),
        })
      ).statusCode,
    ).toBe(400);
    const batch = await manager.post('/api/batches', {
      name: 'Sneaky',
      course: (await t.ctx.db.select().from(batches))[0].courseId,
      centre: 'kasba',
      academicYear: '2026-27',
      timing: 'EVENING',
      startsOn: '2026-01-01',
      endsOn: '2026-12-31',
      capacity: 10,
    });
    expect(batch.statusCode).toBe(400);
    // Nor place a Dumdum student into a Kasba batch, by a move or an approval.
    expect((await manager.patch(`/api/users/${sides.dumdum.studentId}`, { batch: k.batchId })).statusCode).toBe(400);
    expect((await manager.patch(`/api/admission-requests/admin/${sides.dumdum.pendingId}/approve`, { batch: k.batchId })).statusCode).toBe(
      400,
    );
    expect(changedTables(before, await fingerprint(t.ctx.db))).toEqual([]);
  });

  it('works on Dumdum records as an admin would', async () => {
    const d = sides.dumdum;
    for (const url of [
      `/api/admission-requests/admin/${d.pendingId}`,
      `/api/users/${d.studentId}`,
      `/api/payments/${d.paymentId}`,
      `/api/batches/${d.batchId}`,
      `/api/sessions/${d.sessionId}/attendance`,
      `/api/attendance?batch=${d.batchId}`,
      `/api/payments/${d.paymentId}/receipt`,
    ]) {
      expect((await manager.get(url)).statusCode, url).toBe(200);
    }
    expect((await manager.put(`/api/sessions/${d.sessionId}/attendance`, { absent: [d.studentId] })).statusCode).toBe(200);
  });
});

describe('a faculty member', () => {
  it('sees and marks attendance of the classes they teach only', async () => {
    const day = await faculty.get(`/api/sessions?date=${today}`);
    expect(day.statusCode).toBe(200);
    expect(day.json().sessions.map((s: { _id: string }) => s._id)).toEqual([sides.dumdum.sessionId]);
    expect((await faculty.get('/api/batches')).json().batches.map((b: { _id: string }) => b._id)).toEqual([sides.dumdum.batchId]);
    expect((await faculty.get(`/api/sessions/${sides.dumdum.sessionId}/attendance`)).statusCode).toBe(200);
    expect((await faculty.put(`/api/sessions/${sides.dumdum.sessionId}/attendance`, { absent: [] })).statusCode).toBe(200);
    expect((await faculty.get(`/api/sessions/${sides.kasba.sessionId}/attendance`)).statusCode).toBe(404);
    expect((await faculty.put(`/api/sessions/${sides.kasba.sessionId}/attendance`, { absent: [] })).statusCode).toBe(404);
    // Never money.
    for (const url of ['/api/payments', '/api/payments/summary', '/api/payments/collections', '/api/coupons']) {
      expect((await faculty.get(url)).statusCode, url).toBe(403);
    }
    expect((await faculty.get(`/api/payments/${sides.dumdum.paymentId}/receipt`)).statusCode).toBe(403);
  });
});

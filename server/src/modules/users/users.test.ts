import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@app/common';
import { USER_MSG } from '@app/common/schemas/users';
import { ADMIN, createTestApp, PASSWORD, type TestApp } from '../../../test/helpers.ts';
import { admissionRequests, auditLog, examAttempts, exams, mailOutbox, payments, submissions, users } from '../../db/schema.ts';

let t: TestApp;
let adminId: string;
let examIds: string[];
beforeAll(async () => {
  t = await createTestApp();
  adminId = (await t.admin.get('/api/auth/profile')).json().user._id;
  examIds = (
    await t.ctx.db
      .insert(exams)
      .values([1, 2, 3].map((i) => ({ title: `Mock ${i}`, description: 'd', durationMinutes: 60, totalMarks: 40, passingMarks: 16 })))
      .returning()
  ).map((e) => e.id);
});
afterAll(() => t?.close());

const unknownId = '00000000-0000-4000-8000-000000000000';
const submission = (examId: string, studentId: string, marksObtained: number, isPassed: boolean | null) => ({
  examId,
  studentId,
  marksObtained,
  totalMarks: 40,
  startedAt: new Date(),
  submittedAt: new Date(Date.now() - marksObtained * 1000),
  status: isPassed === null ? ('SUBMITTED' as const) : ('EVALUATED' as const),
  isPassed,
});

describe('GET /api/users/{id}', () => {
  it('answers the student with exam statistics and submissions', async () => {
    const s = await t.createStudent({ firstName: 'Ira', lastName: 'Ghosh', centreId: 'kasba' });
    await t.ctx.db
      .insert(submissions)
      .values([submission(examIds[0], s.id, 30, true), submission(examIds[1], s.id, 10, false), submission(examIds[2], s.id, 20, null)]);
    const res = await t.admin.get(`/api/users/${s.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      _id: s.id,
      fullName: 'Ira Ghosh',
      email: s.email,
      role: 'student',
      centre: 'kasba',
      centreDetails: { id: 'kasba', name: 'Kasba/Ballygunge Centre' },
      examsTaken: 3,
      averageScore: 50,
      passedExams: 1,
      failedExams: 1,
      totalMarksObtained: 60,
      totalMarksAvailable: 120,
    });
    expect(body).not.toHaveProperty('passwordHash');
    // Newest first.
    expect(body.submissions.map((x: { marksObtained: number }) => x.marksObtained)).toEqual([10, 20, 30]);
    expect(body.submissions[0]).toEqual({
      _id: expect.any(String),
      exam: { _id: examIds[1], title: 'Mock 2' },
      marksObtained: 10,
      totalMarks: 40,
      percentage: 25,
      status: 'EVALUATED',
      isPassed: false,
      submittedAt: expect.any(String),
    });
  });

  it('answers zeroes and a null average for a student without submissions', async () => {
    const s = await t.createStudent();
    expect((await t.admin.get(`/api/users/${s.id}`)).json()).toMatchObject({ examsTaken: 0, averageScore: null, submissions: [] });
  });

  it("answers 404 'Student Not Found' for an unknown id, an admin or a malformed id", async () => {
    for (const id of [unknownId, adminId]) {
      const res = await t.admin.get(`/api/users/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(USER_MSG.notFound);
    }
    expect((await t.admin.get('/api/users/not-a-uuid')).statusCode).toBe(404);
  });
});

describe('PATCH /api/users/{id}', () => {
  it('deactivation stops sign-in and ends the student token at once; activation restores', async () => {
    const s = await t.createStudent();
    expect((await s.client.get('/api/auth/profile')).statusCode).toBe(200);
    const res = await t.admin.patch(`/api/users/${s.id}`, { isActive: false, role: 'admin', email: 'x@y.z' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: s.id, isActive: false, role: 'student', email: s.email });
    expect((await s.client.get('/api/auth/profile')).statusCode).toBe(401);
    const login = await t.visitor.post('/api/auth/login', { email: s.email, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(MSG.accountInactive);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.deactivate'), eq(auditLog.entityId, s.id)));
    expect(audit[0]).toMatchObject({ before: { isActive: true }, after: { isActive: false } });

    const back = await t.admin.patch(`/api/users/${s.id}`, { isActive: true });
    expect(back.json().isActive).toBe(true);
    expect((await t.visitor.post('/api/auth/login', { email: s.email, password: PASSWORD })).statusCode).toBe(200);
    expect(await t.ctx.db.$count(auditLog, and(eq(auditLog.action, 'user.activate'), eq(auditLog.entityId, s.id)))).toBe(1);
  });

  it('needs isActive, and manages students only', async () => {
    const s = await t.createStudent();
    expect((await t.admin.patch(`/api/users/${s.id}`, {})).statusCode).toBe(400);
    expect((await t.admin.patch(`/api/users/${s.id}`, { isActive: 'no' })).statusCode).toBe(400);
    expect((await t.admin.patch(`/api/users/${unknownId}`, { isActive: false })).statusCode).toBe(404);
  });

  it('an admin cannot deactivate themselves', async () => {
    const res = await t.admin.patch(`/api/users/${adminId}`, { isActive: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(USER_MSG.cannotDeactivateSelf);
    expect((await t.admin.get('/api/auth/profile')).statusCode).toBe(200);
  });
});

describe('POST /api/users/{id}/reset-password', () => {
  it('mails a new temporary password; the old password and token stop working', async () => {
    const s = await t.createStudent();
    expect((await s.client.get('/api/auth/profile')).statusCode).toBe(200);
    const res = await t.admin.post(`/api/users/${s.id}/reset-password`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `Password reset email sent to ${s.email}`, emailSent: true });
    expect((await s.client.get('/api/auth/profile')).statusCode).toBe(401);
    expect((await t.visitor.post('/api/auth/login', { email: s.email, password: PASSWORD })).statusCode).toBe(401);
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, s.email));
    const password = /Temporary password: (\S+)/.exec(mail.text)?.[1];
    expect(password).toHaveLength(16);
    expect((await t.visitor.post('/api/auth/login', { email: s.email, password })).statusCode).toBe(200);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.reset-password'), eq(auditLog.entityId, s.id)));
    expect(JSON.stringify(audit)).not.toContain(password!);
  });

  it('answers 404 for an unknown id (admins: admins.test.ts)', async () => {
    expect((await t.admin.post(`/api/users/${unknownId}/reset-password`)).statusCode).toBe(404);
    expect((await t.visitor.post('/api/auth/login', ADMIN)).statusCode).toBe(200);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('removes the student and what belongs only to them; their admission request stays, unlinked', async () => {
    const s = await t.createStudent({ firstName: 'Rahul', lastName: 'Bose' });
    const other = await t.createStudent();
    const { db } = t.ctx;
    await db.insert(submissions).values([submission(examIds[0], s.id, 30, true), submission(examIds[0], other.id, 20, true)]);
    await db.insert(examAttempts).values({ examId: examIds[1], studentId: s.id, deadline: new Date(Date.now() + 3600_000) });
    await db.insert(payments).values({
      studentId: s.id,
      courseName: 'CLAT Preparation',
      kind: 'fee',
      amountPaise: 100,
      feePaise: 100,
      method: 'offline',
      orderId: `order-${s.id}`,
    });
    const [request] = await db
      .insert(admissionRequests)
      .values({
        fullName: 'Rahul Bose',
        email: s.email,
        phone: '1',
        address: 'a',
        education: 'e',
        centreId: 'dumdum',
        reason: 'r',
        status: 'approved',
        userId: s.id,
      })
      .returning();
    expect((await s.client.get('/api/auth/profile')).statusCode).toBe(200);

    const res = await t.admin.delete(`/api/users/${s.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Rahul Bose has been successfully deleted from the system.' });
    expect(await db.$count(users, eq(users.id, s.id))).toBe(0);
    expect(await db.$count(submissions, eq(submissions.studentId, s.id))).toBe(0);
    expect(await db.$count(examAttempts, eq(examAttempts.studentId, s.id))).toBe(0);
    expect(await db.$count(payments, eq(payments.studentId, s.id))).toBe(0);
    expect(await db.$count(submissions, eq(submissions.studentId, other.id))).toBe(1);
    const [kept] = await db.select().from(admissionRequests).where(eq(admissionRequests.id, request.id));
    expect(kept.userId).toBeNull();
    expect((await s.client.get('/api/auth/profile')).statusCode).toBe(401);
    expect((await t.visitor.post('/api/auth/login', { email: s.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await t.admin.get(`/api/users/${s.id}`)).statusCode).toBe(404);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.delete'), eq(auditLog.entityId, s.id)));
    expect(audit.before).toMatchObject({ email: s.email });
    expect((await t.admin.delete(`/api/users/${s.id}`)).statusCode).toBe(404);
  });

  it('an admin cannot delete themselves; another admin can be deleted (admins.test.ts)', async () => {
    const res = await t.admin.delete(`/api/users/${adminId}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(USER_MSG.cannotDeleteSelf);
    const created = await t.admin.post('/api/auth/create-admin', {
      firstName: 'Other',
      lastName: 'Admin',
      email: `other-${Date.now()}@test.local`,
      password: 'Another-Pass-77',
    });
    expect((await t.admin.delete(`/api/users/${created.json().user._id}`)).statusCode).toBe(200);
  });
});

describe('authorisation', () => {
  it('refuses every call for a visitor (401) and a student (403)', async () => {
    const s = await t.createStudent();
    const target = await t.createStudent();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/users?role=student'],
      ['GET', '/api/users?sort=bogus'],
      ['GET', '/api/users/export.csv'],
      ['GET', `/api/users/${target.id}`],
      ['PATCH', `/api/users/${target.id}`, { isActive: false }],
      ['PATCH', `/api/users/${target.id}`, { isActive: 'bad' }],
      ['POST', `/api/users/${target.id}/reset-password`],
      ['DELETE', `/api/users/${target.id}`],
      ['GET', '/api/stats/admin'],
    ];
    for (const [method, url, body] of calls) {
      for (const [who, client, status] of [
        ['visitor', t.visitor, 401],
        ['student', s.client, 403],
      ] as const) {
        const res =
          method === 'GET'
            ? await client.get(url)
            : method === 'PATCH'
              ? await client.patch(url, body)
              : method === 'POST'
                ? await client.post(url)
                : await client.delete(url);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(status);
      }
    }
    // Nothing happened to the target.
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ isActive: true, tokenVersion: 0 });
  });
});

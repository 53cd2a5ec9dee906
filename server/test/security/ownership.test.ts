import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admissionRequests, examAttempts, mailOutbox, payments, submissions, users } from '../../src/db/schema.ts';
import { createAdmittedStudent } from '../../src/modules/payments/test-fixtures.ts';
import { PASSWORD, type TestApp } from '../helpers.ts';
import { bodyFor, type Caller, callersOf, paramsOfA, type Role, send } from './calls.ts';
import { tablesContaining } from './db-state.ts';
import { type ApiRoute, createAppWithRoutes, fillPath } from './routes.ts';
import { buildWorld, type Student, type World } from './world.ts';

// Issue 7, access-control matrix (ownership): no student reads or changes another student's
// submission, result, payment, receipt, admission or profile, and no body sets a field the
// student does not own (role, isActive, marks, amount, status, registrationNumber, totalMarks).

let t: TestApp;
let routes: ApiRoute[];
let w: World;
let callers: Record<Role, Caller>;
beforeAll(async () => {
  ({ t, routes } = await createAppWithRoutes());
  w = await buildWorld(t);
  callers = await callersOf(t, w);
}, 120_000);
afterAll(async () => t?.close());

/** Everything that identifies A or A's records. */
const secretsOfA = () => [
  w.a.student.id,
  w.a.student.email,
  w.a.student.registrationNumber as string,
  w.a.admission.id,
  w.a.admission.admissionNumber as string,
  w.submissionId,
  w.paidPayment.id,
  w.paidPayment.orderId,
  w.gatewayPayment.orderId,
];

/** The account fields only an admin (or nobody) may change. */
const accountOf = async (s: Student) => {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.id, s.id));
  const { role, isActive, registrationNumber, email, firstName, lastName, phone, centreId, courseInterest, passwordHash } = row;
  return { role, isActive, registrationNumber, email, firstName, lastName, phone, centreId, courseInterest, passwordHash };
};

describe("another student's objects", () => {
  it.each([
    ['submission', () => `/api/submissions/${w.submissionId}`],
    ['payment status', () => `/api/payments/status/${w.paidPayment.orderId}`],
    ['receipt', () => `/api/payments/${w.paidPayment.id}/receipt`],
  ])("A reads its own %s; B gets 403/404 and nothing of A's", async (_what, path) => {
    expect((await w.a.student.client.get(path())).statusCode).toBe(200);
    const res = await w.b.student.client.get(path());
    expect([403, 404]).toContain(res.statusCode);
    for (const secret of secretsOfA()) expect(res.body).not.toContain(secret);
  });

  it("B's own lists, records and profile never carry A's objects, while A's carry them", async () => {
    const reads = routes.filter((r) => r.method === 'GET' && (r.access === 'student' || r.access === 'user') && !r.url.includes(':'));
    expect(reads.length).toBeGreaterThanOrEqual(8);
    const seenByA = new Set<string>();
    for (const r of reads) {
      const asB = await w.b.student.client.get(r.url);
      expect(asB.statusCode, r.key).toBeLessThan(500);
      for (const secret of secretsOfA()) expect(asB.body, `${r.key} as B`).not.toContain(secret);
      const asA = await w.a.student.client.get(r.url);
      for (const secret of secretsOfA()) if (asA.body.includes(secret)) seenByA.add(secret);
    }
    // The check above can fail: A's own answers do name each of these.
    expect([...seenByA].sort()).toEqual(secretsOfA().sort());
  });

  it("B cannot save into or submit A's open attempt", async () => {
    const attemptOfA = () =>
      t.ctx.db
        .select()
        .from(examAttempts)
        .where(and(eq(examAttempts.examId, w.openExam._id), eq(examAttempts.studentId, w.a.student.id)));
    const [before] = await attemptOfA();
    const q = w.openExam.questions[0]._id;
    const save = await w.b.student.client.put(`/api/exams/${w.openExam._id}/attempt/answers`, { answers: { [q]: 1 } });
    expect(save.statusCode).toBe(409);
    const submit = await w.b.student.client.post('/api/submissions', { examId: w.openExam._id, answers: { [q]: 1 } });
    expect(submit.statusCode).toBe(409);
    expect(await attemptOfA()).toEqual([before]);
    const byB = await t.ctx.db.select().from(submissions).where(eq(submissions.studentId, w.b.student.id));
    expect(byB).toEqual([]);
  });
});

describe('fields a student does not own', () => {
  const EXTRA = {
    role: 'admin',
    isActive: false,
    registrationNumber: 'REG-HACKED',
    marks: 1000,
    marksObtained: 1000,
    totalMarks: 1,
    percentage: 100,
    grade: 'A+',
    isPassed: true,
    status: 'completed',
    amount: 1,
    amountPaise: 100,
    feePaise: 100,
    discountPaise: 2_499_900,
    currency: 'USD',
    receiptNumber: 'RCT-HACKED',
    transactionId: 'TXN-HACKED',
    studentId: '',
    userId: '',
    _id: '00000000-0000-4000-8000-000000000000',
  };
  const extra = () => ({ ...EXTRA, studentId: w.b.student.id, userId: w.b.student.id });
  let accountsBefore: unknown[];
  beforeAll(async () => {
    accountsBefore = [await accountOf(w.a.student), await accountOf(w.b.student)];
  });

  it('saving attempt answers takes only the answers', async () => {
    const where = and(eq(examAttempts.examId, w.openExam._id), eq(examAttempts.studentId, w.a.student.id));
    const [before] = await t.ctx.db.select().from(examAttempts).where(where);
    const q = w.openExam.questions[1]._id;
    const body = { ...extra(), answers: { [q]: 0 }, deadline: '2099-01-01T00:00:00Z', startedAt: '2000-01-01T00:00:00Z', closedAt: null };
    expect((await w.a.student.client.put(`/api/exams/${w.openExam._id}/attempt/answers`, body)).statusCode).toBe(200);
    const [after] = await t.ctx.db.select().from(examAttempts).where(where);
    expect(after).toMatchObject({ id: before.id, startedAt: before.startedAt, deadline: before.deadline, closedAt: null });
    expect(after.answers).toEqual({ ...before.answers, [q]: 0 });
  });

  it('a submission is marked by the server, whatever the body claims', async () => {
    const [q0, q1, q2] = w.openExam.questions;
    const answers = { [q0._id]: 0, [q1._id]: 1, [q2._id]: 'An essay' };
    const body = { ...extra(), examId: w.openExam._id, answers, status: 'EVALUATED', feedback: 'Excellent' };
    const res = await w.a.student.client.post('/api/submissions', body);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.ctx.db.select().from(submissions).where(eq(submissions.id, res.json().submission._id));
    // examPayload: q0 correct is 1 (answered 0: wrong), q1 correct is 0 (answered 1: wrong), q2 waits for the admin.
    expect(row).toMatchObject({
      studentId: w.a.student.id,
      marksObtained: 0,
      totalMarks: 10,
      correctAnswers: 0,
      incorrectAnswers: 2,
      status: 'SUBMITTED',
      isPassed: null,
      feedback: null,
    });
  });

  it('an order charges the course price to the caller, pending', async () => {
    const res = await w.a.student.client.post('/api/payments/orders', { ...extra(), courseId: w.course._id, method: 'offline' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.orderId, res.json().orderId));
    expect(row).toMatchObject({ studentId: w.a.student.id, amountPaise: 2_500_000, feePaise: 2_500_000, discountPaise: 0 });
    expect(row).toMatchObject({ status: 'pending', currency: 'INR', receiptNumber: null, transactionId: null, kind: 'fee' });
  });

  it('an installment is the amount asked, for the caller, pending', async () => {
    // B here: A has paid the whole fee already. The extra ids name A.
    const body = {
      ...EXTRA,
      studentId: w.a.student.id,
      userId: w.a.student.id,
      amount: 100,
      admissionId: w.b.admission.id,
      installmentNumber: 1,
      kind: 'fee',
      courseName: 'Free',
    };
    const res = await w.b.student.client.post('/api/payments/paytm/initiate', body);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.orderId, res.json().orderId));
    expect(row).toMatchObject({ studentId: w.b.student.id, amountPaise: 10_000, status: 'pending', kind: 'installment' });
    expect(row).toMatchObject({ admissionId: w.b.admission.id, courseName: w.course.name, receiptNumber: null });
  });

  it('a coupon preview ignores a claimed discount', async () => {
    const body = { ...extra(), courseId: w.course._id, code: 'NOPE', valid: true, percent: 100, discount: 25_000, total: 0 };
    const res = await w.a.student.client.post('/api/payments/coupons/validate', body);
    expect(res.json()).toMatchObject({ valid: false, percent: 0, discount: 0, total: 25_000 });
  });

  it('an admission request starts pending, with no account, number or notes', async () => {
    const email = `mass-${Date.now()}@test.local`;
    // percentage is a field of the Application Form (it would ask for the rest of that form).
    const { percentage: _p, ...notes } = extra();
    const body = {
      ...notes,
      fullName: 'Mass Assigner',
      email,
      phone: '9876543210',
      address: 'Kolkata',
      education: 'Graduate',
      course: w.course._id,
      centre: 'dumdum',
      reason: 'Law',
      status: 'approved',
      admissionNumber: 'ADM-HACKED',
      adminNotes: 'Approved by nobody',
      approvedAt: new Date().toISOString(),
      decidedBy: w.a.student.id,
      batchYear: '1999-00',
    };
    expect((await t.visitor.post('/api/admission-requests', body)).statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(admissionRequests).where(eq(admissionRequests.email, email));
    expect(row).toMatchObject({ status: 'pending', userId: null, admissionNumber: null, adminNotes: null, decidedBy: null });
    expect(row).toMatchObject({ approvedAt: null, batchYear: null });
  });

  it('signing in and out take no account field', async () => {
    const login = await t.visitor.post('/api/auth/login', { ...extra(), email: w.a.student.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ role: 'student', isActive: true, registrationNumber: w.a.student.registrationNumber });
    // Signed out with the token just made: logout revokes it, and the shared client keeps its own.
    expect((await t.withToken(login.json().token).post('/api/auth/logout', extra())).statusCode).toBe(200);
  });

  it('a password reset sets the password and nothing else, of its own account only', async () => {
    const { student: c } = await createAdmittedStudent(t, w.course._id);
    const before = await accountOf(c);
    expect((await t.visitor.post('/api/auth/forgot-password', { email: c.email })).statusCode).toBe(200);
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, c.email)).orderBy(desc(mailOutbox.createdAt));
    const token = /\/reset-password\/([^\s"<]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    const body = { ...extra(), email: w.b.student.email, password: 'Fresh-Pass-2468', confirmPassword: 'Fresh-Pass-2468' };
    expect((await t.visitor.post(`/api/auth/reset-password/${token}`, body)).statusCode).toBe(200);
    const after = await accountOf(c);
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect({ ...after, passwordHash: '' }).toEqual({ ...before, passwordHash: '' });
    expect((await t.visitor.post('/api/auth/login', { email: w.b.student.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('no body a student can send, on any route, stores a field it does not own', async () => {
    const writes = routes.filter((r) => r.method !== 'GET' && r.method !== 'DELETE' && r.access !== 'admin' && r.access !== 'gateway');
    expect(writes.length).toBeGreaterThanOrEqual(12);
    const admins = await t.ctx.db.$count(users, eq(users.role, 'admin'));
    for (const r of writes) {
      const example = bodyFor(r.key, w);
      const body = { ...(typeof example === 'object' ? example : {}), ...extra() };
      const res = await send(t, r, fillPath(r.url, paramsOfA(w)), callers.studentA, body);
      expect(res.statusCode, `${r.key}: ${res.body}`).toBeLessThan(500);
    }
    // The sentinels of EXTRA are nowhere in the database (the scan does find what is there), and nobody became an admin.
    expect(await tablesContaining(t.ctx.db, w.a.student.registrationNumber as string)).toContain('users');
    for (const sentinel of ['REG-HACKED', 'RCT-HACKED', 'TXN-HACKED']) expect(await tablesContaining(t.ctx.db, sentinel)).toEqual([]);
    expect(await t.ctx.db.$count(users, eq(users.role, 'admin'))).toBe(admins);
  });

  it("and neither A's nor B's account changed on the way", async () => {
    expect([await accountOf(w.a.student), await accountOf(w.b.student)]).toEqual(accountsBefore);
  });
});

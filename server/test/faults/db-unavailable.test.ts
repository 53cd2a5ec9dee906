import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@app/common';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type DbHandle, openDb } from '../../src/db/client.ts';
import { admissionRequests, examAttempts, mailOutbox, submissions, users } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { createFaultDatabase, FAULT_ADMIN, type FaultDatabase, serverEnv, sleep, withDirectApp } from './server-process.ts';
import { TcpProxy } from './tcp-proxy.ts';

// Fault test "Database unavailable": a TCP proxy sits between the server and PostgreSQL and is cut and
// restored. Requests answer 503 with a clear message within the 10 s budget, a multi-row write cut
// half-way leaves nothing behind, and the server recovers by itself when the database is back.
//
// PGlite: not applicable. The embedded database runs inside the server process, so it cannot become
// unreachable while the server keeps running; its failure is the process dying, which
// kill-storm.test.ts covers.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const BUDGET_MS = 10_000;

let db: FaultDatabase;
let proxy: TcpProxy;
let handle: DbHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
let adminToken: string;
let examId: string;
const studentTokens: string[] = [];
const requestIds: string[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  db = await createFaultDatabase();
  await withDirectApp(db, async (direct) => {
    const login = await direct.inject({ method: 'POST', url: '/api/auth/login', payload: FAULT_ADMIN });
    adminToken = login.json().token;
    const admin = { authorization: `Bearer ${adminToken}` };
    const course = await direct.inject({
      method: 'POST',
      url: '/api/courses',
      headers: admin,
      payload: { name: 'Outage course', description: 'Mocks', price: 1000, feeType: 'full', duration: '1 month', features: ['Mocks'] },
    });
    const exam = await direct.inject({
      method: 'POST',
      url: '/api/exams',
      headers: admin,
      payload: {
        title: 'Outage mock',
        description: 'Database outage',
        course: course.json()._id,
        duration: 60,
        totalMarks: 2,
        passingMarks: 1,
        questions: [
          { type: 'mcq', question: 'Q1', options: ['a', 'b'], correctAnswer: 0, marks: 1 },
          { type: 'mcq', question: 'Q2', options: ['a', 'b'], correctAnswer: 1, marks: 1 },
        ],
      },
    });
    examId = exam.json()._id;
    const passwordHash = await hashPassword('Outage-Student-1');
    for (let i = 0; i < 3; i++) {
      const [s] = await direct.ctx.db
        .insert(users)
        .values({
          firstName: 'Outage',
          lastName: `Student${i}`,
          email: `outage${i}@faults.local`,
          role: 'student',
          passwordHash,
          registrationNumber: `REG-OUTAGE-${i}`,
          centreId: 'dumdum',
          // Students of the exam's course (its default audience).
          courseInterest: 'Outage course',
        })
        .returning();
      const token = await direct.ctx.signer.sign({ sub: s.id, role: 'student', ver: s.tokenVersion });
      studentTokens.push(token);
      const start = await direct.inject({
        method: 'POST',
        url: `/api/exams/${examId}/attempt`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (start.statusCode !== 200) throw new Error(`start: ${start.statusCode} ${start.body}`);
      const [r] = await direct.ctx.db
        .insert(admissionRequests)
        .values({
          fullName: `Applicant ${i}`,
          email: `applicant${i}@faults.local`,
          phone: '9876543210',
          address: 'Kolkata',
          education: 'Graduate',
          courseId: course.json()._id,
          centreId: 'dumdum',
          reason: 'Law',
        })
        .returning({ id: admissionRequests.id });
      requestIds.push(r.id);
    }
  });
  const target = new URL(db.url as string);
  proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  const proxied = new URL(target);
  proxied.port = String(await proxy.listen());
  const config = loadConfig(serverEnv({ ...db, url: proxied.toString() }, 3000, { LOG_LEVEL: 'silent' }));
  handle = await openDb({ url: config.DATABASE_URL, dataDir: null });
  app = await buildApp({ config, dbHandle: handle, logger: process.env.FAULTS_VERBOSE ? { level: 'error' } : false });
  await app.ready();
}, 120_000);

afterEach(() => proxy?.restore());

afterAll(async () => {
  await app?.close();
  await handle?.close().catch(() => {});
  await proxy?.close();
  await db?.drop();
});

/** The database as it really is (not through the proxy). */
async function inDatabase<T>(fn: (d: DbHandle['db']) => Promise<T>): Promise<T> {
  const direct = await openDb({ url: db.url, dataDir: null });
  try {
    return await fn(direct.db);
  } finally {
    await direct.close();
  }
}

async function timed(method: 'GET' | 'PATCH' | 'POST', url: string, token: string, payload?: object) {
  const started = Date.now();
  const res = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json(), ms: Date.now() - started };
}

const approve = (i: number) => timed('PATCH', `/api/admission-requests/admin/${requestIds[i]}/approve`, adminToken, {});
const submit = (i: number) => timed('POST', '/api/submissions', studentTokens[i], { examId, answers: {} });

function expectUnavailable(r: { status: number; body: unknown; ms: number }) {
  expect(r.body).toEqual({ message: MSG.dbUnavailable, code: 'UNAVAILABLE' });
  expect(r.status).toBe(503);
  expect(r.ms).toBeLessThan(BUDGET_MS);
}

/** Polls an admin read until it answers 200: the server reconnects on its own. */
async function recovers(withinMs = BUDGET_MS) {
  const until = Date.now() + withinMs;
  for (;;) {
    const r = await timed('GET', '/api/exams', adminToken);
    if (r.status === 200) return;
    if (Date.now() > until) throw new Error(`no recovery: ${r.status} ${JSON.stringify(r.body)}`);
    await sleep(200);
  }
}

async function stateOf(i: number) {
  return inDatabase(async (d) => {
    const [request] = await d.select().from(admissionRequests).where(eq(admissionRequests.id, requestIds[i]));
    const accounts = await d.select().from(users).where(eq(users.email, request.email));
    const mails = await d.select().from(mailOutbox).where(eq(mailOutbox.to, request.email));
    const subs = await d.select().from(submissions).where(eq(submissions.examId, examId));
    const attempts = await d.select().from(examAttempts).where(eq(examAttempts.examId, examId));
    return { request, accounts, mails, subs, attempts };
  });
}

describe.skipIf(!onPostgres)('database unavailable (PostgreSQL behind a TCP proxy)', () => {
  it('stopped: 503 with a clear message within 10 s, nothing written, recovers by itself', async () => {
    expect((await timed('GET', '/api/exams', adminToken)).status).toBe(200);
    proxy.cut('refuse');
    expectUnavailable(await timed('GET', '/api/exams', adminToken));
    expectUnavailable(await approve(0));
    expectUnavailable(await submit(0));
    const during = await stateOf(0);
    expect(during.request.status).toBe('pending');
    expect(during.accounts).toHaveLength(0);
    expect(during.subs).toHaveLength(0);

    proxy.restore();
    await recovers();
    expect((await approve(0)).status).toBe(200);
    expect((await submit(0)).status).toBe(201);
    const after = await stateOf(0);
    expect(after.request.status).toBe('approved');
    expect(after.accounts).toHaveLength(1);
    expect(after.mails).toHaveLength(1);
    expect(after.subs).toHaveLength(1);
  });

  it('lost in the middle of an approval: all or nothing (account, decision, audit, welcome mail)', async () => {
    for (const statement of ['insert into "audit_log"', 'insert into "mail_outbox"']) {
      const i = statement.includes('audit') ? 1 : 2;
      const cut = proxy.cutWhen(statement);
      const r = await approve(i);
      expect(cut.fired, statement).toBe(true);
      expectUnavailable(r);
      const s = await stateOf(i);
      const approved = s.request.status === 'approved';
      // Either the whole approval with its credentials mail, or none of it.
      expect({ statement, approved, accounts: s.accounts.length, mails: s.mails.length }).toEqual(
        approved ? { statement, approved, accounts: 1, mails: 1 } : { statement, approved, accounts: 0, mails: 0 },
      );
      proxy.restore();
      await recovers();
      const again = await approve(i);
      expect(again.status, JSON.stringify(again.body)).toBe(approved ? 409 : 200);
      const final = await stateOf(i);
      expect(final.request.status).toBe('approved');
      expect(final.accounts).toHaveLength(1);
      expect(final.mails).toHaveLength(1);
    }
  });

  it('lost in the middle of a submission: no submission without its closed attempt, and one after the retry', async () => {
    const cut = proxy.cutWhen('update "exam_attempts"');
    const r = await submit(1);
    expect(cut.fired).toBe(true);
    expectUnavailable(r);
    const s = await stateOf(1);
    const mine = s.attempts.filter((a) => s.subs.some((x) => x.studentId === a.studentId));
    expect(s.subs.length).toBe(1); // student 0's, from the first test
    expect(mine.every((a) => a.closedAt !== null)).toBe(true);
    proxy.restore();
    await recovers();
    expect((await submit(1)).status).toBe(201);
    expect((await stateOf(1)).subs).toHaveLength(2);
  });

  it('unreachable (a black hole): 503 within 10 s, recovers by itself', async () => {
    // Pooled connections are open and idle when the network goes: their queries get no answer.
    expect((await timed('GET', '/api/exams', adminToken)).status).toBe(200);
    proxy.cut('blackhole');
    // A request arriving while another's query hangs waits for its own query only, not for the other's too.
    const first = timed('GET', '/api/exams', adminToken);
    await new Promise((r) => setTimeout(r, 2_000));
    const [a, b] = await Promise.all([first, timed('GET', '/api/exams', adminToken)]);
    expectUnavailable(a);
    expectUnavailable(b);
    expectUnavailable(await submit(2));
    proxy.restore();
    await recovers();
    expect((await submit(2)).status).toBe(201);
  }, 60_000);
});

describe.skipIf(onPostgres)('database unavailable (PGlite)', () => {
  it.skip('not applicable: the embedded database lives inside the server process (see kill-storm.test.ts)', () => {});
});

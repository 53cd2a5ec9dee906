import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { GRACE_SECONDS } from '@app/common/rules/timer';
import { examAttempts, submissions, users } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { type Sent, callUntilAnswered } from './http-client.ts';
import {
  createFaultDatabase,
  FAULT_ADMIN,
  type FaultDatabase,
  freePort,
  ServerProcess,
  serverEnv,
  sleep,
  withDirectApp,
} from './server-process.ts';

// Fault test "Kill -9 during the storm": 50 students start, save and submit one exam against the real
// server process while it is killed with SIGKILL at random moments and started again (10 cycles);
// clients send again what got no answer. Afterwards the deadline passes and the sweeper runs. Then
// every acknowledged save must be in the database, every student must have exactly one submission
// with the right marks, and no attempt may be left open. PGlite, or PostgreSQL with TEST_DATABASE_URL.

const STUDENTS = 50;
const QUESTIONS = 10;
const OPTIONS = 4;
const PENALTY = 0.25;
const CYCLES = 10;
/** From this kill cycle on, students submit (so the last cycles cut submissions). */
const SUBMIT_FROM_CYCLE = 7;
const PASSWORD = 'Storm-Student-1';

type Student = { id: string; token: string; submits: boolean };
type Answers = Record<string, number | null>;
type Outcome = {
  start?: Sent;
  saves: Sent[];
  expected: Answers;
  submit?: Sent;
  unexpected: string[];
};

let db: FaultDatabase;
let server: ServerProcess;
let examId: string;
let correct: Map<string, number>;
let students: Student[];

beforeAll(async () => {
  db = await createFaultDatabase();
  const port = await freePort();
  ({ examId, correct, students } = await withDirectApp(db, async (app) => {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: FAULT_ADMIN });
    const admin = { authorization: `Bearer ${login.json().token}` };
    const course = await app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: admin,
      payload: { name: 'Storm course', description: 'Mocks', price: 1000, feeType: 'full', duration: '1 month', features: ['Mocks'] },
    });
    if (course.statusCode !== 201) throw new Error(`course: ${course.statusCode} ${course.body}`);
    const questions = Array.from({ length: QUESTIONS }, (_, i) => ({
      type: 'mcq',
      question: `Question ${i + 1}`,
      options: Array.from({ length: OPTIONS }, (_, o) => `Option ${o + 1}`),
      correctAnswer: (i * 7) % OPTIONS,
      marks: 1,
    }));
    const exam = await app.inject({
      method: 'POST',
      url: '/api/exams',
      headers: admin,
      payload: {
        title: 'Storm mock',
        description: 'Kill -9 storm',
        course: course.json()._id,
        duration: 60,
        totalMarks: QUESTIONS,
        passingMarks: 4,
        // Shaped as the CLAT paper the hall sits: sections of passages, a quarter off a wrong answer.
        negativeMarks: PENALTY,
        sections: [
          {
            title: 'Legal Reasoning',
            passages: [{ body: 'A passage on the law of contract. '.repeat(40), questions: questions.slice(0, QUESTIONS / 2) }],
          },
          {
            title: 'Logical Reasoning',
            passages: [{ body: 'A passage of argument. '.repeat(40), questions: questions.slice(QUESTIONS / 2) }],
          },
        ],
      },
    });
    if (exam.statusCode !== 201) throw new Error(`exam: ${exam.statusCode} ${exam.body}`);
    const created = exam.json() as { _id: string; questions: { _id: string; correctAnswer: number }[] };
    const passwordHash = await hashPassword(PASSWORD);
    const rows = await app.ctx.db
      .insert(users)
      .values(
        Array.from({ length: STUDENTS }, (_, i) => ({
          firstName: 'Storm',
          lastName: `Student${i}`,
          email: `storm${i}@faults.local`,
          role: 'student' as const,
          passwordHash,
          registrationNumber: `REG-STORM-${i}`,
          centreId: 'dumdum',
          // Students of the exam's course (its default audience).
          courseInterest: 'Storm course',
        })),
      )
      .returning({ id: users.id, tokenVersion: users.tokenVersion });
    return {
      examId: created._id,
      correct: new Map(created.questions.map((q) => [q._id, q.correctAnswer])),
      // Signed as the server signs them (same JWT_SECRET): the storm is about exams, not 50 sign-ins.
      students: await Promise.all(
        rows.map(async (r, i) => ({
          id: r.id,
          token: await app.ctx.signer.sign({ sub: r.id, role: 'student', ver: r.tokenVersion }),
          submits: i % 3 !== 0,
        })),
      ),
    };
  }));
  server = new ServerProcess(serverEnv(db, port), port);
}, 120_000);

afterAll(async () => {
  await server?.kill();
  await db?.drop();
});

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

function markOf(answers: Answers) {
  let marks = 0;
  // +1 right, a quarter off wrong (quarters are exact in floating point).
  for (const [q, v] of Object.entries(answers)) if (v !== null) marks += correct.get(q) === v ? 1 : -PENALTY;
  return marks;
}

describe(`kill -9 during an exam storm (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(`${STUDENTS} students, ${CYCLES} kill-restart cycles: no acknowledged save or submission lost or doubled`, async () => {
    const questionIds = [...correct.keys()];
    const base = () => server.baseUrl;
    let submitPhase = false;
    let stormOver = false;
    const log: string[] = [];
    const t0 = Date.now();
    const note = (s: string) => log.push(`${((Date.now() - t0) / 1000).toFixed(1)}s ${s}`);
    onTestFailed(() => console.log(`${log.join('\n')}\n--- server output ---\n${server.output.join('\n')}`));

    async function runStudent(s: Student): Promise<Outcome> {
      const out: Outcome = { saves: [], expected: {}, unexpected: [] };
      const opts = { token: s.token };
      await sleep(Math.random() * 1_000);
      out.start = await callUntilAnswered(base, 'POST', `/api/exams/${examId}/attempt`, opts);
      if (out.start.status !== 200) {
        out.unexpected.push(`start ${out.start.status} ${out.start.text}`);
        return out;
      }
      while (!submitPhase || out.saves.length < 3) {
        await sleep(100 + Math.random() * 500);
        const change: Answers = {};
        for (let k = 0; k < 1 + Math.floor(Math.random() * 3); k++) {
          change[pick(questionIds)] = Math.random() < 0.1 ? null : Math.floor(Math.random() * OPTIONS);
        }
        const res = await callUntilAnswered(base, 'PUT', `/api/exams/${examId}/attempt/answers`, { ...opts, body: { answers: change } });
        if (res.status !== 200) {
          out.unexpected.push(`save ${res.status} ${res.text}`);
          return out;
        }
        out.saves.push(res);
        Object.assign(out.expected, change);
      }
      if (!s.submits) return out; // closes the browser: the sweeper submits what was saved
      out.submit = await callUntilAnswered(base, 'POST', '/api/submissions', { ...opts, body: { examId, answers: out.expected } });
      // 409 only when an earlier send of this submission got through but its answer was lost.
      const lostAnswer = out.submit.status === 409 && out.submit.retries > 0;
      if (out.submit.status !== 201 && !lostAnswer) out.unexpected.push(`submit ${out.submit.status} ${out.submit.text}`);
      return out;
    }

    async function killLoop() {
      for (let cycle = 1; cycle <= CYCLES; cycle++) {
        if (cycle === SUBMIT_FROM_CYCLE) submitPhase = true;
        await sleep(800 + Math.random() * 2_500);
        note(`cycle ${cycle}: kill`);
        await server.kill();
        await sleep(Math.random() * 300);
        note(`cycle ${cycle}: start`);
        await server.start();
        note(`cycle ${cycle}: up`);
      }
      stormOver = true;
    }

    await server.start();
    note('first start');
    const [outcomes] = await Promise.all([Promise.all(students.map(runStudent)), killLoop()]);
    expect(stormOver).toBe(true);
    expect(server.starts).toBeGreaterThanOrEqual(CYCLES + 1);
    expect(outcomes.flatMap((o) => o.unexpected)).toEqual([]);
    const retried = outcomes.flatMap((o) => [...o.saves, ...(o.submit ? [o.submit] : [])]).filter((r) => r.retries > 0);
    // The kills did cut the traffic (else this test proves nothing).
    expect(retried.length).toBeGreaterThan(0);

    // One more kill, then the deadline passes while the server is down (moved back in the database
    // rather than waiting an hour) and the restarted server's sweeper closes what is left open.
    note('storm over');
    await server.kill();
    const stillOpen = await withDirectApp(db, async (app) => {
      const open = await app.ctx.db
        .update(examAttempts)
        .set({
          deadline: sql`now() - make_interval(secs => ${GRACE_SECONDS + 5})`,
          startedAt: sql`now() - make_interval(secs => ${GRACE_SECONDS + 5 + 3600})`,
        })
        .where(sql`${examAttempts.closedAt} is null`)
        .returning({ studentId: examAttempts.studentId });
      return open.map((r) => r.studentId);
    });
    expect(stillOpen.length).toBeGreaterThanOrEqual(students.filter((s) => !s.submits).length);
    note('deadline moved back');
    await server.start();
    note('up for the sweep');
    const login = await callUntilAnswered(base, 'POST', '/api/auth/login', { body: FAULT_ADMIN });
    const adminToken = (login.body as { token: string }).token;
    const until = Date.now() + 45_000;
    let total = 0;
    while (Date.now() < until && total < STUDENTS) {
      await sleep(500);
      const page = await callUntilAnswered(base, 'GET', `/api/submissions/admin/all?examId=${examId}&limit=1`, { token: adminToken });
      total = (page.body as { total: number }).total;
    }
    expect(total, 'the sweeper closed every open attempt').toBe(STUDENTS);
    await server.stop();

    note('checking');
    if (process.env.FAULTS_VERBOSE) console.log(log.join('\n'));
    await withDirectApp(db, async (app) => {
      const subs = await app.ctx.db.select().from(submissions).where(eq(submissions.examId, examId));
      const attempts = await app.ctx.db.select().from(examAttempts).where(eq(examAttempts.examId, examId));
      expect(subs).toHaveLength(STUDENTS);
      expect(new Set(subs.map((s) => s.studentId)).size).toBe(STUDENTS);
      expect(attempts.filter((a) => a.closedAt === null)).toEqual([]);
      const subBy = new Map(subs.map((s) => [s.studentId, s]));
      const attemptBy = new Map(attempts.map((a) => [a.studentId, a]));
      students.forEach((s, i) => {
        const o = outcomes[i];
        const sub = subBy.get(s.id);
        const attempt = attemptBy.get(s.id);
        // Every acknowledged save, merged in order, is what the attempt holds and what was marked.
        expect(attempt?.answers, `saved answers of student ${i}`).toEqual(o.expected);
        const selected = Object.fromEntries(sub?.answers.map((a) => [a.questionId, a.selectedOption]) ?? []);
        const want = Object.fromEntries(questionIds.map((q) => [q, o.expected[q] ?? null]));
        expect(selected, `submitted answers of student ${i}`).toEqual(want);
        expect(Number(sub?.marksObtained), `marks of student ${i}`).toBe(markOf(o.expected));
        expect(sub?.autoSubmitted, `student ${i} auto-submitted`).toBe(!s.submits);
        expect(sub?.status).toBe('EVALUATED');
        if (o.submit?.status === 201) {
          const result = (o.submit.body as { result: { marksObtained: number } }).result;
          expect(result.marksObtained, `acknowledged marks of student ${i}`).toBe(markOf(o.expected));
        }
      });
    });
  }, 300_000);
});

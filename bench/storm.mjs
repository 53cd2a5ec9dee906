// 1. Exam storm (performance target, bench/README.md): a CLAT-shaped mock (the clat-ug preset's 5 sections, 24 passages
// of about 500 words, 120 questions, -0.25 for a wrong answer), N students with their own accounts; all sign in,
// all start within one second, each saves 20 times with random pauses, all submit within one second
// of their deadline. Then the database must hold exactly one submission per student with every
// acknowledged answer and the right marks.
import { hash as hashPassword } from '@node-rs/argon2';
import {
  ADMIN,
  createDatabase,
  latencySummary,
  loadNote,
  peakMemoryMb,
  printTable,
  sleep,
  startServer,
  writeResult,
} from './lib/common.mjs';
import { destroyAgents, pool, request } from './lib/http.mjs';
import { openSql } from './lib/sql.mjs';

const QUESTIONS = 120;
// Questions per passage in each CLAT UG section (English, Current Affairs, Legal, Logical, Quantitative):
// 24 passages, 120 questions, each section's count inside the preset's range.
const PASSAGE_SIZES = [
  [5, 5, 5, 5, 4],
  [5, 5, 5, 5, 5, 5],
  [5, 5, 5, 5, 5, 5],
  [5, 5, 5, 5, 4],
  [6, 6],
];
const PASSAGE_WORDS = 500;
const WORDS = 'the court held that a contract entered into by a minor is void ab initio and cannot be ratified later even when'.split(' ');
const SAVES = 20;
const STUDENT_PASSWORD = 'Bench-student-pass-2024';
// Sign-in is limited per address (600 a minute); a hall of at most 250 students shares one address.
const STUDENTS_PER_ADDRESS = 250;
const START_WINDOW_MS = 1000;
const SUBMIT_WINDOW_MS = 1000;

const rand = (n) => Math.floor(Math.random() * n);

/** A passage of about 500 words (a QT set starts with its table), different for each passage. */
function passageBody(section, index) {
  const text = Array.from({ length: PASSAGE_WORDS }, (_, i) => WORDS[(i * 7 + section * 5 + index) % WORDS.length]).join(' ');
  const table = section === 4 ? `| Year | Students | Fees (₹ lakh) |\n|---|---|---|\n| 2024 | ${120 + index} | ${30 + index} |\n\n` : '';
  return `${table}Passage ${section + 1}.${index + 1}. ${text}.`;
}

async function createExam(base, minutes) {
  const login = await request(base, 'POST', '/api/auth/login', { body: ADMIN });
  if (login.status !== 200) throw new Error(`admin sign-in failed: ${login.status} ${JSON.stringify(login.body)}`);
  const token = login.body.token;
  const courses = await request(base, 'GET', '/api/courses');
  const presets = await request(base, 'GET', '/api/exam-presets', { token });
  const clat = presets.status === 200 ? presets.body.find((p) => p.id === 'clat-ug') : null;
  if (!clat) throw new Error(`no clat-ug preset: ${presets.status} ${JSON.stringify(presets.body)}`);
  let n = 0;
  const sections = clat.sections.map((s, si) => ({
    title: s.title,
    passages: PASSAGE_SIZES[si].map((size, pi) => ({
      body: passageBody(si, pi),
      questions: Array.from({ length: size }, () => {
        n++;
        return {
          type: 'mcq',
          question: `Question ${n}: which option follows from the passage?`,
          options: ['Option A', 'Option B', 'Option C', 'Option D'],
          correctAnswer: rand(4),
          marks: 1,
        };
      }),
    })),
  }));
  const created = await request(base, 'POST', '/api/exams', {
    token,
    body: {
      title: `Storm CLAT mock ${new Date().toISOString()}`,
      description: 'Benchmark exam shaped as CLAT UG',
      course: courses.body[0]._id,
      duration: minutes,
      totalMarks: QUESTIONS,
      negativeMarks: clat.negativeMarks,
      resultMode: clat.resultMode,
      // The benchmark's students are plain accounts: the exam is open to all of them.
      openToAll: true,
      sections,
    },
  });
  if (created.status !== 201) throw new Error(`exam creation failed: ${created.status} ${JSON.stringify(created.body)}`);
  const questions = created.body.questions;
  if (questions.length !== QUESTIONS) throw new Error(`the paper has ${questions.length} questions, not ${QUESTIONS}`);
  return {
    id: created.body._id,
    penalty: clat.negativeMarks,
    questions: questions.map((q) => ({ id: q._id, correct: q.correctAnswer, penalty: q.negativeMarks })),
  };
}

async function insertStudents(db, n, runTag) {
  const hash = await hashPassword(STUDENT_PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const sql = await openSql(db);
  try {
    await sql.query(
      `insert into users (first_name, last_name, email, role, password_hash, centre_id)
       select 'Bench', 'Student ' || g, 'storm-' || $3 || '-' || g || '@example.com', 'student', $1, 'dumdum'
       from generate_series(1, $2::int) g`,
      [hash, n, runTag],
    );
  } finally {
    await sql.close();
  }
  return Array.from({ length: n }, (_, i) => ({
    i,
    email: `storm-${runTag}-${i + 1}@example.com`,
    address: `127.0.0.${2 + Math.floor(i / STUDENTS_PER_ADDRESS)}`,
  }));
}

function randomAnswers(exam, count) {
  const out = {};
  for (let k = 0; k < count; k++) {
    const q = exam.questions[rand(QUESTIONS)];
    out[q.id] = Math.random() < 0.05 ? null : rand(4);
  }
  return out;
}

/** One student's exam: start, 20 saves at random moments, submit in the last second. */
async function runStudent(base, exam, s, t0, figures) {
  const acked = {}; // answers the server acknowledged, in order
  const unsure = new Set(); // questions touched by a request whose outcome is unknown
  const merge = (answers, ok) => {
    for (const [q, v] of Object.entries(answers)) {
      if (ok) {
        acked[q] = v;
        unsure.delete(q);
      } else unsure.add(q);
    }
  };
  await sleep(Math.max(0, t0 + rand(START_WINDOW_MS) - performance.now()));
  const start = await request(base, 'POST', `/api/exams/${exam.id}/attempt`, { token: s.token, localAddress: s.address });
  figures.record('start', start);
  if (start.status !== 200) return { s, acked, unsure, submitted: false };
  // Same machine, same clock: the deadline the server gave, on our monotonic clock.
  const deadline = performance.now() + (Date.parse(start.body.deadline) - Date.parse(start.body.serverNow));
  const firstSave = performance.now() + 500;
  const lastSave = deadline - SUBMIT_WINDOW_MS - 3000;
  const moments = Array.from({ length: SAVES }, () => firstSave + Math.random() * (lastSave - firstSave)).sort((a, b) => a - b);
  for (const at of moments) {
    await sleep(Math.max(0, at - performance.now()));
    const answers = randomAnswers(exam, 1 + rand(5));
    const r = await request(base, 'PUT', `/api/exams/${exam.id}/attempt/answers`, {
      token: s.token,
      localAddress: s.address,
      body: { answers },
    });
    figures.record('save', r);
    merge(answers, r.status === 200);
  }
  await sleep(Math.max(0, deadline - rand(SUBMIT_WINDOW_MS) - performance.now()));
  const finalAnswers = randomAnswers(exam, 3);
  const sub = await request(base, 'POST', '/api/submissions', {
    token: s.token,
    localAddress: s.address,
    body: { examId: exam.id, answers: finalAnswers, startTime: new Date().toISOString(), endTime: new Date().toISOString() },
  });
  figures.record('submit', sub);
  merge(finalAnswers, sub.status === 200);
  return { s, acked, unsure, submitted: sub.status === 200, result: sub.body?.result };
}

function makeFigures() {
  const f = { start: [], save: [], submit: [], errors: { start: 0, save: 0, submit: 0 }, samples: [], times: [] };
  f.record = (kind, r) => {
    f.times.push(performance.now());
    if (r.status >= 200 && r.status < 300) f[kind].push(r.ms);
    else {
      f.errors[kind]++;
      if (f.samples.length < 10) f.samples.push({ kind, status: r.status, body: r.body, error: r.error });
    }
  };
  return f;
}

/** The database after the storm: one submission each, every acknowledged answer, the right marks. */
async function checkDatabase(db, exam, outcomes) {
  const sql = await openSql(db);
  try {
    const rows = await sql.query(
      `select u.email, s.answers, s.marks_obtained::float as marks, s.correct_answers as correct, s.incorrect_answers as incorrect,
              s.unattempted, (select count(*)::int from submissions s2 where s2.exam_id = s.exam_id and s2.student_id = s.student_id) as copies
       from submissions s join users u on u.id = s.student_id where s.exam_id = $1`,
      [exam.id],
    );
    const [{ open }] = await sql.query('select count(*)::int as open from exam_attempts where exam_id = $1 and closed_at is null', [
      exam.id,
    ]);
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    const correctOf = new Map(exam.questions.map((q) => [q.id, q.correct]));
    const penaltyOf = new Map(exam.questions.map((q) => [q.id, q.penalty]));
    const check = {
      students: outcomes.length,
      submissions: rows.length,
      missing: 0,
      duplicated: 0,
      lostAnswers: 0,
      wrongMarks: 0,
      openAttempts: open,
      checkedAnswers: 0,
    };
    for (const o of outcomes) {
      const row = byEmail.get(o.s.email);
      if (!row) {
        check.missing++;
        continue;
      }
      if (row.copies !== 1) check.duplicated++;
      const stored = new Map(row.answers.map((a) => [a.questionId, a.selectedOption]));
      let marks = 0; // +1 right, minus the question's penalty wrong (quarters: exact in floating point)
      let correct = 0;
      let incorrect = 0;
      for (const q of exam.questions) {
        if (o.unsure.has(q.id)) continue;
        const want = q.id in o.acked ? o.acked[q.id] : null;
        check.checkedAnswers++;
        if ((stored.get(q.id) ?? null) !== want) check.lostAnswers++;
        if (want === null) continue;
        if (want === correctOf.get(q.id)) {
          marks++;
          correct++;
        } else {
          marks -= penaltyOf.get(q.id);
          incorrect++;
        }
      }
      const exact = o.unsure.size === 0;
      if (
        exact &&
        (row.marks !== marks ||
          row.correct !== correct ||
          row.incorrect !== incorrect ||
          row.unattempted !== QUESTIONS - correct - incorrect)
      ) {
        check.wrongMarks++;
      }
      if (exact && o.result && o.result.marksObtained !== marks) check.wrongMarks++;
    }
    return check;
  } finally {
    await sql.close();
  }
}

/** One storm with `students` students on a fresh database of `dbKind`. */
export async function runStorm({ dbKind, students, minutes }) {
  const db = await createDatabase(dbKind, 'storm');
  let server;
  try {
    console.log(
      `\n[storm ${dbKind}] ${students} students, CLAT-shaped paper (5 sections, 24 passages, ${QUESTIONS} questions), ${minutes}-minute exam; ${loadNote()}`,
    );
    server = await startServer(db);
    const exam = await createExam(server.base, minutes);
    // The embedded database belongs to the server process alone: stop, add the students, restart.
    await server.stop();
    const runTag = Date.now().toString(36);
    const list = await insertStudents(db, students, runTag);
    server = await startServer(db);

    const loginStarted = performance.now();
    const logins = [];
    let loginErrors = 0;
    const loginSamples = [];
    // Sign-in is not the storm (argon2id is meant to be slow): a few at a time, as students arrive.
    await pool(list, 8, async (s) => {
      const r = await request(server.base, 'POST', '/api/auth/login', {
        localAddress: s.address,
        body: { email: s.email, password: STUDENT_PASSWORD },
        timeoutMs: 30_000,
      });
      if (r.status === 200) {
        s.token = r.body.token;
        logins.push(r.ms);
      } else {
        loginErrors++;
        if (loginSamples.length < 3) loginSamples.push({ status: r.status, body: r.body, error: r.error });
      }
    });
    if (loginSamples.length) console.log('first sign-in errors:', JSON.stringify(loginSamples));
    const loginSeconds = (performance.now() - loginStarted) / 1000;
    console.log(
      `[storm ${dbKind}] ${logins.length} signed in in ${loginSeconds.toFixed(1)} s (${loginErrors} errors); the exam starts now`,
    );

    const figures = makeFigures();
    const t0 = performance.now() + 1000;
    const signedIn = list.filter((s) => s.token);
    const outcomes = await Promise.all(signedIn.map((s) => runStudent(server.base, exam, s, t0, figures)));
    const stormSeconds = (performance.now() - t0) / 1000;
    const memoryMb = peakMemoryMb(server.pid);
    await server.stop();
    server = null;
    destroyAgents();
    const check = await checkDatabase(db, exam, outcomes);

    const requests =
      figures.start.length + figures.save.length + figures.submit.length + Object.values(figures.errors).reduce((a, b) => a + b, 0);
    const perSecond = new Map();
    for (const t of figures.times) perSecond.set(Math.floor(t / 1000), (perSecond.get(Math.floor(t / 1000)) ?? 0) + 1);
    const throughput = { requests, averageRps: Math.round(requests / stormSeconds), peakRps: Math.max(0, ...perSecond.values()) };
    const lat = { start: latencySummary(figures.start), save: latencySummary(figures.save), submit: latencySummary(figures.submit) };
    const submitTarget = dbKind === 'postgres' ? 1000 : 2000;
    const failures = [];
    if (loginErrors > 0) failures.push(`${loginErrors} sign-in errors`);
    for (const k of ['start', 'save', 'submit']) if (figures.errors[k] > 0) failures.push(`${figures.errors[k]} ${k} errors`);
    if (check.missing || check.duplicated || check.lostAnswers || check.wrongMarks || check.openAttempts) failures.push('database check');
    if ((lat.submit.p99 ?? Number.POSITIVE_INFINITY) > submitTarget) failures.push(`submit p99 > ${submitTarget} ms`);
    if (dbKind === 'postgres' && (lat.start.p99 ?? Number.POSITIVE_INFINITY) > 1000) failures.push('start p99 > 1000 ms');

    printTable(
      `Exam storm, ${dbKind}, ${students} students (latency in ms)`,
      ['step', 'ok', 'errors', 'p50', 'p95', 'p99', 'max', 'target'],
      [
        ['sign-in', logins.length, loginErrors, ...Object.values(latencySummary(logins)).slice(1), 'no errors'],
        [
          'start',
          lat.start.count,
          figures.errors.start,
          lat.start.p50,
          lat.start.p95,
          lat.start.p99,
          lat.start.max,
          dbKind === 'postgres' ? 'p99 <= 1000, no errors' : 'no errors',
        ],
        ['save', lat.save.count, figures.errors.save, lat.save.p50, lat.save.p95, lat.save.p99, lat.save.max, 'no errors'],
        [
          'submit',
          lat.submit.count,
          figures.errors.submit,
          lat.submit.p50,
          lat.submit.p95,
          lat.submit.p99,
          lat.submit.max,
          `p99 <= ${submitTarget}, no errors`,
        ],
      ],
    );
    printTable(
      'Throughput, memory and database check',
      ['figure', 'value'],
      [
        ['storm requests', `${requests} in ${stormSeconds.toFixed(1)} s`],
        ['average / peak requests per second', `${throughput.averageRps} / ${throughput.peakRps}`],
        ['server peak memory (VmHWM)', `${memoryMb} MB`],
        ['submissions / students', `${check.submissions} / ${check.students}`],
        ['missing / duplicated submissions', `${check.missing} / ${check.duplicated}`],
        ['lost answers (of checked)', `${check.lostAnswers} (of ${check.checkedAnswers})`],
        ['wrong marks', check.wrongMarks],
        ['attempts left open', check.openAttempts],
      ],
    );
    if (figures.samples.length) console.log('first errors:', JSON.stringify(figures.samples.slice(0, 3)));
    const pass = failures.length === 0;
    console.log(`storm ${dbKind} ${students}: ${pass ? 'pass' : `fail (${failures.join(', ')})`}`);
    return {
      db: dbKind,
      students,
      minutes,
      questions: QUESTIONS,
      pass,
      failures,
      latencyMs: lat,
      login: { ...latencySummary(logins), errors: loginErrors, seconds: loginSeconds },
      errors: figures.errors,
      errorSamples: figures.samples,
      throughput,
      peakMemoryMb: memoryMb,
      check,
      load: loadNote(),
    };
  } finally {
    if (server) await server.stop();
    destroyAgents();
    await db.drop();
  }
}

export async function storm(args, dbKind) {
  const runs = [];
  let n = args.students;
  for (;;) {
    const r = await runStorm({ dbKind, students: n, minutes: args.minutes });
    runs.push(r);
    if (!args.findMax || !r.pass) break;
    n *= 2;
  }
  const first = runs[0];
  const largest = runs.filter((r) => r.pass).at(-1)?.students ?? null;
  if (args.findMax) console.log(`\nlargest N meeting the targets on ${dbKind}: ${largest ?? `none (below ${args.students})`}`);
  const file = writeResult(`storm-${dbKind}`, { runs, largestPassingStudents: args.findMax ? largest : undefined });
  console.log(`figures: ${file}`);
  return { name: `storm ${dbKind}`, pass: first.pass, runs };
}

// 1. Exam storm (performance target, bench/README.md): a CLAT-shaped mock (bench/lib/storm-paper.mjs), N students
// with their own accounts signed in through POST /api/auth/login. As a hall sits it: every student opens the
// paper at once (GET /api/exams/{id}), presses Start at once (one barrier), saves 10 times at random moments
// with the whole answer map, review flags and seconds per question so far (as the exam screen's autosave keeps
// them), and every browser submits at once when the clock nears zero (one barrier). Then the database must
// hold exactly one submission per student with every acknowledged answer and the right marks.
// `--instances=2` runs two server processes on one PostgreSQL database with a shared Redis (docs/operations.md
// section 9), the students split between them as a reverse proxy would.
import zlib from 'node:zlib';
import { hash as hashPassword } from '@node-rs/argon2';
import { createDatabase, latencySummary, loadNote, peakMemoryMb, printTable, sleep, startServer, writeResult } from './lib/common.mjs';
import { destroyAgents, jsonBody, pool, prepareRequest, request } from './lib/http.mjs';
import { openSql } from './lib/sql.mjs';
import { checkDatabase } from './lib/storm-check.mjs';
import { cpuBetween, cpuSnapshot } from './lib/cpu.mjs';
import { QUESTIONS, createClatPaper } from './lib/storm-paper.mjs';

const SAVES = 10;
const STUDENT_PASSWORD = 'Bench-student-pass-2024';
// Sign-in is limited per address (600 a minute); a hall of at most 250 students shares one address.
const STUDENTS_PER_ADDRESS = 250;
// The submit barrier: this long before the earliest deadline every browser submits.
const SUBMIT_BEFORE_DEADLINE_MS = 2000;
// How long before the submit barrier each simulated browser makes its submission ready (after its last save).
const PREPARE_SUBMIT_MS = 1000;
const REDIS_URL = 'redis://127.0.0.1:6379';

const rand = (n) => Math.floor(Math.random() * n);

/** Targets (bench/README.md, docs/operations.md section 9). */
export function stormTargets(dbKind) {
  return dbKind === 'postgres'
    ? { start: 1000, save: 300, submit: 1000, memoryMb: 512 }
    : { start: 1500, save: null, submit: 1500, memoryMb: null };
}

/**
 * The documented bulk set-up path (bench/README.md): the students are inserted with one statement, all with
 * the same argon2id hash, while the server is stopped; the storm then signs each in through the real route.
 */
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

/** The next cumulative state of a student's screen: a few more answers (some changed or cleared), flags and seconds. */
function nextProgress(exam, state, elapsedSeconds) {
  for (let k = 0, n = 4 + rand(10); k < n; k++) {
    const q = exam.questions[rand(QUESTIONS)];
    state.answers[q.id] = Math.random() < 0.05 ? null : rand(4);
    state.current = q.id;
    if (Math.random() < 0.15) state.review.add(q.id);
    else state.review.delete(q.id);
  }
  // Seconds per visited question, never more in all than the time since the start.
  const visited = Object.keys(state.answers);
  const each = Math.floor(elapsedSeconds / visited.length);
  state.timeSpent = Object.fromEntries(visited.map((id) => [id, each]));
  return { answers: { ...state.answers }, review: [...state.review], timeSpent: state.timeSpent, currentQuestion: state.current };
}

/**
 * Whether a paper answer holds the whole paper. The hall gets the same bytes: the first is unpacked and
 * read, the rest compared with it (so the load generator, on the same two cores, does not parse 2,000
 * copies of 100 KB); different bytes are unpacked and read too.
 */
function isWholePaper(ctx, { raw, encoding }) {
  if (ctx.paperBytes?.equals(raw)) return true;
  const text = (encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8');
  const ok = JSON.parse(text).questions?.length === QUESTIONS;
  if (ok) ctx.paperBytes ??= raw;
  return ok;
}

/** One student's exam between the barriers. */
async function runStudent(ctx, s) {
  const { exam, figures, barriers } = ctx;
  const base = ctx.bases[s.i % ctx.bases.length];
  // Each student is one browser with its own keep-alive connection, kept warm by the autosave as the exam
  // screen's is, so the bell finds it open (not a pool shared by a hall, whose idle sockets would have
  // closed during the exam and been opened again by 2,000 students at the bell).
  const opts = { token: s.token, localAddress: s.address, browser: s.i };
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
  await sleep(Math.max(0, barriers.open - performance.now()));
  const paper = await request(base, 'GET', `/api/exams/${exam.id}`, { ...opts, decode: false });
  if (paper.status === 200 && !isWholePaper(ctx, paper.body)) paper.status = -1;
  figures.record('paper', paper);
  if (paper.status !== 200) return { s, acked, unsure, submitted: false };
  await sleep(Math.max(0, barriers.start - performance.now()));
  const start = await request(base, 'POST', `/api/exams/${exam.id}/attempt`, opts);
  figures.record('start', start);
  if (start.status !== 200) return { s, acked, unsure, submitted: false };
  const startedAt = performance.now();
  const firstSave = startedAt + 500;
  const lastSave = barriers.submit - 3000;
  const moments = Array.from({ length: SAVES }, () => firstSave + Math.random() * (lastSave - firstSave)).sort((a, b) => a - b);
  const state = { answers: {}, review: new Set(), timeSpent: {}, current: null };
  for (const at of moments) {
    await sleep(Math.max(0, at - performance.now()));
    const body = nextProgress(exam, state, Math.floor((performance.now() - startedAt) / 1000));
    const r = await request(base, 'PUT', `/api/exams/${exam.id}/attempt/answers`, { ...opts, body });
    figures.record('save', r);
    merge(body.answers, r.status === 200);
  }
  // The last answers, the submission's body and its request are made ready a moment before the bell and
  // sent at it: in a hall that work is done by each student's device, not on the two cores the server
  // shares with this generator, where 2,000 of them at the bell would hold back the later students' requests.
  await sleep(Math.max(0, barriers.submit - PREPARE_SUBMIT_MS - performance.now()));
  const final = nextProgress(exam, state, Math.floor((performance.now() - startedAt) / 1000));
  // As the exam screen submits (web/src/features/exam-taking/answers.ts submissionAnswers): every question of
  // the paper in its order, an unanswered one as null.
  const answers = Object.fromEntries(exam.questions.map((q) => [q.id, final.answers[q.id] ?? null]));
  const wallAt = (t) => new Date(Date.now() + (t - performance.now()));
  const submission = jsonBody({
    examId: exam.id,
    answers,
    startTime: wallAt(startedAt).toISOString(),
    endTime: wallAt(barriers.submit).toISOString(),
  });
  const ready = prepareRequest(base, 'POST', '/api/submissions', { ...opts, body: submission });
  await sleep(Math.max(0, barriers.submit - performance.now()));
  const sub = await ready.send();
  figures.record('submit', sub);
  // A submission is created: 201 (docs/product.md, the API table).
  const submitted = sub.status === 201;
  merge(answers, submitted);
  return { s, acked, unsure, submitted, result: sub.body?.result };
}

function makeFigures() {
  const f = { paper: [], start: [], save: [], submit: [], errors: { paper: 0, start: 0, save: 0, submit: 0 }, samples: [], times: [] };
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

async function startServers(db, instances, runTag) {
  // Two instances share their rate-limit counts through Redis (docs/operations.md section 9).
  const env = instances > 1 ? { REDIS_URL, REDIS_KEY_PREFIX: `bench-storm-${runTag}:` } : {};
  const servers = [];
  for (let k = 0; k < instances; k++) servers.push(await startServer(db, { env }));
  return servers;
}

/** One storm with `students` students on a fresh database of `dbKind`. */
export async function runStorm({ dbKind, students, minutes, instances = 1, submitAfter = null }) {
  const db = await createDatabase(dbKind, 'storm');
  const runTag = Date.now().toString(36);
  let servers = [];
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    servers = [];
  };
  try {
    const loadAtStart = loadNote();
    console.log(
      `\n[storm ${dbKind}] ${students} students, ${instances} server process${instances > 1 ? 'es with a shared Redis' : ''}, CLAT-shaped paper (5 sections, 24 passages, ${QUESTIONS} questions), ${minutes}-minute exam; ${loadAtStart}`,
    );
    servers = await startServers(db, 1, runTag);
    const exam = await createClatPaper(servers[0].base, minutes);
    // The embedded database belongs to the server process alone: stop, add the students, restart.
    await stopAll();
    const list = await insertStudents(db, students, runTag);
    servers = await startServers(db, instances, runTag);
    const bases = servers.map((s) => s.base);

    const loginStarted = performance.now();
    const logins = [];
    let loginErrors = 0;
    const loginSamples = [];
    // Sign-in is not the storm (argon2id is meant to be slow): a few at a time, as students arrive.
    await pool(list, 8, async (s) => {
      const r = await request(bases[s.i % bases.length], 'POST', '/api/auth/login', {
        localAddress: s.address,
        browser: s.i,
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
      `[storm ${dbKind}] ${logins.length} signed in in ${loginSeconds.toFixed(1)} s (${loginErrors} errors); the hall opens the paper now`,
    );

    const figures = makeFigures();
    const open = performance.now() + 1000;
    // Everyone opens the paper, then (after 15 s on the instructions) presses Start together; the clock
    // runs from the start, and every browser submits together just before the deadline.
    // --submit-after=S (profiling) submits S seconds after the start instead of at the end of the exam.
    const examMs = submitAfter ? submitAfter * 1000 + SUBMIT_BEFORE_DEADLINE_MS : minutes * 60_000;
    const barriers = { open, start: open + 15_000, submit: open + 15_000 + examMs - SUBMIT_BEFORE_DEADLINE_MS };
    const signedIn = list.filter((s) => s.token);
    const loadAtStorm = loadNote();
    const hall = { exam, figures, barriers, bases, paperBytes: null };
    // Where the two cores went: CPU seconds of the load generator, the server(s) and PostgreSQL around
    // each barrier (the paper, the start, the saves between, the submit).
    const pids = servers.map((s) => s.pid);
    const marks = [];
    const mark = (name, at) => sleep(Math.max(0, at - performance.now())).then(() => marks.push({ name, ...cpuSnapshot(pids) }));
    const marking = Promise.all([
      mark('open', barriers.open - 200),
      mark('start', barriers.start - 200),
      mark('saves', barriers.start + 5000),
      mark('submit', barriers.submit - 200),
    ]);
    const outcomes = await Promise.all(signedIn.map((s) => runStudent(hall, s)));
    await marking;
    marks.push({ name: 'end', ...cpuSnapshot(pids) });
    const cpu = marks.slice(0, -1).map((m, i) => ({ moment: m.name, ...cpuBetween(m, marks[i + 1]) }));
    const stormSeconds = (performance.now() - open) / 1000;
    const memoryMb = servers.map((s) => peakMemoryMb(s.pid));
    const loadAtEnd = loadNote();
    await stopAll();
    destroyAgents();
    const check = await checkDatabase(db, exam, outcomes);

    const requests = ['paper', 'start', 'save', 'submit'].reduce((a, k) => a + figures[k].length + figures.errors[k], 0);
    const perSecond = new Map();
    for (const t of figures.times) perSecond.set(Math.floor(t / 1000), (perSecond.get(Math.floor(t / 1000)) ?? 0) + 1);
    const throughput = { requests, averageRps: Math.round(requests / stormSeconds), peakRps: Math.max(0, ...perSecond.values()) };
    const lat = Object.fromEntries(['paper', 'start', 'save', 'submit'].map((k) => [k, latencySummary(figures[k])]));
    const targets = stormTargets(dbKind);
    const failures = [];
    if (loginErrors > 0) failures.push(`${loginErrors} sign-in errors`);
    for (const k of ['paper', 'start', 'save', 'submit']) if (figures.errors[k] > 0) failures.push(`${figures.errors[k]} ${k} errors`);
    if (check.missing || check.duplicated || check.lostAnswers || check.wrongMarks || check.openAttempts) failures.push('database check');
    for (const k of ['start', 'save', 'submit']) {
      if (targets[k] !== null && (lat[k].p99 ?? Number.POSITIVE_INFINITY) > targets[k]) failures.push(`${k} p99 > ${targets[k]} ms`);
    }
    if (targets.memoryMb !== null && memoryMb.some((m) => m === null || m > targets.memoryMb))
      failures.push(`server memory > ${targets.memoryMb} MB`);

    const row = (k, target) => [k, lat[k].count, figures.errors[k], lat[k].p50, lat[k].p95, lat[k].p99, lat[k].max, target];
    const p99 = (k) => (targets[k] === null ? 'no errors' : `p99 <= ${targets[k]}, no errors`);
    printTable(
      `Exam storm, ${dbKind}, ${students} students, ${instances} server process${instances > 1 ? 'es' : ''} (latency in ms)`,
      ['step', 'ok', 'errors', 'p50', 'p95', 'p99', 'max', 'target'],
      [
        ['sign-in', logins.length, loginErrors, ...Object.values(latencySummary(logins)).slice(1), 'no errors'],
        row('paper', 'no errors'),
        row('start', p99('start')),
        row('save', p99('save')),
        row('submit', p99('submit')),
      ],
    );
    printTable(
      'Throughput, memory and database check',
      ['figure', 'value'],
      [
        ['storm requests', `${requests} in ${stormSeconds.toFixed(1)} s`],
        ['average / peak requests per second', `${throughput.averageRps} / ${throughput.peakRps}`],
        [
          'server peak memory (VmHWM)',
          `${memoryMb.map((m) => `${m} MB`).join(', ')}${targets.memoryMb ? ` (target <= ${targets.memoryMb} MB each)` : ''}`,
        ],
        ['submissions / students', `${check.submissions} / ${check.students}`],
        ['missing / duplicated submissions', `${check.missing} / ${check.duplicated}`],
        ['lost answers (of checked)', `${check.lostAnswers} (of ${check.checkedAnswers})`],
        ['wrong marks', check.wrongMarks],
        ['attempts left open', check.openAttempts],
        ['load average: set-up / storm / end', `${loadAtStart} / ${loadAtStorm} / ${loadAtEnd}`],
      ],
    );
    printTable(
      'CPU seconds in each moment (two cores: at most 2 s per second of wall time)',
      [
        'moment',
        'wall s',
        'load generator',
        `server${instances > 1 ? 's' : ''}`,
        'of which main thread',
        'PostgreSQL (all processes)',
        'of which background',
      ],
      cpu.map((c) => [
        c.moment,
        c.wallSeconds,
        c.generator,
        c.servers,
        c.serversMain,
        dbKind === 'postgres' ? c.postgres : '-',
        dbKind === 'postgres' ? c.postgresBackground : '-',
      ]),
    );
    if (figures.samples.length) console.log('first errors:', JSON.stringify(figures.samples.slice(0, 3)));
    const pass = failures.length === 0;
    console.log(`storm ${dbKind} ${students}: ${pass ? 'pass' : `fail (${failures.join(', ')})`}`);
    return {
      db: dbKind,
      students,
      instances,
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
      cpu,
      check,
      load: { setUp: loadAtStart, storm: loadAtStorm, end: loadAtEnd },
    };
  } finally {
    await stopAll();
    destroyAgents();
    await db.drop();
  }
}

/**
 * The storm at `--students` (default: 2,000 on PostgreSQL, 500 on the embedded database); with --find-max,
 * again in steps of 500 until a target is missed, reporting the largest N that met them all.
 */
export async function storm(args, dbKind) {
  const runs = [];
  // --find-max climbs from 500 (or --students) in steps of 500 until a target is missed.
  let n = args.students ?? (args.findMax ? 500 : dbKind === 'postgres' ? 2000 : 500);
  const instances = args.instances ?? 1;
  for (;;) {
    const r = await runStorm({ dbKind, students: n, minutes: args.minutes, instances, submitAfter: args.submitAfter });
    runs.push(r);
    if (!args.findMax || !r.pass) break;
    n += 500;
  }
  const first = runs[0];
  const largest = runs.filter((r) => r.pass).at(-1)?.students ?? null;
  if (args.findMax) console.log(`\nlargest N meeting the targets on ${dbKind}: ${largest ?? `none (at ${first.students})`}`);
  const file = writeResult(`storm-${dbKind}`, { runs, largestPassingStudents: args.findMax ? largest : undefined });
  console.log(`figures: ${file}`);
  return { name: `storm ${dbKind}`, pass: first.pass, runs };
}

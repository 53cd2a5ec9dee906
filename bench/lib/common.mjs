// Shared pieces of the benchmarks: arguments, the production build, a fresh database, the server
// as a separate process, percentiles, the table and the JSON result file.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isServerBuildStale, SERVER_NODE_FLAGS } from '../../scripts/build-server.mjs';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const RESULTS_DIR = path.join(ROOT, 'bench/results');
export const PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_SOCKET_DIR = '/var/run/postgresql';
export const ADMIN = { email: 'bench-admin@lawcoaching.local', password: 'Bench-admin-password-2024!' };

export function parseArgs(argv) {
  const args = { names: [], db: 'pglite', students: undefined, instances: undefined, findMax: false, minutes: 2, runs: 5, duration: 20 };
  for (const a of argv) {
    const [k, v] = a.startsWith('--') ? a.slice(2).split('=') : [null, a];
    if (k === null) args.names.push(v);
    else if (k === 'db') args.db = v;
    else if (k === 'students') args.students = Number(v);
    else if (k === 'instances') args.instances = Number(v);
    else if (k === 'submit-after') args.submitAfter = Number(v);
    else if (k === 'find-max') args.findMax = true;
    else if (k === 'minutes') args.minutes = Number(v);
    else if (k === 'runs') args.runs = Number(v);
    else if (k === 'duration') args.duration = Number(v);
    else throw new Error(`Unknown option --${k}`);
  }
  if (!['pglite', 'postgres', 'both'].includes(args.db)) throw new Error('--db must be pglite, postgres or both');
  return args;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `npm run build` when web/dist is missing or older than its sources (the same test as npm start), and the server bundle. */
export function ensureWebBuild() {
  const built = path.join(ROOT, 'web/dist/index.html');
  const newest = (p) => {
    const st = fs.statSync(p);
    if (!st.isDirectory()) return st.mtimeMs;
    return Math.max(0, ...fs.readdirSync(p).map((e) => newest(path.join(p, e))));
  };
  const sourceTime = Math.max(...['web/src', 'web/index.html', 'web/public', 'common/src'].map((p) => newest(path.join(ROOT, p))));
  const renderer = path.join(ROOT, 'web/dist-ssr/entry-server.js');
  if (!fs.existsSync(built) || !fs.existsSync(renderer) || fs.statSync(built).mtimeMs < sourceTime) {
    console.log('web/dist is stale: npm run build');
    const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('npm run build failed');
  }
  // The server as `npm start` runs it: bundled.
  if (!isServerBuildStale()) return;
  const s = spawnSync('node', ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (s.status !== 0) throw new Error('the server build failed');
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * A fresh database for one benchmark: a new PostgreSQL database (dropped by `drop`) or a new
 * data directory for the embedded database (removed by `drop`).
 */
export async function createDatabase(kind, label) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${label}-`));
  if (kind !== 'postgres') {
    return { kind, dataDir, url: undefined, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `bench_${label}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  // The server reaches a PostgreSQL on the same machine through its Unix socket when there is one, as
  // docs/operations.md section 2 advises (cheaper per round trip than TCP on loopback).
  const url = fs.existsSync(`${PG_SOCKET_DIR}/.s.PGSQL.5432`)
    ? `postgres://postgres@localhost/${name}?host=${encodeURIComponent(PG_SOCKET_DIR)}`
    : `postgres://postgres@127.0.0.1:5432/${name}`;
  return {
    kind,
    dataDir,
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The environment the benchmarks run the server with; logs at warn so that logging does not dominate. */
export function serverEnv(db, port, extra = {}) {
  const env = {
    ...process.env,
    // production refuses the sandbox gateway, the outbox and PGlite (docs/operations.md): a benchmark runs as development.
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: db.dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    SEED_DEMO: 'true',
    ...extra,
  };
  delete env.DATABASE_URL;
  if (db.url) env.DATABASE_URL = db.url;
  return env;
}

/** Starts the bundled server (`node server/dist/main.mjs` with its node flags, as `npm start` runs it) and resolves once /api/health answers. */
export async function startServer(db, opts = {}) {
  const port = opts.port ?? (await freePort());
  const started = performance.now();
  // BENCH_CPU_PROFILE=1 writes each server's CPU profile to bench/results/profiles/ when it stops (open it in
  // Chrome's DevTools, or summarise it with `node bench/profile-summary.mjs FILE`).
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.join(RESULTS_DIR, 'profiles')}`] : [];
  // BENCH_TRACE_GC=FILE appends the server's own output with V8's line per collection (`--trace-gc`) to FILE:
  // how long each pause took and how much of the heap survived it, as around the storm's bell.
  const traceGc = process.env.BENCH_TRACE_GC ? fs.createWriteStream(process.env.BENCH_TRACE_GC, { flags: 'a' }) : null;
  const flags = [...SERVER_NODE_FLAGS, ...(traceGc ? ['--trace-gc'] : []), ...profile];
  const command = [process.execPath, ...flags, path.join(ROOT, opts.entry ?? 'server/dist/main.mjs')];
  // opts.cpu: the server runs on that core alone (taskset execs node, so the pid is the server's).
  if (opts.cpu !== undefined) command.unshift('taskset', '-c', String(opts.cpu));
  const child = spawn(command[0], command.slice(1), {
    cwd: ROOT,
    env: serverEnv(db, port, opts.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    traceGc?.write(d);
    output += d;
  });
  // The file is closed once the server's output has ended (a full run starts the server many times).
  child.once('close', () => traceGc?.end());
  child.stderr.on('data', (d) => {
    output += d;
    if (opts.echo) process.stderr.write(d);
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${base}${opts.healthPath ?? '/api/health'}`, child, () => output, opts.timeoutMs ?? 120_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    child,
    pid: child.pid,
    port,
    base,
    startMs: performance.now() - started,
    output: () => output,
    stop: () => stopProcess(child),
  };
}

export async function waitForHttp(url, child, output, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await r.arrayBuffer();
      if (r.status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms:\n${output()}`);
}

export function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Peak resident memory of a process (VmHWM), in MB. */
export function peakMemoryMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 102.4) / 10;
  } catch {
    return null;
  }
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function latencySummary(list) {
  const sorted = [...list].sort((a, b) => a - b);
  const r = (v) => (v === null ? null : Math.round(v * 10) / 10);
  return {
    count: sorted.length,
    p50: r(percentile(sorted, 50)),
    p95: r(percentile(sorted, 95)),
    p99: r(percentile(sorted, 99)),
    max: r(sorted.at(-1) ?? null),
  };
}

export function printTable(title, headers, rows) {
  const cells = [headers, ...rows].map((r) => r.map((c) => (c === null || c === undefined ? '-' : String(c))));
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(`\n${title}`);
  console.log(line(cells[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

export function writeResult(name, data) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(RESULTS_DIR, `${name}-${stamp}.json`);
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    loadavg: os.loadavg(),
    node: process.version,
  };
  fs.writeFileSync(file, `${JSON.stringify({ name, date: new Date().toISOString(), machine, ...data }, null, 2)}\n`);
  return path.relative(ROOT, file);
}

/**
 * Cores for a benchmark whose server and load generator are one process each (the public reads): the server
 * on core 0 and this process (autocannon) on core 1, so that the scheduler does not move them onto one core
 * or between cores mid-run. Null when the machine has one core or no taskset (util-linux).
 */
export function pinnedCores() {
  if (process.env.BENCH_UNPINNED) return null;
  const shown = spawnSync('taskset', ['-p', String(process.pid)], { encoding: 'utf8' });
  const mask = shown.status === 0 ? /:\s*([0-9a-f]+)\s*$/i.exec(shown.stdout)?.[1] : undefined;
  // Both cores must be this process's to give (affinity mask bits 0 and 1).
  if (!mask || (Number.parseInt(mask.slice(-1), 16) & 3) !== 3) return null;
  const setSelf = (m) => spawnSync('taskset', ['-a', '-p', m, String(process.pid)]).status === 0;
  return {
    server: 0,
    generator: 1,
    /** Pins this process's threads to the generator's core; `release()` gives them back every core they had. */
    pin: () => setSelf('2'),
    release: () => setSelf(mask),
  };
}

export const loadNote = () => {
  const [one] = os.loadavg();
  return `load average ${one.toFixed(2)} on ${os.cpus().length} cores${one > os.cpus().length ? ' (busy machine: figures are noisy)' : ''}`;
};

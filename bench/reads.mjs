// 2. Public reads (performance target, bench/README.md): autocannon, no pipelining, 100 connections, 20 s after a
// warm-up, against GET /api/courses, GET /api/announcements?limit=5 and GET / (the HTML), and a bare Fastify
// hello-world started the same way and measured in turn with each read, slice by slice. Target: each read >=
// half the hello-world's requests per second measured alongside it, p99 <= 50 ms. GET / is the home page as the
// server renders it (docs/decisions/0023-public-pages-rendered-on-the-server.md), asked for as a browser asks
// (accept-encoding: br), from the per-version cache of rendered pages.
import autocannon from 'autocannon';
import { createDatabase, loadNote, peakMemoryMb, pinnedCores, printTable, startServer, writeResult } from './lib/common.mjs';

const CONNECTIONS = 100;
const WARMUP_SECONDS = 3;
const SLICE_SECONDS = 5;
const P99_TARGET_MS = 50;

/** What Chromium sends with a page request: the server-rendered HTML goes compressed, as a browser receives it. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'text/html' };

function cannon(url, seconds) {
  const headers = new URL(url).pathname.startsWith('/api/') ? {} : BROWSER_HEADERS;
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, pipelining: 1, duration: seconds }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}

/** The figures of several autocannon runs against one URL taken as one: requests per second over all, the worst p99 and max. */
function combine(url, runs) {
  const seconds = runs.reduce((a, r) => a + r.duration, 0);
  const requests = runs.reduce((a, r) => a + r.requests.total, 0);
  return {
    url,
    rps: Math.round(requests / seconds),
    p50: Math.max(...runs.map((r) => r.latency.p50)),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    max: Math.max(...runs.map((r) => r.latency.max)),
    requests,
    errors: runs.reduce((a, r) => a + r.errors + r.timeouts + r.non2xx, 0),
  };
}

/**
 * A read and the hello-world measured alternately, SLICE_SECONDS each, until the read has had `seconds`: this
 * machine's speed drifts within a minute (a plain loop took 1.5 s and then 2.2 s in one benchmark's run, and
 * the hello-world answered 72,000 requests a second before a read and 58,000 after it), so a yardstick
 * measured once, or before and after 20 s, can be far from the speed the read had.
 */
async function measurePair(helloUrl, url, seconds) {
  await cannon(url, WARMUP_SECONDS);
  const hello = [];
  const read = [];
  for (let left = seconds; left > 0; left -= SLICE_SECONDS) {
    const s = Math.min(SLICE_SECONDS, left);
    hello.push(await cannon(helloUrl, s));
    read.push(await cannon(url, s));
  }
  return { hello: combine(helloUrl, hello), read: combine(url, read) };
}

export async function reads(args, dbKind) {
  const db = await createDatabase(dbKind, 'reads');
  const servers = [];
  // The server and the load generator each get a core of their own, the hello-world's runs and the reads'
  // alike (pinnedCores): left to the scheduler they measured lower in most rounds (bench/HISTORY.md, "The
  // public reads: pinned and interleaved").
  const cores = pinnedCores();
  const placement = cores
    ? `server on core ${cores.server}, load generator on core ${cores.generator}`
    : 'server and load generator unpinned';
  try {
    console.log(
      `\n[reads ${dbKind}] ${CONNECTIONS} connections, ${args.duration} s each after ${WARMUP_SECONDS} s warm-up, in ${SLICE_SECONDS} s slices alternating with the hello-world; ${placement}; ${loadNote()}`,
    );
    cores?.pin();
    // Both servers run the whole time; the one not being measured is idle.
    const hello = await startServer(db, { entry: 'bench/hello.mjs', healthPath: '/', cpu: cores?.server });
    servers.push(hello);
    const app = await startServer(db, { cpu: cores?.server });
    servers.push(app);
    await cannon(`${hello.base}/`, WARMUP_SECONDS);
    const rows = [];
    for (const p of ['/api/courses', '/api/announcements?limit=5', '/']) {
      const m = await measurePair(`${hello.base}/`, `${app.base}${p}`, args.duration);
      const floor = m.hello.rps / 2;
      rows.push({
        path: p,
        ...m.read,
        hello: m.hello,
        floor: Math.round(floor),
        pass: m.read.errors === 0 && m.read.rps >= floor && m.read.p99 <= P99_TARGET_MS,
      });
    }
    const memoryMb = peakMemoryMb(app.pid);
    const cell = (r) => [r.rps, r.p50, r.p99, r.max, r.errors];
    printTable(
      `Public reads, ${dbKind} (requests per second; latency in ms, the worst slice's)`,
      ['path', 'req/s', 'p50', 'p99', 'max', 'errors', 'target', 'result'],
      rows.flatMap((r) => [
        ['hello-world', ...cell(r.hello), 'yardstick', ''],
        [r.path, ...cell(r), `>= ${r.floor}, p99 <= ${P99_TARGET_MS}`, r.pass ? 'pass' : 'fail'],
      ]),
    );
    console.log(`server peak memory (VmHWM): ${memoryMb} MB`);
    const pass = rows.every((r) => r.pass);
    const file = writeResult(`reads-${dbKind}`, {
      db: dbKind,
      connections: CONNECTIONS,
      seconds: args.duration,
      sliceSeconds: SLICE_SECONDS,
      reads: rows,
      peakMemoryMb: memoryMb,
      placement,
      pass,
      load: loadNote(),
    });
    console.log(`reads ${dbKind}: ${pass ? 'pass' : 'fail'}\nfigures: ${file}`);
    return { name: `reads ${dbKind}`, pass };
  } finally {
    cores?.release();
    for (const s of servers) await s.stop();
    await db.drop();
  }
}

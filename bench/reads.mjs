// 2. Public reads (performance target, bench/README.md): autocannon, no pipelining, 100 connections, 20 s after a warm-up, against
// GET /api/courses, GET /api/announcements?limit=5 and GET / (the HTML), and a bare Fastify
// hello-world started the same way. Target: each read >= half the hello-world's requests per second,
// p99 <= 50 ms.
import autocannon from 'autocannon';
import { createDatabase, loadNote, peakMemoryMb, printTable, startServer, writeResult } from './lib/common.mjs';

const CONNECTIONS = 100;
const WARMUP_SECONDS = 3;
const P99_TARGET_MS = 50;

function cannon(url, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration: seconds }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

async function measure(url, seconds) {
  await cannon(url, WARMUP_SECONDS);
  const r = await cannon(url, seconds);
  const bad = r.errors + r.timeouts + r.non2xx;
  return {
    url,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    errors: bad,
  };
}

export async function reads(args, dbKind) {
  const db = await createDatabase(dbKind, 'reads');
  const servers = [];
  try {
    console.log(`\n[reads ${dbKind}] ${CONNECTIONS} connections, ${args.duration} s each after ${WARMUP_SECONDS} s warm-up; ${loadNote()}`);
    const hello = await startServer(db, { entry: 'bench/hello.mjs', healthPath: '/' });
    servers.push(hello);
    const helloFigures = await measure(`${hello.base}/`, args.duration);
    await hello.stop();
    const app = await startServer(db);
    servers.push(app);
    const rows = [];
    for (const p of ['/api/courses', '/api/announcements?limit=5', '/'])
      rows.push({ path: p, ...(await measure(`${app.base}${p}`, args.duration)) });
    const memoryMb = peakMemoryMb(app.pid);
    const floor = helloFigures.rps / 2;
    for (const r of rows) r.pass = r.errors === 0 && r.rps >= floor && r.p99 <= P99_TARGET_MS;
    printTable(
      `Public reads, ${dbKind} (requests per second; latency in ms)`,
      ['path', 'req/s', 'p50', 'p99', 'max', 'errors', 'target', 'result'],
      [
        ['hello-world', helloFigures.rps, helloFigures.p50, helloFigures.p99, helloFigures.max, helloFigures.errors, 'yardstick', ''],
        ...rows.map((r) => [
          r.path,
          r.rps,
          r.p50,
          r.p99,
          r.max,
          r.errors,
          `>= ${Math.round(floor)}, p99 <= ${P99_TARGET_MS}`,
          r.pass ? 'pass' : 'fail',
        ]),
      ],
    );
    console.log(`server peak memory (VmHWM): ${memoryMb} MB`);
    const pass = rows.every((r) => r.pass);
    const file = writeResult(`reads-${dbKind}`, {
      db: dbKind,
      connections: CONNECTIONS,
      seconds: args.duration,
      helloWorld: helloFigures,
      reads: rows,
      peakMemoryMb: memoryMb,
      pass,
      load: loadNote(),
    });
    console.log(`reads ${dbKind}: ${pass ? 'pass' : 'fail'}\nfigures: ${file}`);
    return { name: `reads ${dbKind}`, pass };
  } finally {
    for (const s of servers) await s.stop();
    await db.drop();
  }
}

// 5. Student import: 1,000 rows of a .csv through POST /api/users/import, first as a dry run, then for
// real (accounts, approved admissions, batches, credentials mails). Target: the real import of 1,000
// rows in <= 30 s. Each account's temporary password is hashed with argon2id, which dominates the time.
import { ADMIN, createDatabase, loadNote, printTable, startServer, writeResult } from './lib/common.mjs';
import { request } from './lib/http.mjs';

const ROWS = 1000;
const TARGET_MS = 30_000;

const quote = (v) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

async function upload(base, token, csv, dryRun) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'students.csv');
  const started = performance.now();
  const res = await fetch(`${base}/api/users/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(10 * 60_000),
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`import answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms: Math.round(performance.now() - started), body };
}

export async function importBench(_args, dbKind) {
  const db = await createDatabase(dbKind, 'import');
  let app;
  try {
    console.log(`\n[import ${dbKind}] ${ROWS} rows; ${loadNote()}`);
    app = await startServer(db);
    const login = await request(app.base, 'POST', '/api/auth/login', { body: ADMIN });
    const token = login.body.token;
    const batches = (await request(app.base, 'GET', '/api/batches', { token })).body.batches;
    // Fill the demo batches up to their capacity, then leave the batch blank (placed later).
    const seats = batches.flatMap((b) => Array.from({ length: b.capacity - b.studentsCount }, () => b));
    const lines = ['name,email,phone,course,centre,batch,registrationNumber'];
    for (let i = 0; i < ROWS; i++) {
      const b = seats[i] ?? batches[i % batches.length];
      const batchName = seats[i] ? b.name : '';
      lines.push(
        [`Imported Student ${i}`, `import-${i}@bench.local`, `98300${String(i).padStart(5, '0')}`, b.courseName, b.centre, batchName, '']
          .map(quote)
          .join(','),
      );
    }
    const csv = lines.join('\r\n');
    const dry = await upload(app.base, token, csv, true);
    const real = await upload(app.base, token, csv, false);
    const pass = dry.body.errors === 0 && real.body.created === ROWS && real.ms <= TARGET_MS;
    printTable(
      `Student import, ${dbKind} (${ROWS} rows)`,
      ['step', 'ms', 'answer', 'target', 'result'],
      [
        ['dry run', dry.ms, `ok ${dry.body.ok}, errors ${dry.body.errors}`, '', ''],
        ['import', real.ms, `created ${real.body.created}, skipped ${real.body.skipped}`, `<= ${TARGET_MS}`, pass ? 'pass' : 'fail'],
      ],
    );
    const file = writeResult(`import-${dbKind}`, { db: dbKind, rows: ROWS, dryRunMs: dry.ms, importMs: real.ms, pass, load: loadNote() });
    console.log(`import ${dbKind}: ${pass ? 'pass' : 'fail'}\nfigures: ${file}`);
    return { name: `import ${dbKind}`, pass };
  } finally {
    await app?.stop();
    await db.drop?.();
  }
}

// 7. Question bank import: 500 rows of a workbook (.xlsx, the template's columns, passages shared by
// passage_ref) through POST /api/question-bank/import, first the dry run, then the import.
// Target: the dry run of 500 rows validates in <= 10 s (docs/product-question-bank.md).
import ExcelJS from 'exceljs';
import { ADMIN, createDatabase, loadNote, printTable, startServer, writeResult } from './lib/common.mjs';
import { request } from './lib/http.mjs';

const ROWS = 500;
const TARGET_MS = 10_000;
const COLUMNS = [
  'section',
  'passage_ref',
  'passage_text',
  'question',
  'option_a',
  'option_b',
  'option_c',
  'option_d',
  'answer',
  'marks',
  'negative',
  'explanation',
  'topic',
  'difficulty',
  'source',
];

async function workbook() {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Questions');
  sheet.addRow(COLUMNS);
  const passage = (n) => `Passage ${n}. ${'A reading passage of a few hundred words about law and society. '.repeat(8)}`;
  for (let i = 0; i < ROWS; i++) {
    // Every fifth question stands alone; the others sit four to a passage.
    const onPassage = i % 5 !== 0;
    const ref = onPassage ? `P${Math.floor(i / 5)}` : null;
    sheet.addRow([
      ['Legal Reasoning', 'English Language', 'Logical Reasoning'][i % 3],
      ref,
      onPassage && i % 5 === 1 ? passage(Math.floor(i / 5)) : null,
      `Bench question ${i}: which of the following best follows from the facts?`,
      'The first option',
      'The second option',
      'The third option',
      'The fourth option',
      'ABCD'[i % 4],
      1,
      i % 7 === 0 ? 0.25 : null,
      `Explanation of question ${i}.`,
      `Topic ${i % 10}`,
      (i % 5) + 1,
      'Bench',
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(base, token, data, dryRun) {
  const form = new FormData();
  form.append('file', new Blob([data]), 'bench.xlsx');
  const started = performance.now();
  const res = await fetch(`${base}/api/question-bank/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(5 * 60_000),
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`import answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms: Math.round(performance.now() - started), body };
}

export async function bankImportBench(_args, dbKind) {
  const db = await createDatabase(dbKind, 'bankimport');
  let app;
  try {
    console.log(`\n[bank-import ${dbKind}] ${ROWS} rows; ${loadNote()}`);
    app = await startServer(db);
    const token = (await request(app.base, 'POST', '/api/auth/login', { body: ADMIN })).body.token;
    const data = await workbook();
    const dry = await upload(app.base, token, data, true);
    const real = await upload(app.base, token, data, false);
    const pass = dry.body.ok === ROWS && real.body.imported === ROWS && dry.ms <= TARGET_MS;
    printTable(
      `Question bank import, ${dbKind} (${ROWS} rows, ${Math.round(data.length / 1024)} KB workbook)`,
      ['step', 'ms', 'answer', 'target', 'result'],
      [
        [
          'dry run',
          dry.ms,
          `ok ${dry.body.ok}, errors ${dry.body.errors}, duplicates ${dry.body.duplicates}`,
          `<= ${TARGET_MS}`,
          pass ? 'pass' : 'fail',
        ],
        ['import', real.ms, `imported ${real.body.imported}, skipped ${real.body.skipped}`, '', ''],
      ],
    );
    const file = writeResult(`bank-import-${dbKind}`, {
      db: dbKind,
      rows: ROWS,
      dryRunMs: dry.ms,
      importMs: real.ms,
      pass,
      load: loadNote(),
    });
    console.log(`bank-import ${dbKind}: ${pass ? 'pass' : 'fail'}\nfigures: ${file}`);
    return { name: `bank-import ${dbKind}`, pass };
  } finally {
    await app?.stop();
    await db.drop?.();
  }
}

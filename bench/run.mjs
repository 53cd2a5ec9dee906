// npm run bench [-- storm|reads|pages|startup|import|results ...] [--db=pglite|postgres|both] [--students=N] [--find-max]
//   [--minutes=M] (storm exam length) [--runs=R] (Lighthouse runs per page) [--duration=S] (autocannon seconds)
// Runs each benchmark against the production build in a separate server process, prints its table and
// `verdict: pass|fail`, writes JSON under bench/results/ and exits non-zero on fail.
import { bankImportBench } from './bank-import.mjs';
import { importBench } from './import.mjs';
import { ensureWebBuild, loadNote, parseArgs } from './lib/common.mjs';
import { pages } from './pages.mjs';
import { reads } from './reads.mjs';
import { resultsBench } from './results.mjs';
import { startup } from './startup.mjs';
import { storm } from './storm.mjs';

const ALL = { storm, reads, pages, startup, import: importBench, results: resultsBench, 'bank-import': bankImportBench };

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const names = args.names.length ? args.names : Object.keys(ALL);
  for (const n of names)
    if (!ALL[n]) throw new Error(`Unknown benchmark "${n}" (storm, reads, pages, startup, import, results, bank-import)`);
  const dbs = args.db === 'both' ? ['pglite', 'postgres'] : [args.db];
  console.log(`bench: ${names.join(', ')} on ${dbs.join(' and ')}; ${loadNote()}`);
  ensureWebBuild();
  const outcomes = [];
  for (const name of names) {
    // The pages are the same whatever the database behind them: measured once.
    for (const db of name === 'pages' ? [dbs[0]] : dbs) outcomes.push(await ALL[name](args, db));
  }
  console.log('\nSummary');
  for (const o of outcomes) console.log(`  ${o.name.padEnd(20)} ${o.pass ? 'pass' : 'fail'}`);
  const pass = outcomes.every((o) => o.pass);
  console.log(`verdict: ${pass ? 'pass' : 'fail'}`);
  process.exit(pass ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  console.log('verdict: fail');
  process.exit(1);
});

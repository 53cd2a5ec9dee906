// `npm test`: everything CI runs, in order, ending with one summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const results = path.join(os.tmpdir(), `lawcoach-results-${process.pid}`);
fs.mkdirSync(results, { recursive: true });
const only = process.argv.slice(2);
const want = (step) => only.length === 0 || only.includes(step);

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

const failures = [];
if (want('typecheck')) {
  for (const p of ['common', 'server', 'web']) {
    if (!run(`typecheck ${p}`, 'npx', ['tsc', '-p', p])) failures.push(`typecheck ${p}`);
  }
}
if (want('lint') && !run('lint (biome)', 'npx', ['biome', 'check', '.'])) failures.push('lint');
// Import direction of the web app (features never import each other; lib/, api/, components/ never import features/ or app/).
if (want('lint') && !run('lint (import direction)', 'node', ['scripts/check-imports.mjs'])) failures.push('import direction');

let passed = 0;
let failed = 0;
if (want('unit')) {
  const out = path.join(results, 'vitest.json');
  const ok = run('unit and API tests (vitest)', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
  }
  if (!ok) failures.push('vitest');
}
const built = (want('e2e') || want('budget')) && run('build web', 'npx', ['vite', 'build', 'web', '--logLevel', 'warn']);
if ((want('e2e') || want('budget')) && !built) failures.push('build');
// The browser journeys run the server as `npm start` does: bundled (scripts/build-server.mjs).
const serverBuilt = want('e2e') && run('build server', 'node', ['scripts/build-server.mjs']);
if (want('e2e') && !serverBuilt) failures.push('build server');
// Initial JavaScript per route against the route budgets (scripts/bundle-budget.mjs says what it measures).
if (want('budget') && built && !run('bundle budget', 'node', ['scripts/bundle-budget.mjs'])) failures.push('bundle budget');
if (want('e2e') && built && serverBuilt) {
  const out = path.join(results, 'playwright.json');
  const ok = run('browser journeys (playwright)', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  if (fs.existsSync(out)) {
    const s = JSON.parse(fs.readFileSync(out, 'utf8')).stats ?? {};
    passed += s.expected ?? 0;
    failed += (s.unexpected ?? 0) + (s.flaky ?? 0) * 0;
  }
  if (!ok) failures.push('playwright');
}

// The reports were read into the counts above; nothing is left behind in the temporary folder.
fs.rmSync(results, { recursive: true, force: true });
console.log(`\n${failures.length ? `Failed steps: ${failures.join(', ')}` : 'All steps passed.'}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);

// Import direction of the web app (docs/architecture.md, "Web: layout and import direction"):
//
//   app/  ──►  features/<name>/  ──►  api/, components/, lib/  ──►  common (@app/common)
//
// - a feature never imports another feature (a piece two features need lives in api/ or components/,
//   or the two are composed in app/);
// - lib/, api/ and components/ never import features/ or app/.
//
// Biome's noRestrictedImports matches the import string as written, not the file it resolves to, so it
// cannot tell `../components/x` inside a feature (its own folder) from `../../other-feature/x`; this
// script resolves every relative import and checks the folders. Run by `npm run lint` and `npm test`.
//
// Usage: node scripts/check-imports.mjs [root, default web/src]; exits 1 and lists each violation.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SHARED = new Set(['lib', 'api', 'components']);
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s*['"]([^'"]+)['"]/gm;

/** Where a file sits: its top folder under the source root and, for features, the feature's name. */
function placeOf(rel) {
  const parts = rel.split('/');
  if (parts.length === 1) return { layer: 'root' };
  if (parts[0] === 'features') return { layer: 'features', feature: parts[1] };
  return { layer: parts[0] };
}

/** The rule an import from `from` to `to` (paths relative to the source root) breaks, or null. */
export function violation(from, to) {
  const a = placeOf(from);
  const b = placeOf(to);
  if (a.layer === 'features' && b.layer === 'features' && a.feature !== b.feature) {
    return `feature "${a.feature}" imports feature "${b.feature}"`;
  }
  if (a.layer === 'features' && b.layer === 'app') return `feature "${a.feature}" imports app/`;
  if (SHARED.has(a.layer) && (b.layer === 'features' || b.layer === 'app')) return `${a.layer}/ imports ${b.layer}/`;
  return null;
}

/** Every relative import of one source text. */
export function importsOf(source) {
  const out = [];
  for (const m of source.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec?.startsWith('.')) out.push(spec);
  }
  return out;
}

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

/** All violations under a source root, as "file: import (rule)" lines. */
export function check(root) {
  const problems = [];
  for (const file of filesUnder(root)) {
    const from = path.relative(root, file).split(path.sep).join('/');
    for (const spec of importsOf(fs.readFileSync(file, 'utf8'))) {
      const to = path
        .relative(root, path.resolve(path.dirname(file), spec))
        .split(path.sep)
        .join('/');
      if (to.startsWith('..')) continue;
      const rule = violation(from, to);
      if (rule) problems.push(`${from}: '${spec}' (${rule})`);
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = path.resolve(process.argv[2] ?? path.join(here, '../web/src'));
  const problems = check(root);
  if (problems.length) {
    console.error(`Import direction: ${problems.length} import(s) run the wrong way (scripts/check-imports.mjs says the rule):`);
    for (const p of problems) console.error(`  ${p}`);
    process.exit(1);
  }
  console.log('Import direction: no feature imports another feature; lib/, api/ and components/ import no feature and not app/.');
}

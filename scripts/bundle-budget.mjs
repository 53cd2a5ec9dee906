// Bundle budget (the page targets of bench/README.md): fails when a route's initial JavaScript grows past its budget.
//
// What it measures, per route of web/src/app/router.tsx: the JavaScript the browser must download
// before that route's first render, gzipped (zlib level 9, the level of the .gz files the server
// serves). That is the entry chunk of index.html with every chunk it imports statically (the
// <script> and its <link rel="modulepreload">s), plus the route's lazily imported page module with
// every chunk that module imports statically (Vite preloads those in parallel with it). Each file is
// counted once. CSS, images, fonts and chunks loaded later (dynamic imports inside a page, other
// routes) are not counted. It reads the Vite manifest (build.manifest: true in web/vite.config.ts),
// so run it after `vite build`.
//
// Budgets: public routes <= 100 KB gzip, every route <= 170 KB gzip, and admin, exam and payment
// pages never in the entry nor in a public route's initial JavaScript (they load lazily).
//
// Usage: node scripts/bundle-budget.mjs [--dist web/dist] [--json] [--verbose (files per route)];
// exits 1 when over budget.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const KB = 1024;
export const PUBLIC_BUDGET = 100 * KB;
export const ANY_ROUTE_BUDGET = 170 * KB;
export const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/courses',
  '/courses/:slug',
  '/results',
  '/contact',
  '/login',
  '/admission-request',
  '/admission-status',
  '/forgot-password',
];
// Route modules under these folders are admin, exam or payment code: they must stay lazy.
const LAZY_ONLY =
  /^src\/(features\/(admin|exams|exam-taking|submissions|payments|students|courses|announcements|results)|app\/dashboards\/admin)\//;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Route path -> the modules (relative to web/) it loads lazily before its first render: its page, and for
 * a route under a lazily loaded route table (`path: '/admin/*'` importing `./admin-routes.tsx`) that
 * table first. Read from the routers' `path: '…'` … `import('…')` pairs.
 */
export function readRoutes(routerFile, prefix = '', via = []) {
  const source = fs.readFileSync(routerFile, 'utf8');
  const routes = new Map();
  const re = /path:\s*'([^']+)'[\s\S]*?import\(\s*'([^']+)'\s*\)/g;
  for (const m of source.matchAll(re)) {
    // A `path:` with no import before the next `path:` is not a lazy page; skip it.
    if (/path:\s*'/.test(m[0].slice(m[0].indexOf(m[1]) + m[1].length))) continue;
    const target = path.resolve(path.dirname(routerFile), m[2]);
    const file = path.relative(path.join(root, 'web'), target).split(path.sep).join('/');
    const route = m[1].startsWith('/') ? m[1] : `${prefix}${m[1]}`;
    if (route.endsWith('/*') && /-routes\.tsx$/.test(target)) {
      for (const [sub, modules] of readRoutes(target, route.slice(0, -1), [...via, file])) routes.set(sub, modules);
    } else if (!(prefix && route === `${prefix}*`)) {
      routes.set(route, [...via, file]);
    }
  }
  return routes;
}

/** Every manifest key a chunk loads before it runs: itself and its static imports, transitively. */
function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`bundle budget: ${key} is not in the Vite manifest (stale build?)`);
  seen.add(key);
  for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

export function measure(dist = path.join(root, 'web/dist'), routerFile = path.join(root, 'web/src/app/router.tsx')) {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`bundle budget: ${manifestFile} not found; build the web app first`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const gzipCache = new Map();
  const gzipSize = (key) => {
    const file = manifest[key].file;
    if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
    return gzipCache.get(file);
  };
  const entry = staticClosure(manifest, 'index.html');
  const entryBytes = [...entry].reduce((n, k) => n + gzipSize(k), 0);
  const routes = readRoutes(routerFile);
  const rows = [];
  const problems = [];
  for (const [route, modules] of routes) {
    const module = modules.at(-1);
    const keys = new Set(entry);
    for (const m of modules) staticClosure(manifest, m, keys);
    const bytes = [...keys].reduce((n, k) => n + gzipSize(k), 0);
    const isPublic = PUBLIC_ROUTES.includes(route);
    const budget = isPublic ? PUBLIC_BUDGET : ANY_ROUTE_BUDGET;
    const files = [...keys].filter((k) => !entry.has(k)).map((k) => ({ file: manifest[k].file, bytes: gzipSize(k) }));
    rows.push({ route, module, bytes, budget, isPublic, ok: bytes <= budget, files });
    if (bytes > budget) problems.push(`${route}: ${kb(bytes)} gzip > ${kb(budget)}`);
    if (isPublic) {
      for (const k of keys) {
        if (LAZY_ONLY.test(manifest[k].src ?? '')) problems.push(`${route} loads ${manifest[k].src} up front; it must be lazy`);
      }
    }
  }
  for (const k of entry) {
    if (LAZY_ONLY.test(manifest[k].src ?? '')) problems.push(`the entry loads ${manifest[k].src}; it must be lazy`);
  }
  for (const p of PUBLIC_ROUTES) if (!routes.has(p)) problems.push(`public route ${p} not found in the router`);
  for (const [route, modules] of routes) {
    const module = modules.at(-1);
    if (LAZY_ONLY.test(module) && !manifest[module]?.isDynamicEntry) problems.push(`${route} (${module}) is not a lazy chunk`);
  }
  const entryFiles = [...entry].map((k) => ({ file: manifest[k].file, bytes: gzipSize(k) }));
  return { entryBytes, entryFiles, rows, problems };
}

const kb = (n) => `${(n / KB).toFixed(1)} KB`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const distArg = args.indexOf('--dist');
  const dist = distArg >= 0 ? path.resolve(args[distArg + 1]) : undefined;
  let result;
  try {
    result = measure(dist);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
  if (args.includes('--json')) console.log(JSON.stringify(result, null, 2));
  else {
    const verbose = args.includes('--verbose');
    const list = (files) => files.sort((a, b) => b.bytes - a.bytes).map((f) => `      ${kb(f.bytes).padStart(9)} ${f.file}`);
    console.log(`entry (index.html + static imports): ${kb(result.entryBytes)} gzip`);
    if (verbose) console.log(list(result.entryFiles).join('\n'));
    console.log('route                          initial JS gzip   budget');
    for (const r of result.rows.sort((a, b) => b.bytes - a.bytes)) {
      console.log(
        `${r.ok ? ' ' : '!'} ${r.route.padEnd(30)} ${kb(r.bytes).padStart(10)} ${kb(r.budget).padStart(12)}${r.isPublic ? '  public' : ''}`,
      );
      if (verbose) console.log(list(r.files).join('\n'));
    }
  }
  for (const p of result.problems) console.error(`over budget: ${p}`);
  console.log(result.problems.length ? `bundle budget: FAIL (${result.problems.length})` : 'bundle budget: pass');
  process.exit(result.problems.length ? 1 : 0);
}

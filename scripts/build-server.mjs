// Bundles the server's TypeScript (and @app/common) into server/dist/main.mjs, the file `npm start`
// runs: no TypeScript loader at start-up (start-up target, bench/README.md). npm packages stay imports.
// The worker threads' entry (server/src/worker.ts: imports, PDF checks and stamps) is bundled beside it
// as server/dist/worker.mjs, which the running server finds next to itself (server/src/paths.ts).
// `node scripts/build-server.mjs` builds; `isServerBuildStale()` tells whether the sources are newer.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(root, 'server/dist/main.mjs');
export const SERVER_WORKER_BUNDLE = path.join(root, 'server/dist/worker.mjs');
/**
 * The node flags the server runs with (`npm start`, the benchmarks, the systemd unit in docs/operations.md).
 * A young generation of 32 MB a half instead of 16: at a hall's bell the server holds 2,000 submits in
 * flight at once, and with the default most of them outlived each scavenge and were copied, about a tenth of
 * the server's CPU there (bench/HISTORY.md, "Earlier run … 16:07"). It costs about 50 MB more at the peak.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
const SOURCES = ['server/src', 'common/src', 'server/package.json', 'common/package.json'].map((p) => path.join(root, p));

export function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function isServerBuildStale() {
  const oldest = Math.min(...[SERVER_BUNDLE, SERVER_WORKER_BUNDLE].map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
  return oldest < Math.max(...SOURCES.map(newestMtime));
}

export async function buildServer() {
  // Loaded only when a build is needed: an up-to-date `npm start` does not pay for it.
  const { build } = await import('esbuild');
  await build({
    entryPoints: { main: path.join(root, 'server/src/main.ts'), worker: path.join(root, 'server/src/worker.ts') },
    outdir: path.dirname(SERVER_BUNDLE),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        // Our own workspace packages are TypeScript: bundled. Everything else from npm is imported at run time.
        name: 'npm-packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@app/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServer();

import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// @ts-expect-error: a plain script without types; it reads the route table and the Vite manifest.
import { measure } from '../scripts/bundle-budget.mjs';

const toastModule = fileURLToPath(new URL('./src/lib/toast.ts', import.meta.url));
// react-router's package exports always point at its development build (dev warnings included);
// the production build it ships beside it is what a build should bundle.
const reactRouterProduction = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router')), '../production/index.mjs');

/**
 * `import { toast } from 'sonner'` anywhere in the app resolves to src/lib/toast.ts, which loads sonner
 * on first use: toasts follow user actions, so sonner stays out of every page's initial JavaScript.
 * Only toast.ts itself reaches the real package.
 */
function lazySonner(): Plugin {
  return {
    name: 'lazy-sonner',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'sonner' && importer && fileURLToPath(new URL(importer, 'file://')) !== toastModule) return toastModule;
      return null;
    },
  };
}

/**
 * The build renders with Preact through preact/compat instead of React (docs/decisions/0004-preact-in-the-build.md):
 * the same components and hooks, the entry chunk 96 KB → 38 KB gzip, so a phone renders the public pages
 * far sooner (Lighthouse mobile target, bench/README.md). Development and the component tests run React itself; the
 * browser journeys run this build.
 */
const preactForReact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/** A build step that runs on the written output folder once the bundle is closed. */
function afterBuild(name: string, run: (outDir: string) => void): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      run(outDir);
    },
  };
}

/**
 * Writes dist/route-preloads.json: for each route without parameters, the chunks its page needs beyond
 * the entry (the same closure `scripts/bundle-budget.mjs` measures). The server names them in that
 * route's HTML as <link rel="modulepreload">, so a phone fetches the page's code together with the entry
 * instead of after running it (Lighthouse mobile target, bench/README.md).
 */
const routePreloads = () =>
  afterBuild('route-preloads', (outDir) => {
    const { rows } = measure(outDir) as { rows: { route: string; files: { file: string }[] }[] };
    const preloads = Object.fromEntries(rows.filter((r) => !r.route.includes(':')).map((r) => [r.route, r.files.map((f) => f.file)]));
    fs.writeFileSync(path.join(outDir, 'route-preloads.json'), `${JSON.stringify(preloads, null, 1)}\n`);
  });

/**
 * Writes a .br and a .gz beside every script, stylesheet and SVG of the build; the server sends them to
 * browsers that accept them (@fastify/static `preCompressed`), so nothing is compressed per request.
 */
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;
const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
const precompress = () =>
  afterBuild('precompress', (outDir) => {
    for (const file of filesUnder(outDir).filter((f) => COMPRESSIBLE.test(f) && !f.includes(`${path.sep}.vite${path.sep}`))) {
      const content = fs.readFileSync(file);
      if (content.length < 1024) continue;
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  });

export default defineConfig(({ command }) => ({
  plugins: [lazySonner(), react(), tailwindcss(), routePreloads(), precompress()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }, ...preactForReact] } : undefined,
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  // The manifest feeds scripts/bundle-budget.mjs (what each route loads before its first render).
  // No modulepreload polyfill: every browser we support preloads modules natively.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    modulePreload: { polyfill: false },
    // Everything the entry needs before the first render goes into the entry chunk itself: one file
    // instead of five small ones (React, the runtime, constants...), about 1 KB gzip less.
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } },
      // React Router reaches for React 19's `use` and `useOptimistic` only when they exist; compat has neither.
      onLog(level, log, handler) {
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.id?.includes('react-router')) return;
        handler(level, log);
      },
    },
  },
}));

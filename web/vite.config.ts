import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
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

/** A build step that runs on the written output folder once the bundle is closed. */
function afterBuild(name: string, run: (outDir: string) => unknown): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await run(outDir);
    },
  };
}

/**
 * Writes dist/route-preloads.json: for each route (its pattern, `:slug` included), the chunks its page
 * needs beyond the entry (the same closure `scripts/bundle-budget.mjs` measures) and those of the screen a
 * server-rendered page loads lazily beside it (its dynamic imports and theirs, static closure). The server
 * names them in that route's HTML as <link rel="modulepreload">, so a phone fetches the page's code
 * together with the entry instead of one after the other (Lighthouse mobile target, bench/README.md).
 */
type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[] };
const routePreloads = () =>
  afterBuild('route-preloads', (outDir) => {
    const { rows } = measure(outDir) as { rows: { route: string; module: string; files: { file: string }[] }[] };
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const closure = (key: string, into: Set<string>) => {
      if (into.has(key) || !manifest[key]) return into;
      into.add(key);
      for (const dep of manifest[key].imports ?? []) closure(dep, into);
      return into;
    };
    const entry = closure('index.html', new Set());
    const preloads = Object.fromEntries(
      rows.map((r) => {
        const screens = new Set<string>();
        for (const lazy of manifest[r.module]?.dynamicImports ?? []) if (/-screen\.tsx$/.test(lazy)) closure(lazy, screens);
        const files = [...r.files.map((f) => f.file), ...[...screens].filter((k) => !entry.has(k)).map((k) => manifest[k].file)];
        return [r.route, [...new Set(files)]];
      }),
    );
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

/**
 * After the browser's build, the server's: src/entry-server.tsx bundled for Node into dist-ssr/, which the
 * server loads to render the public pages (docs/decisions/0023-public-pages-rendered-on-the-server.md). One
 * `vite build` makes both, so no build step can leave the two out of step.
 */
const serverBundle = (root: string) =>
  afterBuild('server-bundle', () =>
    build({
      configFile: fileURLToPath(import.meta.url),
      root,
      logLevel: 'warn',
      build: { ssr: 'src/entry-server.tsx', outDir: 'dist-ssr', emptyOutDir: true },
    }),
  );

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [lazySonner(), react()]
    : [lazySonner(), react(), tailwindcss(), routePreloads(), precompress(), serverBundle(path.dirname(fileURLToPath(import.meta.url)))],
  // Our own workspace packages are TypeScript: bundled into the server's renderer; npm packages stay imports.
  ssr: { noExternal: ['@app/common'] },
  // The browser's files (favicon, robots.txt, samples) are the client build's; the renderer needs none.
  publicDir: isSsrBuild ? false : undefined,
  resolve: command === 'build' && !isSsrBuild ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : undefined,
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  // The manifest feeds scripts/bundle-budget.mjs (what each route loads before its first render).
  // No modulepreload polyfill: every browser we support preloads modules natively.
  build: isSsrBuild
    ? { sourcemap: true, minify: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: false,
        manifest: true,
        modulePreload: { polyfill: false },
        // Everything the entry needs before the first render goes into the entry chunk itself: one file
        // instead of five small ones (React, the runtime, constants...), about 1 KB gzip less.
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } },
        },
      },
}));

import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const toastModule = fileURLToPath(new URL('./src/app/toast.ts', import.meta.url));
// react-router's package exports always point at its development build (dev warnings included);
// the production build it ships beside it is what a build should bundle.
const reactRouterProduction = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router')), '../production/index.mjs');

/**
 * `import { toast } from 'sonner'` anywhere in the app resolves to src/app/toast.ts, which loads sonner
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
 * The build renders with Preact through preact/compat instead of React (docs/decisions/preact-in-the-build.md):
 * the same components and hooks, the entry chunk 96 KB → 38 KB gzip, so a phone renders the public pages
 * far sooner (issue 6, Lighthouse mobile). Development and the component tests run React itself; the
 * browser journeys run this build.
 */
const preactForReact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command }) => ({
  plugins: [lazySonner(), react(), tailwindcss()],
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
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } } },
  },
}));

import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The server package's folder, found the same way from its sources (server/src/paths.ts) and from the
// bundle `npm start` runs (server/dist/main.mjs, scripts/build-server.mjs): both sit one level below it.
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Running from the TypeScript sources (tests, `npm run dev`) rather than the bundle. */
const FROM_SOURCES = import.meta.url.endsWith('.ts');

export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'src/db/migrations');
export const GALLERY_SEED_DIR = path.join(SERVER_DIR, 'assets/gallery');
/** The demo's sample NLU cut-offs (server/src/db/seed-nlu.ts): illustrative figures an institute replaces. */
export const NLU_SAMPLE_CSV = path.join(SERVER_DIR, 'src/db/sample-data/nlu-cutoffs-sample.csv');
export const WEB_DIST_DIR = path.resolve(SERVER_DIR, '../web/dist');
/** The public pages' renderer (web/src/entry-server.tsx), built beside the web app by web/vite.config.ts. */
export const WEB_RENDERER = path.resolve(SERVER_DIR, '../web/dist-ssr/entry-server.js');
/** The Noto fonts the PDFs embed (server/src/lib/pdf-fonts.ts). */
export const FONTS_DIR = path.join(SERVER_DIR, 'assets/fonts');
/** The worker threads' module (lib/worker-pool.ts): the bundle's worker.mjs, or the sources' through tsx. */
export const WORKER_ENTRY = FROM_SOURCES ? path.join(SERVER_DIR, 'src/worker-sources.mjs') : path.join(SERVER_DIR, 'dist/worker.mjs');

import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The server package's folder, found the same way from its sources (server/src/paths.ts) and from the
// bundle `npm start` runs (server/dist/main.mjs, scripts/build-server.mjs): both sit one level below it.
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'src/db/migrations');
export const GALLERY_SEED_DIR = path.join(SERVER_DIR, 'assets/gallery');
export const WEB_DIST_DIR = path.resolve(SERVER_DIR, '../web/dist');
/** The Noto fonts the PDFs embed (server/src/lib/pdf-fonts.ts). */
export const FONTS_DIR = path.join(SERVER_DIR, 'assets/fonts');

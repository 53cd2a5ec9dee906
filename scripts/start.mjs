// `npm start`: build the web app and the server when missing or older than their sources, then run the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, isServerBuildStale, newestMtime, SERVER_BUNDLE } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'web/dist/index.html');
// The public pages' renderer, written by the same build after web/dist (web/vite.config.ts).
const renderer = path.join(root, 'web/dist-ssr/entry-server.js');

const sources = ['web/src', 'web/index.html', 'web/public', 'common/src'].map((p) => path.join(root, p));
const sourceTime = Math.max(...sources.map(newestMtime));
if (!fs.existsSync(built) || !fs.existsSync(renderer) || fs.statSync(built).mtimeMs < sourceTime) {
  console.log('Building the web app...');
  const r = spawnSync('npx', ['vite', 'build', 'web', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The server runs bundled (scripts/build-server.mjs), in this process.
if (isServerBuildStale()) {
  console.log('Building the server...');
  await buildServer();
}
await import(pathToFileURL(SERVER_BUNDLE).href);

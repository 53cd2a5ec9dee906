// Starts the built app for the browser journeys on a fresh database: PGlite in a temporary folder,
// or a new PostgreSQL database when TEST_DATABASE_URL is set (dropped when the run ends).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lawcoach-e2e-'));
let databaseUrl;
let dropDb = async () => {};
if (process.env.TEST_DATABASE_URL) {
  const name = `e2e_${randomUUID().replace(/-/g, '')}`;
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDb = async () => {
    const d = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await d.connect();
    await d.query(`drop database if exists ${name} with (force)`);
    await d.end();
  };
}

const port = process.env.E2E_PORT ?? '3100';
// The bundled server `npm start` runs (built by `npm test` before the journeys: scripts/build-server.mjs).
const child = spawn(process.execPath, ['server/dist/main.mjs'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    ADMIN_EMAIL: 'admin@e2e.local',
    ADMIN_PASSWORD: 'E2e-Admin-Pass-1',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
  },
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  await dropDb().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, stop);
child.on('exit', () => stop());

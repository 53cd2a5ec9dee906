import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type Db, openDb } from '../../src/db/client.ts';
import { seed } from '../../src/db/seed.ts';
import { DEMO_CANDIDATES } from '../../src/db/seed-results.ts';
import { DEMO_STAFF } from '../../src/db/seed-staff.ts';
import { createPgDatabase, query, repoRoot } from './processes.ts';

// Backup and restore, for both databases, with the commands docs/operations.md shows (the test checks
// that the document carries each of them word for word, then runs them).

const DOCS = fs.readFileSync(path.join(repoRoot, 'docs/operations.md'), 'utf8');
const CMD = {
  pgDump: 'pg_dump --format=custom --no-owner --no-privileges --file="$BACKUP_FILE" "$DATABASE_URL"',
  pgRestore: 'pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$DATABASE_URL" "$BACKUP_FILE"',
  uploadsBackup: 'tar -C "$DATA_DIR" -czf "$UPLOADS_FILE" uploads',
  uploadsRestore: 'tar -C "$DATA_DIR" -xzf "$UPLOADS_FILE"',
  dirBackup: 'tar -C "$DATA_DIR" -czf "$BACKUP_FILE" .',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, run by sh
  dirWipe: 'find "${DATA_DIR:?}" -mindepth 1 -delete',
  dirRestore: 'tar -C "$DATA_DIR" -xzf "$BACKUP_FILE"',
};
const run = (command: string, env: Record<string, string>) =>
  execFileSync('bash', ['-euo', 'pipefail', '-c', command], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'pipe' });

const KEY_TABLES = [
  'users',
  'courses',
  'announcements',
  'gallery_images',
  'exams',
  'questions',
  'audit_log',
  'drizzle.__drizzle_migrations',
];

/** Row count and a checksum of every row of each key table. */
async function snapshot(db: Db) {
  const out: Record<string, { n: number; md5: string }> = {};
  for (const table of KEY_TABLES) {
    const result = await db.execute(
      sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from ${table} t`),
    );
    out[table] = result.rows[0] as { n: number; md5: string };
  }
  return out;
}

/** Checksums of every uploaded file, by name. */
function uploadsChecksums(dataDir: string) {
  const dir = path.join(dataDir, 'uploads');
  if (!fs.existsSync(dir)) return {};
  return Object.fromEntries(
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => {
        const file = path.join(e.parentPath, e.name);
        return [path.relative(dir, file), execFileSync('sha256sum', [file]).toString().split(' ')[0]];
      }),
  );
}

const NEW_ADMIN = { firstName: 'Backup', lastName: 'Admin', email: 'backup-admin@test.local', password: 'Backup-Admin-Pass-42' };

/** Starts the app on the database (migrations and seed as at every start) and adds data through the API. */
async function startAndFill(env: Record<string, string>) {
  const { app, close } = await start(env);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin@backup.test', password: 'Admin-Backup-Pass-1' },
  });
  const auth = { authorization: `Bearer ${login.json().token}` };
  const calls = [
    [
      '/api/courses',
      { name: 'Backup course', description: 'Kept', price: 1234.5, feeType: 'full', duration: '6 months', features: ['one'] },
    ],
    ['/api/announcements', { title: 'Backup notice', content: 'Kept too' }],
    ['/api/auth/create-admin', { ...NEW_ADMIN, confirmPassword: NEW_ADMIN.password }],
  ] as const;
  for (const [url, payload] of calls) {
    const res = await app.inject({ method: 'POST', url, payload, headers: auth });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
  }
  return { app, close };
}

async function start(env: Record<string, string>) {
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: 'admin@backup.test',
    ADMIN_PASSWORD: 'Admin-Backup-Pass-1',
    JWT_SECRET: 'backup-test-secret-of-enough-length-0123456789',
    SEED_DEMO: 'true',
    ...env,
  });
  const dbHandle = await openDb({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await dbHandle.migrate();
  const app = await buildApp({ config, dbHandle });
  await seed(app.ctx, { demo: config.SEED_DEMO });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await dbHandle.close();
    },
  };
}

async function signsIn(env: Record<string, string>) {
  const { app, close } = await start(env);
  try {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: NEW_ADMIN.email, password: NEW_ADMIN.password },
    });
    const gallery = (await app.inject({ method: 'GET', url: '/api/gallery' })).json() as { url: string }[];
    const image = gallery[0] ? await app.inject({ method: 'GET', url: gallery[0].url }) : null;
    return { login: res.statusCode, galleryImages: gallery.length, firstImage: image?.statusCode };
  } finally {
    await close();
  }
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lawcoach-${name}-`));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

it('docs/operations.md shows every backup and restore command this test runs', () => {
  for (const command of Object.values(CMD)) expect(DOCS).toContain(command);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL: pg_dump, wipe, pg_restore', () => {
  it('brings back every row and file, and sign-in works', async () => {
    const base = process.env.TEST_DATABASE_URL as string;
    const database = await createPgDatabase(base);
    cleanups.push(() => database.drop());
    const dataDir = tempDir('pg-data');
    const backups = tempDir('pg-backups');
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir };
    const files = { BACKUP_FILE: path.join(backups, 'lawcoach.dump'), UPLOADS_FILE: path.join(backups, 'uploads.tar.gz') };

    const { app, close } = await startAndFill(env);
    const before = await snapshot(app.ctx.db);
    const filesBefore = uploadsChecksums(dataDir);
    // The two admins, the demo candidates who sit the seeded ranked mock (seed-results.ts), the demo staff
    // (seed-staff.ts) and the sample parent of two candidates (seed-parents.ts).
    expect(before.users.n).toBe(2 + DEMO_CANDIDATES + DEMO_STAFF.length + 1);
    expect(Object.keys(filesBefore).length).toBeGreaterThan(0);
    await close();

    run(CMD.pgDump, { ...env, ...files });
    run(CMD.uploadsBackup, { ...env, ...files });

    // Wipe: the database and the uploads are gone.
    await database.drop();
    await query(base, `create database ${database.name}`);
    fs.rmSync(path.join(dataDir, 'uploads'), { recursive: true });
    expect(await query(database.url, `select count(*)::int as n from information_schema.tables where table_schema = 'public'`)).toEqual([
      { n: 0 },
    ]);

    run(CMD.pgRestore, { ...env, ...files });
    run(CMD.uploadsRestore, { ...env, ...files });

    const restored = await openDb({ url: database.url });
    try {
      expect(await snapshot(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
    expect(uploadsChecksums(dataDir)).toEqual(filesBefore);
    expect(await signsIn(env)).toEqual({ login: 200, galleryImages: expect.any(Number), firstImage: 200 });
  }, 120_000);
});

describe('embedded database: stop, tar the data directory, wipe, untar, start', () => {
  it('brings back every row and file, and sign-in works', async () => {
    const dataDir = tempDir('pglite-data');
    const backups = tempDir('pglite-backups');
    const env = { DATA_DIR: dataDir, BACKUP_FILE: path.join(backups, 'lawcoach-data.tar.gz') };

    const { app, close } = await startAndFill({ DATA_DIR: dataDir });
    const before = await snapshot(app.ctx.db);
    const filesBefore = uploadsChecksums(dataDir);
    // The two admins, the demo candidates who sit the seeded ranked mock (seed-results.ts), the demo staff
    // (seed-staff.ts) and the sample parent of two candidates (seed-parents.ts).
    expect(before.users.n).toBe(2 + DEMO_CANDIDATES + DEMO_STAFF.length + 1);
    await close(); // the server is stopped before the copy

    run(CMD.dirBackup, env);
    run(CMD.dirWipe, env);
    expect(fs.readdirSync(dataDir)).toEqual([]);
    run(CMD.dirRestore, env);

    const reopened = await openDb({ dataDir });
    try {
      expect(await snapshot(reopened.db)).toEqual(before);
    } finally {
      await reopened.close();
    }
    expect(uploadsChecksums(dataDir)).toEqual(filesBefore);
    expect(await signsIn({ DATA_DIR: dataDir })).toEqual({ login: 200, galleryImages: expect.any(Number), firstImage: 200 });
  }, 120_000);
});

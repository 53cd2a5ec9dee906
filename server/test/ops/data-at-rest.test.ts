import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/client.ts';
import { repoRoot } from './processes.ts';

// The data at rest under DATA_DIR (docs/operations.md): owner-only whatever the umask, and a first start
// of the embedded database that a kill cannot leave half-made.

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'lawcoach-rest-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Every entry under `dir` whose mode lets anyone but the owner in. */
function openToOthers(dir: string): string[] {
  const wide: string[] = [];
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    if (st.mode & 0o077) wide.push(`${path.relative(dir, p) || '.'} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const n of fs.readdirSync(p)) visit(path.join(p, n));
  };
  visit(dir);
  return wide;
}

function countFiles(dir: string): number {
  let n = 0;
  const visit = (p: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(p, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory()) visit(path.join(p, e.name));
      else n++;
    }
  };
  visit(dir);
  return n;
}

/** A node process started under `umask` (through sh, since a test cannot set its own). */
function spawnWithUmask(umask: string, args: string[], env: Record<string, string>): ChildProcess {
  const quoted = args.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  return spawn('sh', ['-c', `umask ${umask} && exec '${process.execPath}' ${quoted}`], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('DATA_DIR permissions', () => {
  it('a server started under umask 000 leaves DATA_DIR and every file in it owner-only, repairing what was wider', async () => {
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o777);
    fs.mkdirSync(path.join(dataDir, 'uploads'), { mode: 0o777 });
    fs.chmodSync(path.join(dataDir, 'uploads'), 0o777);
    fs.writeFileSync(path.join(dataDir, 'uploads', 'left-by-a-copy.jpg'), 'x');
    fs.chmodSync(path.join(dataDir, 'uploads', 'left-by-a-copy.jpg'), 0o666);
    const child = spawnWithUmask('000', ['--import', 'tsx', 'server/src/main.ts'], {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'admin@rest.test',
      ADMIN_PASSWORD: 'Rest-Admin-Pass-1',
      LOG_LEVEL: 'info',
    });
    let output = '';
    const started = new Promise<void>((resolve, reject) => {
      const onData = (c: Buffer) => {
        output += c.toString();
        if (output.includes('Law Coaching Institute is running at')) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', () => reject(new Error(`server exited during start:\n${output}`)));
    });
    try {
      await started;
      expect(countFiles(path.join(dataDir, 'pglite'))).toBeGreaterThan(100);
      expect(openToOthers(dataDir)).toEqual([]);
      expect(output).toMatch(/DATA_DIR entries readable by others were made owner-only/);
    } finally {
      child.kill('SIGKILL');
    }
  }, 120_000);
});

describe('first start of the embedded database', () => {
  /** Starts a first open of DATA_DIR and kills it (SIGKILL) once `files` files have been written under it. */
  async function killFirstStartAt(dataDir: string, files: number) {
    const child = spawnWithUmask('022', ['--import', 'tsx', 'server/test/ops/open-embedded-db.ts', dataDir], {});
    let finished = false;
    child.once('exit', () => {
      finished = true;
    });
    while (!finished && countFiles(dataDir) < files) await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGKILL');
    await new Promise((r) => (finished ? r(null) : child.once('exit', r)));
  }

  it.each([40, 500])(
    'a kill after %i files leaves either no database or a complete one, and the next start works',
    async (files) => {
      const dataDir = tempDir();
      await killFirstStartAt(dataDir, files);
      const db = path.join(dataDir, 'pglite');
      const leftBehind = fs.existsSync(db) ? countFiles(db) : 0;
      const handle = await openDb({ dataDir });
      try {
        const result = await handle.db.execute(sql`select 42 as answer`);
        expect(result.rows).toEqual([{ answer: 42 }]);
      } finally {
        await handle.close();
      }
      // Nothing of the interrupted start is kept beside the database.
      expect(fs.readdirSync(dataDir).sort()).toEqual(['pglite']);
      // What was in place after the kill, if anything, was the whole database.
      if (leftBehind > 0) expect(leftBehind).toBeGreaterThan(100);
    },
    120_000,
  );

  it('an unreadable database says what to do', async () => {
    const dataDir = tempDir();
    fs.mkdirSync(path.join(dataDir, 'pglite'));
    fs.writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), 'garbage');
    await expect(openDb({ dataDir })).rejects.toThrow(/could not be opened.*backup.*delete that directory/s);
  }, 60_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { secureDataDir } from './data-dir.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Every entry under `dir` (itself included) with its permission bits. */
function modes(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    out[path.relative(dir, p) || '.'] = st.mode & 0o777;
    if (st.isDirectory()) for (const n of fs.readdirSync(p)) visit(path.join(p, n));
  };
  visit(dir);
  return out;
}

describe('secureDataDir', () => {
  it('makes the data directory and everything under it owner-only (0700 / 0600)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-test-'));
    dirs.push(dir);
    // What PGlite wrote under umask 022 in the report: world-readable catalogues, 0666 files.
    fs.mkdirSync(path.join(dir, 'pglite', 'global'), { recursive: true, mode: 0o777 });
    fs.writeFileSync(path.join(dir, 'pglite', 'global', 'pg_control'), 'x', { mode: 0o666 });
    fs.writeFileSync(path.join(dir, 'token-secret'), 'x', { mode: 0o644 });
    fs.mkdirSync(path.join(dir, 'uploads'), { mode: 0o755 });
    fs.writeFileSync(path.join(dir, 'uploads', 'photo.jpg'), 'x', { mode: 0o604 });
    fs.chmodSync(dir, 0o755);
    fs.chmodSync(path.join(dir, 'pglite'), 0o777);
    fs.chmodSync(path.join(dir, 'pglite', 'global'), 0o775);
    fs.chmodSync(path.join(dir, 'pglite', 'global', 'pg_control'), 0o666);

    expect(secureDataDir(dir)).toBe(7);
    expect(modes(dir)).toEqual({
      '.': 0o700,
      pglite: 0o700,
      'pglite/global': 0o700,
      'pglite/global/pg_control': 0o600,
      'token-secret': 0o600,
      uploads: 0o700,
      'uploads/photo.jpg': 0o600,
    });
    // Checked again at the next start: nothing left to repair.
    expect(secureDataDir(dir)).toBe(0);
  });

  it('creates a missing data directory owner-only', () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-test-'));
    dirs.push(parent);
    const dir = path.join(parent, 'data');
    secureDataDir(dir);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { rgb } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadExcelJs, loadFontkit, loadMammoth, loadPdfLib, loadPiscina, loadYauzl, once } from './lazy-libs.ts';
import { colour } from './pdf-fonts.ts';

const SERVER_SRC = path.resolve(import.meta.dirname, '..');
/** Loaded at their first use (lazy-libs.ts), or only for the database and the Redis the server is given. */
const LAZY = [
  '@cantoo/pdf-lib',
  '@cantoo/fontkit',
  'exceljs',
  'mammoth',
  'sharp',
  'yauzl',
  'piscina',
  'pg',
  '@electric-sql/pglite',
  '@electric-sql/pglite/node-postgres',
  'drizzle-orm/node-postgres',
  'drizzle-orm/node-postgres/migrator',
  'ioredis',
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && e.name !== 'test-fixtures.ts' ? [p] : [];
  });
}

describe('libraries loaded at their first use', () => {
  it('no server module imports them at start (a type-only import is erased)', () => {
    const offenders = sourceFiles(SERVER_SRC).flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return LAZY.filter((lib) => new RegExp(`^import (?!type )[^;]*from '${lib}';`, 'm').test(text)).map(
        (lib) => `${path.relative(SERVER_SRC, file)}: ${lib}`,
      );
    });
    expect(offenders).toEqual([]);
  });

  it('each loader answers the library, the same module every time', async () => {
    expect(typeof (await loadPdfLib()).PDFDocument.create).toBe('function');
    expect(await loadPdfLib()).toBe(await loadPdfLib());
    expect(typeof (await loadFontkit()).create).toBe('function');
    expect(typeof new (await loadExcelJs()).Workbook().addWorksheet).toBe('function');
    expect(typeof (await loadMammoth()).extractRawText).toBe('function');
    expect(typeof (await loadYauzl()).fromBuffer).toBe('function');
    expect(typeof (await loadPiscina()).move).toBe('function');
  });

  it('loads once for callers at the same time, and tries again after a failed load', async () => {
    let calls = 0;
    const load = once(async () => {
      calls++;
      if (calls === 1) throw new Error('not there');
      return calls;
    });
    await expect(load()).rejects.toThrow('not there');
    const [a, b] = await Promise.all([load(), load()]);
    expect([a, b, calls]).toEqual([2, 2, 2]);
    expect(await load()).toBe(2);
  });

  it("colour() is the object pdf-lib's rgb() makes", () => {
    expect(colour(0.118, 0.165, 0.29)).toEqual(rgb(0.118, 0.165, 0.29));
  });
});

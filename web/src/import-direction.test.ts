import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script without types (run by `npm run lint` and `npm test`).
import { check, importsOf, violation } from '../../scripts/check-imports.mjs';

const srcRoot = path.resolve(import.meta.dirname);

describe('import direction (scripts/check-imports.mjs)', () => {
  it('finds no import running the wrong way in web/src', () => {
    expect(check(srcRoot)).toEqual([]);
  });

  it('names each forbidden direction and allows the others', () => {
    expect(violation('features/admin/x.tsx', 'features/admissions/api/a.ts')).toBe('feature "admin" imports feature "admissions"');
    expect(violation('features/auth/login-page.tsx', 'app/light-form.tsx')).toBe('feature "auth" imports app/');
    expect(violation('lib/auth.tsx', 'features/auth/x.ts')).toBe('lib/ imports features/');
    expect(violation('api/courses.ts', 'app/router.tsx')).toBe('api/ imports app/');
    expect(violation('components/table.tsx', 'features/students/x.tsx')).toBe('components/ imports features/');
    expect(violation('app/router.tsx', 'features/public/home-page.tsx')).toBeNull();
    expect(violation('features/students/components/t.tsx', 'features/students/api/s.ts')).toBeNull();
    expect(violation('features/students/t.tsx', 'api/courses.ts')).toBeNull();
  });

  it('reads static, re-exported and lazy imports, not package imports', () => {
    const source = "import a from './a.ts';\nexport { b } from '../b.ts';\nconst C = lazy(() => import('./c.tsx'));\nimport 'react';\n";
    expect(importsOf(source)).toEqual(['./a.ts', '../b.ts', './c.tsx']);
  });

  it('fails on a tree where a feature imports another feature or a shared layer imports a feature', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'imports-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write('features/admin/recent.tsx', "import { x } from '../admissions/api/requests.ts';\n");
    write('features/admissions/api/requests.ts', 'export const x = 1;\n');
    write('components/table.tsx', "import { x } from '../features/admissions/api/requests.ts';\n");
    write('app/router.tsx', "import { x } from '../features/admissions/api/requests.ts';\n");
    expect(check(root).sort()).toEqual([
      "components/table.tsx: '../features/admissions/api/requests.ts' (components/ imports features/)",
      'features/admin/recent.tsx: \'../admissions/api/requests.ts\' (feature "admin" imports feature "admissions")',
    ]);
    fs.rmSync(root, { recursive: true });
  });
});

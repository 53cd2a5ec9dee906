import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runUntilExit } from './processes.ts';

// What refuses to start in production (docs/operations.md): the real entry point, not just loadConfig.

describe('a production start without what production needs', () => {
  it('stops with exit code 1 and names every missing setting, before touching any data', async () => {
    const dataDir = path.join(os.tmpdir(), `lawcoach-ops-never-${process.pid}-${Date.now()}`);
    const { code, output } = await runUntilExit({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://institute.test',
      SMTP_URL: 'smtp://user:smtp-secret-value@mail.test:587',
    });
    expect(code, output).toBe(1);
    expect(output).toContain('Refusing to start with NODE_ENV=production');
    for (const name of ['DATABASE_URL', 'JWT_SECRET', 'PAYMENT_GATEWAY', 'PUBLIC_URL']) expect(output).toMatch(new RegExp(`\\b${name}\\b`));
    expect(output).not.toContain('smtp-secret-value');
    expect(fs.existsSync(dataDir)).toBe(false);
  }, 60_000);
});

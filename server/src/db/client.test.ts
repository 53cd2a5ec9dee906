import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loaderOptions, openDb, readerLoaderOptions } from './client.ts';

describe('batch loaders per database (lib/batch-loader.ts)', () => {
  it('gather on the embedded database, whose queries hold the turn that sends them', async () => {
    const handle = await openDb({ dataDir: null });
    try {
      expect(loaderOptions(handle.db).gatherMs).toBeGreaterThan(0);
      expect(readerLoaderOptions(handle.db).gatherMs).toBe(loaderOptions(handle.db).gatherMs);
    } finally {
      await handle.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "go at the next turn on PostgreSQL, whose queries leave the loop free, but for a crowd of readers' loaders",
    async () => {
      const handle = await openDb({ url: process.env.TEST_DATABASE_URL });
      const embedded = await openDb({ dataDir: null });
      try {
        expect(loaderOptions(handle.db).gatherMs ?? 0).toBe(0);
        // Sign-in checks and analysis reads arrive one or two a turn on new connections: they gather, for less
        // long than on the embedded database, whose loaders gather for the same reason and for its own.
        const gather = readerLoaderOptions(handle.db).gatherMs ?? 0;
        expect(gather).toBeGreaterThan(0);
        expect(gather).toBeLessThan(readerLoaderOptions(embedded.db).gatherMs ?? 0);
      } finally {
        await Promise.all([handle.close(), embedded.close()]);
      }
    },
  );
});

describe('the embedded database', () => {
  it('starts with a 64 MB buffer cache and the WAL buffers it had, in memory and in a data directory', async () => {
    const settings = "select current_setting('shared_buffers') as buffers, current_setting('wal_buffers') as wal";
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lawcoach-client-'));
    try {
      for (const opts of [{ dataDir: null }, { dataDir }, { dataDir }]) {
        // The second start in dataDir opens the database the first one created.
        const handle = await openDb(opts);
        try {
          const { rows } = await handle.db.execute<{ buffers: string; wal: string }>(sql.raw(settings));
          expect(rows[0]).toEqual({ buffers: '64MB', wal: '4MB' });
        } finally {
          await handle.close();
        }
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { loaderOptions, openDb } from './client.ts';

describe('batch loaders per database (lib/batch-loader.ts)', () => {
  it('gather on the embedded database, whose queries hold the turn that sends them', async () => {
    const handle = await openDb({ dataDir: null });
    try {
      expect(loaderOptions(handle.db).gatherMs).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('go at the next turn on PostgreSQL, whose queries leave the loop free', async () => {
    const handle = await openDb({ url: process.env.TEST_DATABASE_URL });
    try {
      expect(loaderOptions(handle.db).gatherMs ?? 0).toBe(0);
    } finally {
      await handle.close();
    }
  });
});

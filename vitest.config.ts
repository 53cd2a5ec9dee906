import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test files at a time: vitest's default is the cores minus one, which is one file at a time on
    // the two-core CI machine and made the two vitest phases most of CI's time. Every test file makes its
    // own database (an in-memory or own-folder PGlite, or a uniquely named PostgreSQL database), listens on port 0 and
    // prefixes its Redis keys, so two files never share state.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'common/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
});

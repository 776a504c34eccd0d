import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** One runner for everything: contracts and web units, API unit + integration, browser journeys. */
export default defineConfig({
  test: {
    // vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, which leaves a core idle
    // while a file waits on PostgreSQL, a child server or a browser. One per core, and at least two (docs/performance.md, CI).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { LOG_LEVEL: 'silent' },
          // On PostgreSQL, a query sent on a connection still running another fails the test (decision 068).
          setupFiles: ['apps/api/src/test/pg-concurrency-guard.ts'],
          // One folder per run for the migrated and seeded embedded databases each test file starts from.
          globalSetup: ['apps/api/src/test/template-setup.ts'],
        },
      },
      {
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
        esbuild: { jsx: 'automatic' },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          globalSetup: ['e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});

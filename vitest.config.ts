import { defineConfig } from 'vitest/config';

/** One runner for everything: contracts and web units, API unit + integration, browser journeys. */
export default defineConfig({
  test: {
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
        },
      },
      {
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'], environment: 'jsdom' },
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

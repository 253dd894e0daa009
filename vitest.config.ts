import { defineConfig } from 'vitest/config';
import { BalancedSequencer } from './apps/web/e2e/support/balanced-sequencer.ts';

export default defineConfig({
  test: {
    // `--shard` (the browser tests' two halves in .ci/run) splits by expected duration.
    sequence: { sequencer: BalancedSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['eslint-rules/**/*.test.ts', 'packages/shared/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file opens its own database; two at a time suits the 2-core machines.
          maxWorkers: 2,
          // A worker's files share the imported modules (the server is imported once, not per file):
          // keep test state in the file's own app and database, never at module level, and put back
          // any environment variable a test sets (docs/decisions.md, "API suite in CI").
          isolate: false,
        },
      },
      {
        test: {
          // npm run test:cluster: three server processes behind HAProxy with a PostgreSQL and a Redis of
          // their own, broken on purpose under load (apps/server/test/cluster); not part of test:api.
          name: 'cluster',
          include: ['apps/server/test/cluster/**/*.cluster.ts'],
          testTimeout: 600_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // The accessibility walks run side by side (describe.concurrent), each a browser's worth of
          // work: two at a time, so the other half of the run beside them is not starved of CPU.
          maxConcurrency: 2,
          // A page under CI load can take seconds to re-render after an action: polls wait like locators do.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          globalSetup: ['apps/web/e2e/global-setup.ts'],
        },
      },
    ],
  },
});

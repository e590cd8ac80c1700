import { defineConfig } from 'vitest/config';

/**
 * The resilience suite (`npm run test:resilience`, docs/reliability.md): the built server as a
 * child process against a PostgreSQL cluster each file starts for itself, killed, cut off and
 * restarted. Files run one after the other: each loads the 2-core machine on its own.
 */
export default defineConfig({
  test: {
    name: 'resilience',
    include: ['tests/resilience/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});

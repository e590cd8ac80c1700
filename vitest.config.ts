import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;

const shared = {
  setupFiles: ['tests/setup-console.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * Unit and API tests run on PGlite. When TEST_DATABASE_URL is set (CI), the API tests
 * (`*.api.test.ts`) run a second time on that real PostgreSQL.
 */
export default defineConfig({
  test: {
    // A test file waits on its database, its HTTP round trips and the servers it spawns as often
    // as it computes: one file per core. (Vitest's default, one less than the cores, ran the
    // files one at a time on a 2-core machine.)
    maxWorkers: availableParallelism(),
    // The files of a worker share one module graph: no test mocks a module, stubs a global or
    // fakes timers, and each builds its own app and database. Re-importing the server for every
    // file (Vitest's default isolation) cost a third of the run's CPU on a 2-core machine.
    isolate: false,
    projects: [
      {
        test: {
          ...shared,
          name: 'pglite',
          globalSetup: ['tests/pglite-image.ts'],
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                ...shared,
                name: 'postgres',
                include: ['src/**/*.api.test.ts'],
                env: { PODIUM_TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});

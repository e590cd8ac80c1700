import { availableParallelism, tmpdir } from 'node:os';
import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;

const shared = {
  setupFiles: ['tests/setup-console.ts', 'tests/stall-watchdog-marker.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // A worker the stall watchdog (tests/stall-watchdog.ts) sends SIGUSR2 writes a diagnostic report.
  execArgv: ['--report-on-signal', `--report-directory=${tmpdir()}`],
};

/**
 * Unit and API tests run on PGlite. When TEST_DATABASE_URL is set (CI), the API tests
 * (`*.api.test.ts`) run a second time on that real PostgreSQL.
 */
export default defineConfig({
  test: {
    // A test file that never ends fails within minutes instead of holding the run for ever.
    reporters: ['default', './tests/stall-watchdog.ts'],
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
          provide: { project: 'pglite' },
          globalSetup: ['tests/pglite-image.ts'],
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'scripts/**/*.test.ts',
            'tests/*.test.ts',
          ],
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                ...shared,
                name: 'postgres',
                provide: { project: 'postgres' },
                include: ['src/**/*.api.test.ts'],
                env: { PODIUM_TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});

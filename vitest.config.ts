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
    projects: [
      {
        test: {
          ...shared,
          name: 'pglite',
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

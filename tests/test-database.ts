import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';

/** TEST_DATABASE_URL when the Vitest project runs the tests on PostgreSQL, else undefined. */
export const testPostgresUrl = (): string | undefined =>
  process.env.PODIUM_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

/**
 * A fresh, migrated database (to the last migration, or to those of `migrationsFolder`) for one
 * test file: in-memory PGlite, or, when the Vitest project sets PODIUM_TEST_DB=postgres, a new
 * database on TEST_DATABASE_URL that is dropped afterwards.
 */
export async function createTestDatabase(
  options: { migrationsFolder?: string } = {},
): Promise<DatabaseHandle> {
  const adminUrl = testPostgresUrl();
  if (!adminUrl) {
    // Under Vitest, the run's migrated image (tests/pglite-image.ts) spares initdb; a test of a
    // migration's data, which stops at an earlier one, and a script (lint-openapi.ts) start
    // empty. Migrating the image again finds nothing to do.
    const imageFile =
      options.migrationsFolder || !process.env.VITEST ? undefined : inject('pgliteImage');
    const handle = await openDatabase({
      dataDir: null,
      pgliteImage: imageFile ? new Blob([readFileSync(imageFile)]) : undefined,
    });
    await migrateDatabase(handle, options.migrationsFolder);
    return handle;
  }
  const name = `podium_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.href, dataDir: null });
  await migrateDatabase(handle, options.migrationsFolder);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { projectRoot } from '../project-root';
import type { DatabaseHandle } from './client';

const migrationsFolder = path.join(projectRoot, 'drizzle');

// Any constant will do; it only has to be the same for every instance of the app.
const MIGRATION_LOCK = 7_411_902;

/**
 * Applies the committed SQL migrations (or those of `folder`: a test of a migration's data
 * stops before it). Safe when several instances start at once.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  folder = migrationsFolder,
): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  const db = handle.db as unknown as NodePgDatabase;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await migratePg(tx as unknown as NodePgDatabase, { migrationsFolder: folder });
  });
}

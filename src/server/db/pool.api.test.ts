import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { testPostgresUrl } from '../../../tests/test-database';
import { openDatabase } from './client';

/** The pool is PostgreSQL's alone: PGlite has one connection, always open. */
const databaseUrl = testPostgresUrl();

describe.skipIf(!databaseUrl)('the PostgreSQL pool', () => {
  test('closes a connection left idle for poolIdleMs, and keeps it when that is 0', async () => {
    const closing = await openDatabase({ databaseUrl, dataDir: null, poolIdleMs: 300 });
    const keeping = await openDatabase({ databaseUrl, dataDir: null, poolIdleMs: 0 });
    try {
      await Promise.all([closing.ping(), keeping.ping()]);
      expect(closing.poolStats().total).toBe(1);
      expect(keeping.poolStats().total).toBe(1);
      await sleep(1_000);
      expect(closing.poolStats().total).toBe(0);
      // Past pg-pool's own default of 10 s, which a 0 read as "unset" would fall back to.
      await sleep(9_700);
      expect(keeping.poolStats()).toMatchObject({ total: 1, idle: 1 });
    } finally {
      await Promise.all([closing.close(), keeping.close()]);
    }
  });
});

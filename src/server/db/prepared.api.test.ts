import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/test-database';
import type { DatabaseHandle } from './client';
import { prepared } from './prepared';
import { languages } from './schema';

/** A query prepared once and run on whichever connection it is given. */
const labelOf = prepared('test_language_label', (db) =>
  db
    .select({ label: languages.label })
    .from(languages)
    .where(eq(languages.code, sql.placeholder('code'))),
);

let first: DatabaseHandle;
let second: DatabaseHandle;
beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
});

describe('prepared queries', () => {
  it('run on the database they are given, with the values they are given', async () => {
    await first.db.insert(languages).values({ code: 'pl', label: 'Polski' });
    await second.db.insert(languages).values({ code: 'pl', label: 'polski (drugi)' });
    expect(await labelOf(first.db, { code: 'pl' })).toEqual([{ label: 'Polski' }]);
    expect(await labelOf(second.db, { code: 'pl' })).toEqual([{ label: 'polski (drugi)' }]);
    expect(await labelOf(first.db, { code: 'th' })).toEqual([]);
  });

  it("run inside a transaction on the transaction's own connection: they see its uncommitted rows", async () => {
    const rolledBack = new Error('rolled back on purpose');
    await expect(
      first.db.transaction(async (tx) => {
        await tx.insert(languages).values({ code: 'vi', label: 'Tiếng Việt' });
        // On the pool it would not see the row (PostgreSQL), or wait for the transaction (PGlite).
        expect(await labelOf(tx, { code: 'vi' })).toEqual([{ label: 'Tiếng Việt' }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await labelOf(first.db, { code: 'vi' })).toEqual([]);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/test-database';
import type { DatabaseHandle } from './client';
import { prepared, sqlPlannedEachRun } from './prepared';
import { languages } from './schema';

/** A query prepared once and run on whichever connection it is given. */
const labelOf = prepared('test_language_label', (db) =>
  db
    .select({ label: languages.label })
    .from(languages)
    .where(eq(languages.code, sql.placeholder('code'))),
);

/** The same lookup, planned for its values on every run. */
const labelPlannedEachRun = sqlPlannedEachRun<{ label: string }>(
  'select label from languages where code = $1',
);

/** What the connection keeps of the statements it prepared, by their text. */
async function keptPlans(db: DatabaseHandle['db'], like: string) {
  const result = (await db.execute(sql`
    select generic_plans, custom_plans from pg_prepared_statements where statement like ${like}
  `)) as unknown as { rows: { generic_plans: string; custom_plans: string }[] };
  return result.rows.map((row) => ({
    generic: Number(row.generic_plans),
    custom: Number(row.custom_plans),
  }));
}

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

  it('keep one generic plan from their sixth run on a connection; a statement planned each run keeps none', async (context) => {
    if (first.kind !== 'postgres') return context.skip();
    // One transaction: one connection, whose prepared statements PostgreSQL lists.
    const [prepared, plannedEachRun] = await first.db.transaction(async (tx) => {
      for (let run = 0; run < 8; run += 1) {
        expect(await labelOf(tx, { code: 'pl' })).toEqual([{ label: 'Polski' }]);
        expect(await labelPlannedEachRun(tx, ['pl'])).toEqual([{ label: 'Polski' }]);
      }
      return [
        await keptPlans(tx, '%from "languages"%'),
        await keptPlans(tx, 'select label from languages%'),
      ];
    });
    // PostgreSQL plans the first five runs on a connection for their values, then keeps the
    // generic plan (earlier tests may have run it on this connection too). With
    // plan_cache_mode=force_custom_plan on the pool, every run was planned.
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.custom).toBe(5);
    expect(prepared[0]!.generic).toBeGreaterThanOrEqual(3);
    expect(plannedEachRun).toEqual([]);
  });
});

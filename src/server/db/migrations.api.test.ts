import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/test-database';
import { projectRoot } from '../project-root';
import type { DatabaseHandle } from './client';
import { migrateDatabase } from './migrate';

/**
 * Migrations that move data are tested on data: the database is migrated to just before one,
 * rows are written as the older code wrote them, then the migration runs.
 */

/** A copy of the migrations folder that stops before the migration tagged `tag`. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'podium-migrations-'));
  cpSync(path.join(projectRoot, 'drizzle'), folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index === -1) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** Rows of a raw statement (PGlite and node-postgres both answer with { rows }). */
async function rowsOf<Row>(database: DatabaseHandle, query: SQL): Promise<Row[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

describe('0005_answers_in_attempts', () => {
  let folder: string;
  let database: DatabaseHandle;
  const ids = { withAnswers: '', without: '' };

  beforeAll(async () => {
    folder = migrationsBefore('0005_answers_in_attempts');
    database = await createTestDatabase({ migrationsFolder: folder });
    const { db } = database;
    await db.execute(sql`
      insert into teams (id, code, name, flag, region, time_zone)
      values (1, 'es', 'Spain', 'es', 'EUROPE', 'Europe/Madrid')`);
    const [player] = await rowsOf<{ id: string }>(
      database,
      sql`insert into players (oidc_issuer, oidc_subject) values ('test', 'ana') returning id`,
    );
    const playerId = player!.id;
    for (const setNum of [1, 2]) {
      const [attempt] = await rowsOf<{ id: string }>(
        database,
        sql`insert into attempts (player_id, season_id, set_num, team_id, started_at, deadline_at,
          question_ids, option_orders)
        values (${playerId}, '2025', ${setNum}, 1, '2025-02-05T10:00:00Z', '2025-02-05T10:05:00Z',
          '[11, 12, 13, 14, 15]', '{}')
        returning id`,
      );
      if (setNum === 1) ids.withAnswers = attempt!.id;
      else ids.without = attempt!.id;
    }
    // Written out of order, as rows of the old table may be stored.
    await db.execute(sql`
      insert into attempt_answers (attempt_id, position, question_id, option, correct, answered_at)
      values
        (${ids.withAnswers}, 2, 12, 'c', false, '2025-02-05T10:00:24.5Z'),
        (${ids.withAnswers}, 1, 11, 'a', true, '2025-02-05T10:00:12Z'),
        (${ids.withAnswers}, 3, 13, 'b', true, '2025-02-05T10:00:36.123Z')`);
    await migrateDatabase(database);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("moves every answer into its attempt, in order, with the server's time in UTC", async () => {
    const rows = await rowsOf<{ id: string; answers: unknown }>(
      database,
      sql`select id, answers from attempts order by set_num`,
    );
    expect(rows).toEqual([
      {
        id: ids.withAnswers,
        answers: [
          {
            position: 1,
            questionId: 11,
            option: 'a',
            correct: true,
            answeredAt: '2025-02-05T10:00:12.000Z',
          },
          {
            position: 2,
            questionId: 12,
            option: 'c',
            correct: false,
            answeredAt: '2025-02-05T10:00:24.500Z',
          },
          {
            position: 3,
            questionId: 13,
            option: 'b',
            correct: true,
            answeredAt: '2025-02-05T10:00:36.123Z',
          },
        ],
      },
      { id: ids.without, answers: [] },
    ]);
  });

  it('drops the old table', async () => {
    const [row] = await rowsOf<{ name: string | null }>(
      database,
      sql`select to_regclass('attempt_answers')::text as name`,
    );
    expect(row!.name).toBeNull();
  });
});

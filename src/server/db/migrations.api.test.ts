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

describe('0006_unique_names', () => {
  let folder: string;
  let database: DatabaseHandle;

  beforeAll(async () => {
    folder = migrationsBefore('0006_unique_names');
    database = await createTestDatabase({ migrationsFolder: folder });
    // What the older code let through: names and codes that differ only in case.
    await database.db.execute(sql`
      insert into teams (id, code, name, flag, region, time_zone) values
        (1, 'es', 'Spain', 'es', 'EUROPE', 'Europe/Madrid'),
        (2, 'ES', 'España', 'es', 'EUROPE', 'Europe/Madrid'),
        (3, 'fr', 'France', 'fr', 'EUROPE', 'Europe/Paris'),
        (4, 'fr2', 'FRANCE', 'fr', 'EUROPE', 'Europe/Paris'),
        (5, 'fr3', 'france', 'fr', 'EUROPE', 'Europe/Paris')`);
    await database.db.execute(sql`
      insert into sales_teams (id, team_id, name) values
        (1, 1, 'Nutrición Infantil'),
        (2, 1, 'NUTRICIÓN INFANTIL'),
        (3, 3, 'Nutrición Infantil'),
        (4, 1, 'Médica')`);
    await migrateDatabase(database);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('keeps the oldest name and code and appends the id to the later ones, without failing', async () => {
    expect(await rowsOf(database, sql`select id, code, name from teams order by id`)).toEqual([
      { id: 1, code: 'es', name: 'Spain' },
      { id: 2, code: 'es-2', name: 'España' },
      { id: 3, code: 'fr', name: 'France' },
      { id: 4, code: 'fr2', name: 'FRANCE (4)' },
      { id: 5, code: 'fr3', name: 'france (5)' },
    ]);
    expect(
      await rowsOf(database, sql`select id, team_id, name from sales_teams order by id`),
    ).toEqual([
      { id: 1, team_id: 1, name: 'Nutrición Infantil' },
      { id: 2, team_id: 1, name: 'NUTRICIÓN INFANTIL (2)' },
      // Another team may use the same name.
      { id: 3, team_id: 3, name: 'Nutrición Infantil' },
      { id: 4, team_id: 1, name: 'Médica' },
    ]);
  });

  it('writes each rename to the audit log', async () => {
    const entries = await rowsOf<{
      entity_type: string;
      entity_id: string;
      before: unknown;
      after: unknown;
    }>(database, sql`select entity_type, entity_id, before, after from audit_log order by id`);
    expect(entries).toEqual([
      { entity_type: 'team', entity_id: '2', before: { code: 'ES' }, after: { code: 'es-2' } },
      {
        entity_type: 'team',
        entity_id: '4',
        before: { name: 'FRANCE' },
        after: { name: 'FRANCE (4)' },
      },
      {
        entity_type: 'team',
        entity_id: '5',
        before: { name: 'france' },
        after: { name: 'france (5)' },
      },
      {
        entity_type: 'sales-team',
        entity_id: '2',
        before: { teamId: 1, name: 'NUTRICIÓN INFANTIL' },
        after: { teamId: 1, name: 'NUTRICIÓN INFANTIL (2)' },
      },
    ]);
  });

  it('refuses from then on a team name, a code or a sales team name that differs only in case', async () => {
    const refusal = (query: SQL) =>
      database.db.execute(query).then(
        () => 'accepted',
        (error: unknown) => {
          let cause: unknown = error;
          while (cause instanceof Error && !(cause as { constraint?: string }).constraint)
            cause = cause.cause;
          return (cause as { constraint?: string }).constraint;
        },
      );
    expect(
      await refusal(sql`insert into teams (id, code, name, flag, region, time_zone)
        values (10, 'pt', 'SPAIN', 'pt', 'EUROPE', 'Europe/Lisbon')`),
    ).toBe('teams_name_lower');
    expect(
      await refusal(sql`insert into teams (id, code, name, flag, region, time_zone)
        values (11, 'FR', 'Francia', 'fr', 'EUROPE', 'Europe/Paris')`),
    ).toBe('teams_code_lower');
    expect(
      await refusal(sql`insert into sales_teams (id, team_id, name) values (10, 1, 'médica')`),
    ).toBe('sales_teams_name_lower');
    expect(
      await refusal(sql`insert into sales_teams (id, team_id, name) values (11, 3, 'médica')`),
    ).toBe('accepted');
  });
});

describe('0014_season_teams', () => {
  let folder: string;
  let database: DatabaseHandle;
  const ids = { ana: '', luis: '', kasia: '' };

  beforeAll(async () => {
    folder = migrationsBefore('0014_season_teams');
    database = await createTestDatabase({ migrationsFolder: folder });
    const { db } = database;
    await db.execute(sql`
      insert into teams (id, code, name, flag, region, time_zone) values
        (1, 'es', 'Spain', 'es', 'EUROPE', 'Europe/Madrid'),
        (2, 'mx', 'Mexico', 'mx', 'LATAM', 'America/Mexico_City')`);
    await db.execute(sql`
      insert into sales_teams (id, team_id, name) values
        (1, 1, 'Nutrición Infantil'), (2, 2, 'Nutrición Médica')`);
    await db.execute(sql`
      insert into seasons (id, name, product_name, time_zone, registration_closes_at, current,
        status, archived_at)
      values
        ('2024', 'Podium 2024', 'Podium', 'Europe/Madrid', '2024-02-01T00:00:00Z', false,
          'archived', '2024-03-20T12:00:00Z'),
        ('2025', 'Podium 2025', 'Podium', 'Europe/Madrid', '2025-02-01T00:00:00Z', true,
          'current', null),
        ('2026', 'Podium 2026', 'Podium', 'Europe/Madrid', '2026-02-01T00:00:00Z', false,
          'draft', null)`);
    for (const [name, team, salesTeam, registered] of [
      ['ana', 1, 1, '2025-01-20T10:00:00Z'],
      // Luis played 2024 for Spain, then moved to Mexico; not registered for 2025.
      ['luis', 2, 2, null],
      ['kasia', null, null, null],
    ] as const) {
      const [row] = await rowsOf<{ id: string }>(
        database,
        sql`insert into players (oidc_issuer, oidc_subject, team_id, sales_team_id, registered_at)
          values ('test', ${name}, ${team}, ${salesTeam}, ${registered}) returning id`,
      );
      ids[name] = row!.id;
    }
    await db.execute(sql`
      insert into active_weeks (player_id, season_id, registered_at) values
        (${ids.ana}, '2025', '2025-01-20T10:00:00Z'),
        (${ids.ana}, '2024', '2024-01-15T10:00:00Z'),
        (${ids.luis}, '2024', '2024-01-16T10:00:00Z'),
        (${ids.kasia}, '2024', null)`);
    await db.execute(sql`
      insert into player_totals (player_id, season_id, team_id, total, total_time_ms,
        last_submission_at)
      values (${ids.luis}, '2024', 1, 300, 60000, '2024-02-10T10:00:00Z')`);
    await migrateDatabase(database);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('gives each marker its season’s team and, when it belongs to it, the sales team', async () => {
    const rows = await rowsOf<{
      player_id: string;
      season_id: string;
      team_id: number | null;
      sales_team_id: number | null;
    }>(
      database,
      sql`select player_id, season_id, team_id, sales_team_id from active_weeks
        order by season_id, player_id`,
    );
    const byPlayer = (id: string, season: string) =>
      rows.find((row) => row.player_id === id && row.season_id === season);
    // The current season: the player's own choice.
    expect(byPlayer(ids.ana, '2025')).toMatchObject({ team_id: 1, sales_team_id: 1 });
    // An archived season: the team the total counted for; Luis's sales team now is Mexico's.
    expect(byPlayer(ids.luis, '2024')).toMatchObject({ team_id: 1, sales_team_id: null });
    expect(byPlayer(ids.ana, '2024')).toMatchObject({ team_id: 1, sales_team_id: 1 });
    // Never in a team: nothing to keep.
    expect(byPlayer(ids.kasia, '2024')).toMatchObject({ team_id: null, sales_team_id: null });
  });
});

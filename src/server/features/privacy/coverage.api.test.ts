import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyData } from '#shared/contracts/privacy';
import { ok } from '../../../../tests/organise-helpers';
import {
  createPlayApp,
  playWeek,
  registeredPlayer,
  type Player,
  type PlayApp,
} from '../../../../tests/play-helpers';
import type { Database } from '../../db/client';
import { questions, reminders, timeRequests } from '../../db/schema';
import { writeAudit } from '../organise/audit/service';
import { findPlayerById } from '../players/repository';
import { ERASED_NOT_EXPORTED, NO_PERSONAL_DATA, PERSONAL_DATA_TABLES } from './coverage';
import { erasePlayer } from './erase';

/**
 * Every table of the database is either in the export and the erasure, or declared free of
 * personal data (coverage.ts); then the declaration is checked against the rows themselves.
 */

const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

let t: PlayApp;
let morgan: Player;
const IDENTITY = ['morgan.lee@example.com', 'Morgan Lee', 'demo-organiser'];

/** Each table's rows as JSON text, for a search of the person's identity. */
async function tableTexts(tables: string[]) {
  return Object.fromEntries(
    await Promise.all(
      tables.map(async (table) => {
        const rows = await rowsOf<{ row: unknown }>(
          t.database.db,
          sql`select row_to_json(x)::text as row from ${sql.identifier(table)} x`,
        );
        return [table, rows.map((row) => String(row.row)).join('\n')] as const;
      }),
    ),
  );
}

let tables: string[];
/** Tables with a column that references players. */
let referencing: string[];

beforeAll(async () => {
  t = await createPlayApp();
  tables = (
    await rowsOf<{ table_name: string }>(
      t.database.db,
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((row) => row.table_name);
  referencing = (
    await rowsOf<{ table_name: string }>(
      t.database.db,
      sql`select distinct child.relname as table_name
          from pg_constraint c
          join pg_class child on child.oid = c.conrelid
          join pg_class parent on parent.oid = c.confrelid
          where c.contype = 'f' and parent.relname = 'players'`,
    )
  ).map((row) => row.table_name);

  // Morgan, an organiser, touches every table that can hold a player's data.
  morgan = await registeredPlayer(t, 'demo-organiser', {
    activeWeeks: [true, false, true, true, true, true],
  });
  await playWeek(t, morgan, { challenger: 'right' });
  const actor = (await findPlayerById(t.database.db, morgan.playerId))!;
  const entry = { entityType: 'player', entityId: morgan.playerId } as const;
  await writeAudit(
    t.database.db,
    actor,
    { ...entry, action: 'player.week-inactive', before: {}, after: {}, reason: 'Leave' },
    t.clock.now(),
  );
  await t.database.db
    .update(questions)
    .set({ approvedBy: morgan.playerId })
    .where(sql`${questions.id} = (select min(id) from questions)`);
  await t.database.db.insert(timeRequests).values({
    playerId: morgan.playerId,
    status: 'open',
    note: 'Morgan Lee reads with a screen reader',
    requestedAt: t.clock.now(),
  });
  await t.database.db.insert(reminders).values({
    playerId: morgan.playerId,
    seasonId: '2025',
    setNum: 2,
    kind: 'opening',
    teamId: actor.teamId!,
    timeZone: 'Europe/Madrid',
    dueAt: t.clock.now(),
    status: 'sent',
    recipient: 'morgan.lee@example.com',
    subject: 'Week 2 is open',
    body: 'Hello Morgan Lee',
  });
});
afterAll(() => t.close());

describe('every table that can hold a player’s data', () => {
  it('is declared: in the export and the erasure, erased only, or free of personal data', () => {
    const declared = [
      ...Object.keys(PERSONAL_DATA_TABLES),
      ...Object.keys(ERASED_NOT_EXPORTED),
      ...Object.keys(NO_PERSONAL_DATA),
    ];
    expect(tables.filter((table) => !declared.includes(table))).toEqual([]);
    expect(declared.filter((table) => !tables.includes(table))).toEqual([]);
  });

  it('is not declared free of personal data when it references players', () => {
    expect(referencing.length).toBeGreaterThan(5);
    expect(referencing.filter((table) => table in NO_PERSONAL_DATA)).toEqual([]);
  });

  it('holds the person before (so that this test proves something), then is in the export', async () => {
    const texts = await tableTexts(tables);
    for (const table of [
      ...Object.keys(PERSONAL_DATA_TABLES),
      ...Object.keys(ERASED_NOT_EXPORTED),
    ]) {
      expect(
        [morgan.playerId, ...IDENTITY].some((value) => texts[table]!.includes(value)),
        `${table} holds nothing of Morgan's: the seed must reach it`,
      ).toBe(true);
    }
    for (const table of Object.keys(NO_PERSONAL_DATA)) {
      for (const value of [morgan.playerId, ...IDENTITY]) {
        expect(texts[table], `${table} is declared free of personal data`).not.toContain(value);
      }
    }
    const data = ok<MyData>(
      await t.app.inject({ url: '/api/me/export', headers: { cookie: morgan.cookie } }),
    );
    for (const [table, { export: section }] of Object.entries(PERSONAL_DATA_TABLES)) {
      const value = data[section];
      expect(
        Array.isArray(value) ? value.length : Object.keys(value).length,
        `the export's ${section} (${table}) is empty`,
      ).toBeGreaterThan(0);
    }
  });

  it('exports every column of the per-season marker (active_weeks)', async () => {
    const columns = (
      await rowsOf<{ column_name: string }>(
        t.database.db,
        sql`select column_name from information_schema.columns
            where table_schema = 'public' and table_name = 'active_weeks' order by column_name`,
      )
    ).map((row) => row.column_name);
    // Each column and the calendar entry's key that holds it (player_id: whose export it is).
    const exported: Record<string, string> = {
      player_id: '',
      season_id: 'seasonId',
      ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`week_${n}`, 'activeWeeks'])),
      registered_at: 'registeredAt',
      team_id: 'team',
      sales_team_id: 'salesTeam',
      updated_at: 'updatedAt',
    };
    expect(columns).toEqual(Object.keys(exported).sort());
    const data = ok<MyData>(
      await t.app.inject({ url: '/api/me/export', headers: { cookie: morgan.cookie } }),
    );
    for (const key of Object.values(exported).filter(Boolean)) {
      expect(data.calendar[0]).toHaveProperty(key);
    }
    expect(data.calendar[0]!.team).not.toBeNull();
  });

  it('holds nothing that names the person after the erasure', async () => {
    await erasePlayer(
      t.database.db,
      morgan.playerId,
      { kind: 'retention', months: 1 },
      t.clock.now(),
    );
    const texts = await tableTexts(tables);
    for (const table of tables) {
      for (const value of IDENTITY) {
        expect(texts[table], `${table} still holds ${value}`).not.toContain(value);
      }
    }
    expect(texts.audit_log).not.toContain('Leave');
    for (const [table, { erasure }] of Object.entries(PERSONAL_DATA_TABLES)) {
      if (erasure === 'deleted') expect(texts[table], table).not.toContain(morgan.playerId);
    }
  });
});

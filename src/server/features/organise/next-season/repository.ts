import { and, asc, count, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { notifyAllSessionsChanged } from '../../../auth/session-channel';
import type { Database } from '../../../db/client';
import {
  activeWeeks,
  attempts,
  events,
  players,
  playerTotals,
  questions,
  seasons,
  weeks,
  type FrozenResults,
} from '../../../db/schema';
import { notifyContentChanged } from '../../season/content-cache';
import type { CurrentSeason } from '../../season/repository';
import { sideBySide } from '../../../db/side-by-side';

export type SeasonRow = typeof seasons.$inferSelect;

/** A season's row; with `lock`, locked for the rest of the transaction (one launch at a time). */
export async function findSeason(
  db: Database,
  id: string,
  lock = false,
): Promise<SeasonRow | undefined> {
  const query = db.select().from(seasons).where(eq(seasons.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findSeasonByStatus(
  db: Database,
  status: SeasonRow['status'],
  lock = false,
): Promise<SeasonRow | undefined> {
  const query = db.select().from(seasons).where(eq(seasons.status, status));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function listSeasons(db: Database): Promise<SeasonRow[]> {
  return db
    .select()
    .from(seasons)
    .orderBy(
      sql`case ${seasons.status} when 'draft' then 0 when 'current' then 1 else 2 end`,
      desc(seasons.archivedAt),
      asc(seasons.id),
    );
}

/** The draft's rows, written as one (the caller's transaction). */
export async function insertDraft(db: Database, draft: CurrentSeason): Promise<void> {
  await db.insert(seasons).values(draft.season);
  await db.insert(events).values(draft.events);
  await db.insert(weeks).values(draft.weeks);
}

export async function deleteSeason(db: Database, id: string): Promise<void> {
  // Questions, weeks and events go with it (their foreign keys cascade).
  await db.delete(seasons).where(eq(seasons.id, id));
}

/** Every question of a season, in week and slot order. */
export async function seasonQuestions(db: Database, seasonId: string) {
  return db
    .select()
    .from(questions)
    .where(eq(questions.seasonId, seasonId))
    .orderBy(asc(questions.setNum), asc(questions.kind), asc(questions.position));
}

/**
 * Replaces a week's questions with a copy of another season's week (the question bank): same
 * texts, category, answer, source, approval and translations' review. A question whose key was
 * corrected after its week was played (an option accepted afterwards, or voided: ADR 0041) was
 * flawed: it comes with its original key as a draft, to be mended and approved again.
 */
export async function copyWeekQuestions(
  db: Database,
  from: { seasonId: string; setNum: number },
  to: { seasonId: string; setNum: number },
  now: Date,
): Promise<number> {
  await db
    .delete(questions)
    .where(and(eq(questions.seasonId, to.seasonId), eq(questions.setNum, to.setNum)));
  const corrected = sql`(voided_at is not null or accepted_options <> '[]'::jsonb)`;
  const copied = await db.execute(sql`
    insert into questions (season_id, set_num, kind, position, category, correct_option, source,
      translations, translation_status, review_status, approved_by, approved_at, updated_at)
    select ${to.seasonId}, ${to.setNum}, kind, position, category, correct_option, source,
      translations, translation_status,
      case when ${corrected} then 'draft' else review_status end,
      case when ${corrected} then null else approved_by end,
      case when ${corrected} then null else approved_at end,
      ${now.toISOString()}::timestamptz
    from questions where season_id = ${from.seasonId} and set_num = ${from.setNum}
    returning id`);
  await notifyContentChanged(db);
  // PGlite and node-postgres both answer raw queries with { rows }.
  return (copied as unknown as { rows: unknown[] }).rows.length;
}

/** The question bank: weeks of the current and archived seasons that hold six questions. */
export async function listBank(db: Database) {
  return db
    .select({ seasonId: questions.seasonId, seasonName: seasons.name, setNum: questions.setNum })
    .from(questions)
    .innerJoin(seasons, eq(seasons.id, questions.seasonId))
    .where(ne(seasons.status, 'draft'))
    .groupBy(questions.seasonId, seasons.name, questions.setNum, seasons.archivedAt)
    .having(sql`count(*) = 6`)
    .orderBy(desc(sql`coalesce(${seasons.archivedAt}, 'infinity')`), asc(questions.setNum));
}

/** Whether a bank week exists (a week of a season that is not a draft, with its questions). */
export async function bankWeekSize(db: Database, seasonId: string, setNum: number) {
  const [row] = await db
    .select({ size: count() })
    .from(questions)
    .innerJoin(seasons, eq(seasons.id, questions.seasonId))
    .where(
      and(
        eq(questions.seasonId, seasonId),
        eq(questions.setNum, setNum),
        ne(seasons.status, 'draft'),
      ),
    );
  return row?.size ?? 0;
}

/**
 * The per-season registration marker (ADR 0039) of everyone registered for `seasonId` (the
 * season being archived), from players.registered_at, before that copy is cleared; with the
 * team and sales team they end the season with.
 */
export async function keepRegistrations(db: Database, seasonId: string): Promise<void> {
  await db.execute(sql`
    insert into active_weeks (player_id, season_id, registered_at, team_id, sales_team_id,
      updated_at)
    select id, ${seasonId}, registered_at, team_id, sales_team_id, registered_at from players
    where registered_at is not null
    on conflict (player_id, season_id) do update
      set registered_at = coalesce(active_weeks.registered_at, excluded.registered_at),
        team_id = excluded.team_id, sales_team_id = excluded.sales_team_id`);
}

/**
 * A new season begins unregistered: everyone registers again (language, team and sales team
 * stay on the player's row, to pre-fill the form).
 */
export async function clearRegistrations(db: Database, now: Date): Promise<void> {
  await db
    .update(players)
    .set({ registeredAt: null, teamSince: null, updatedAt: now })
    .where(isNotNull(players.registeredAt));
  // The sessions memoise the player's row: every instance forgets them all.
  await notifyAllSessionsChanged(db);
}

/** The figures the archive keeps beside the standings. */
export async function seasonStats(db: Database, seasonId: string) {
  const [[registered], [totals], [scored]] = await sideBySide(db, [
    () =>
      db
        .select({ count: count() })
        .from(activeWeeks)
        .where(and(eq(activeWeeks.seasonId, seasonId), isNotNull(activeWeeks.registeredAt))),
    () =>
      db.select({ count: count() }).from(playerTotals).where(eq(playerTotals.seasonId, seasonId)),
    () =>
      db
        .select({
          count: count(),
          average: sql<string | null>`round(avg(${attempts.weekScore}))`,
        })
        .from(attempts)
        .where(and(eq(attempts.seasonId, seasonId), isNotNull(attempts.weekScore))),
  ]);
  return {
    registered: registered!.count,
    players: totals!.count,
    attempts: scored!.count,
    averageWeekScore: scored!.average === null ? null : Number(scored!.average),
  };
}

export async function archiveSeason(
  db: Database,
  seasonId: string,
  frozen: FrozenResults,
  now: Date,
): Promise<void> {
  await db
    .update(seasons)
    .set({
      status: 'archived',
      current: false,
      archivedAt: now,
      frozenResults: frozen,
      updatedAt: now,
    })
    .where(eq(seasons.id, seasonId));
}

export async function makeCurrent(db: Database, seasonId: string, now: Date): Promise<void> {
  await db
    .update(seasons)
    .set({ status: 'current', current: true, updatedAt: now })
    .where(eq(seasons.id, seasonId));
  await notifyContentChanged(db);
}

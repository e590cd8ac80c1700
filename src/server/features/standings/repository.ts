import { and, eq, sql } from 'drizzle-orm';
import { notifiedInStatement, notify, type Database } from '../../db/client';
import { prepared, preparedSql, sqlPlannedEachRun } from '../../db/prepared';
import { memoised } from '../season/content-cache';
import { playerTotals, teams, teamWeekStats } from '../../db/schema';

export const STANDINGS_CHANNEL = 'podium_standings';

/** Tells every instance (this one included) that standings changed; delivered on commit. */
export async function notifyStandingsChanged(db: Database, seasonId: string): Promise<void> {
  await notify(db, STANDINGS_CHANNEL, seasonId);
}

/**
 * The end of a statement that counts the score changes of `source` (a CTE whose rows have
 * season_id, set_num, team_id, player_id, played, score, time_ms and at): the team's week
 * figures, the player's season total, and the NOTIFY that tells every instance, one per row.
 * For a statement that makes the change and counts it at once, without a transaction of its
 * own (play's guarded scoring); once it has counted a change, call scoreChangesCounted.
 */
export function countScoreChangesOf(source: string): string {
  return `team_week as (
     insert into team_week_stats (season_id, set_num, team_id, played, score_sum, time_sum_ms)
     select season_id, set_num, team_id, played, score, time_ms from ${source}
     on conflict (season_id, set_num, team_id) do update set
       played = team_week_stats.played + excluded.played,
       score_sum = team_week_stats.score_sum + excluded.score_sum,
       time_sum_ms = team_week_stats.time_sum_ms + excluded.time_sum_ms
   ), player_total as (
     insert into player_totals (player_id, season_id, team_id, total, total_time_ms, last_submission_at)
     select player_id, season_id, team_id, score, time_ms, at from ${source}
     on conflict (player_id, season_id) do update set
       total = player_totals.total + excluded.total,
       total_time_ms = player_totals.total_time_ms + excluded.total_time_ms,
       last_submission_at = greatest(player_totals.last_submission_at, excluded.last_submission_at)
   )
   select pg_notify('${STANDINGS_CHANNEL}', season_id) from ${source}`;
}

/** After a statement ending in countScoreChangesOf counted a change: this instance hears it. */
export function scoreChangesCounted(db: Database, seasonId: string): void {
  notifiedInStatement(db, STANDINGS_CHANNEL, seasonId);
}

const addScoreQuery = preparedSql(
  'standings_add_score',
  `with change as (
     select $1::text as season_id, $2::smallint as set_num, $3::int as team_id,
       $7::uuid as player_id, $4::int as played, $5::int as score, $6::int as time_ms,
       $8::timestamptz as at
   ), ${countScoreChangesOf('change')}`,
);

/**
 * A score counted, in the caller's transaction and in one statement (a week is scored a few
 * hundred times a second at peak): the team's week figures, the player's season total, and the
 * NOTIFY that tells every instance.
 */
export async function addScore(
  db: Database,
  key: { playerId: string; seasonId: string; setNum: number; teamId: number },
  delta: { played: number; score: number; timeMs: number; at: Date },
): Promise<void> {
  const { playerId, seasonId, setNum, teamId } = key;
  await addScoreQuery(db, [
    seasonId,
    setNum,
    teamId,
    delta.played,
    delta.score,
    delta.timeMs,
    playerId,
    delta.at,
  ]);
  scoreChangesCounted(db, seasonId);
}

/** Adds to a team's week figures (creating the row), in the caller's transaction. */
export async function addToTeamWeek(
  db: Database,
  key: { seasonId: string; setNum: number; teamId: number },
  delta: { activeMembers?: number; played?: number; scoreSum?: number; timeSumMs?: number },
): Promise<void> {
  const values = {
    activeMembers: delta.activeMembers ?? 0,
    played: delta.played ?? 0,
    scoreSum: delta.scoreSum ?? 0,
    timeSumMs: delta.timeSumMs ?? 0,
  };
  await db
    .insert(teamWeekStats)
    .values({ ...key, ...values })
    .onConflictDoUpdate({
      target: [teamWeekStats.seasonId, teamWeekStats.setNum, teamWeekStats.teamId],
      set: {
        activeMembers: sql`${teamWeekStats.activeMembers} + ${values.activeMembers}`,
        played: sql`${teamWeekStats.played} + ${values.played}`,
        scoreSum: sql`${teamWeekStats.scoreSum} + ${values.scoreSum}`,
        timeSumMs: sql`${teamWeekStats.timeSumMs} + ${values.timeSumMs}`,
      },
    });
}

/**
 * A team change moves the player's total to the new team's ranking (for top participants), in
 * this season only: an archived season's totals stay with the team they counted for.
 */
export async function movePlayerTotal(
  db: Database,
  playerId: string,
  seasonId: string,
  teamId: number,
): Promise<void> {
  await db
    .update(playerTotals)
    .set({ teamId })
    .where(and(eq(playerTotals.playerId, playerId), eq(playerTotals.seasonId, seasonId)));
}

// The snapshot's two statements run at every rebuild: during a week every score makes the next
// standings read rebuild it. The team weeks' is prepared (db/prepared.ts); the top players' is
// planned each run (below).
const teamWeeksQuery = prepared('standings_team_weeks', (db) =>
  db
    .select()
    .from(teamWeekStats)
    .where(eq(teamWeekStats.seasonId, sql.placeholder('seasonId'))),
);

export async function findTeamWeeks(db: Database, seasonId: string) {
  return teamWeeksQuery(db, { seasonId });
}

/** Every team; memoised per instance until teams change (content-cache.ts). */
export async function listTeams(db: Database) {
  return memoised(db, 'teams', () => db.select().from(teams));
}

const topPlayersQuery = sqlPlannedEachRun<{
  team_id: number;
  player_id: string;
  name: string | null;
  given_name: string | null;
  family_name: string | null;
  total: number;
  total_time_ms: string | number;
  last_submission_at: string | Date;
}>(
  `select teams.id as team_id, best.*
   from teams
   cross join lateral (
     select players.id as player_id, players.name, players.given_name, players.family_name, player_totals.total,
       player_totals.total_time_ms, player_totals.last_submission_at
     from player_totals join players on players.id = player_totals.player_id
     where player_totals.season_id = $1 and player_totals.team_id = teams.id
       and players.erased_at is null
     order by player_totals.total desc nulls last, player_totals.total_time_ms,
       player_totals.last_submission_at
     limit 1
   ) best`,
);

/**
 * The best player of each team (ties: higher total, lower time, earlier last submission): one
 * short index probe per team, whatever the number of players. The order must match the
 * player_totals_ranking index exactly: a plain `desc` means `nulls first`, and the planner would
 * then sort every player of the team (2 s instead of 1 ms at 100,000 players). Planned each run:
 * a generic plan made while player_totals was nearly empty scans and sorts it for every team.
 */
export async function findTopPlayers(db: Database, seasonId: string) {
  const rows = await topPlayersQuery(db, [seasonId]);
  return rows.map((row) => ({
    teamId: Number(row.team_id),
    playerId: row.player_id,
    name: row.name ?? ([row.given_name, row.family_name].filter(Boolean).join(' ') || '—'),
    total: Number(row.total),
    totalTimeMs: Number(row.total_time_ms),
    lastSubmissionAt: new Date(row.last_submission_at),
  }));
}

import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { seasons } from '../../db/schema';

/** Archived seasons with their frozen results, latest first (ADR 0039). */
export async function listArchived(db: Database) {
  return db
    .select()
    .from(seasons)
    .where(and(eq(seasons.status, 'archived'), sql`${seasons.frozenResults} is not null`))
    .orderBy(desc(seasons.archivedAt));
}

/**
 * A player's archived seasons: registration marker, season total and its team (else the team
 * they registered with), and the rank of that total among the season's (ties as the standings
 * break them: time, then last answer).
 */
export async function playerHistory(db: Database, playerId: string) {
  const result = await db.execute(sql`
    select s.id as season_id, coalesce(pt.team_id, aw.team_id) as team_id, pt.total,
      (select count(*) from attempts a
        where a.player_id = ${playerId} and a.season_id = s.id and a.week_score is not null
      )::int as weeks_played,
      case when pt.player_id is null then null else (
        select count(*) + 1 from player_totals o where o.season_id = s.id and (
          o.total > pt.total or (o.total = pt.total and (o.total_time_ms < pt.total_time_ms
            or (o.total_time_ms = pt.total_time_ms and o.last_submission_at < pt.last_submission_at))))
      )::int end as rank,
      (select count(*) from player_totals o where o.season_id = s.id)::int as ranked_players
    from seasons s
    left join active_weeks aw on aw.season_id = s.id and aw.player_id = ${playerId}
    left join player_totals pt on pt.season_id = s.id and pt.player_id = ${playerId}
    where s.status = 'archived' and s.frozen_results is not null
      and (aw.registered_at is not null or pt.player_id is not null)
    order by s.archived_at desc`);
  // PGlite and node-postgres both answer raw queries with { rows }.
  const { rows } = result as unknown as {
    rows: {
      season_id: string;
      team_id: number | null;
      total: number | null;
      weeks_played: number;
      rank: number | null;
      ranked_players: number;
    }[];
  };
  return rows.map((row) => ({
    seasonId: row.season_id,
    teamId: row.team_id === null ? null : Number(row.team_id),
    total: Number(row.total ?? 0),
    weeksPlayed: Number(row.weeks_played),
    rank: row.rank === null ? null : Number(row.rank),
    rankedPlayers: Number(row.ranked_players),
  }));
}

import { and, asc, count, eq, isNotNull, isNull, lte, or, sql, sum } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  activeWeeks,
  attempts,
  players,
  playerTotals,
  salesTeams,
  teams,
} from '../../../db/schema';
import { sortName } from '../players/repository';

/** A week of a season, and the instant it ended everywhere (later registrations do not count). */
export interface WeekKey {
  seasonId: string;
  setNum: number;
  endsAt: Date;
}

/** Whether the player is active in the week: week_1…week_6 (all active without a row). */
const activeIn = (setNum: number) =>
  sql<boolean>`coalesce(${sql.identifier(`week_${setNum}`)}, true)`;

const weekAttempt = (key: WeekKey) =>
  and(
    eq(attempts.playerId, players.id),
    eq(attempts.seasonId, key.seasonId),
    eq(attempts.setNum, key.setNum),
  );

const countedPlayers = (key: WeekKey) =>
  and(isNotNull(players.registeredAt), lte(players.registeredAt, key.endsAt));

/** Per sales team: active members, players who played, their score and time sums. */
export async function salesTeamFigures(db: Database, key: WeekKey) {
  return db
    .select({
      salesTeamId: salesTeams.id,
      name: salesTeams.name,
      teamId: teams.id,
      teamName: teams.name,
      activeMembers: sql<number>`count(*) filter (where ${activeIn(key.setNum)})`.mapWith(Number),
      played: count(attempts.weekScore),
      scoreSum: sum(attempts.weekScore).mapWith(Number),
      timeSumMs:
        sql<number>`sum(${attempts.elapsedMs}) filter (where ${attempts.weekScore} is not null)`.mapWith(
          Number,
        ),
    })
    .from(players)
    .innerJoin(salesTeams, eq(salesTeams.id, players.salesTeamId))
    .innerJoin(teams, eq(teams.id, salesTeams.teamId))
    .leftJoin(
      activeWeeks,
      and(eq(activeWeeks.playerId, players.id), eq(activeWeeks.seasonId, key.seasonId)),
    )
    .leftJoin(attempts, weekAttempt(key))
    .where(countedPlayers(key))
    .groupBy(salesTeams.id, salesTeams.name, teams.id, teams.name)
    .orderBy(asc(teams.name), asc(salesTeams.name));
}

/** How often each option of each main question was chosen in the week. */
export async function answerCounts(db: Database, key: Omit<WeekKey, 'endsAt'>) {
  // The answers are kept in their attempt (ADR 0013): one row per answer given.
  const answer = sql`jsonb_array_elements(${attempts.answers})`;
  const rows = await db
    .select({
      questionId: sql<number>`(answer ->> 'questionId')::integer`,
      option: sql<string>`answer ->> 'option'`,
      chosen: count(),
    })
    .from(sql`${attempts} cross join lateral ${answer} as answer`)
    .where(and(eq(attempts.seasonId, key.seasonId), eq(attempts.setNum, key.setNum)))
    .groupBy(sql`1`, sql`2`);
  return rows.map((row) => ({ ...row, questionId: Number(row.questionId) }));
}

/** The challenger's decided answers by option (null: started and not answered in time). */
export async function challengerCounts(db: Database, key: Omit<WeekKey, 'endsAt'>) {
  return db
    .select({ option: attempts.challengerOption, chosen: count() })
    .from(attempts)
    .where(
      and(
        eq(attempts.seasonId, key.seasonId),
        eq(attempts.setNum, key.setNum),
        isNotNull(attempts.challengerCorrect),
      ),
    )
    .groupBy(attempts.challengerOption);
}

/** Registered players active in the week who have not started it, by team and name. */
function notPlayedQuery(db: Database, key: WeekKey) {
  return db
    .select({
      player: players,
      team: { id: teams.id, name: teams.name, flag: teams.flag, timeZone: teams.timeZone },
      salesTeam: { id: salesTeams.id, name: salesTeams.name },
    })
    .from(players)
    .innerJoin(teams, eq(teams.id, players.teamId))
    .leftJoin(salesTeams, eq(salesTeams.id, players.salesTeamId))
    .leftJoin(
      activeWeeks,
      and(eq(activeWeeks.playerId, players.id), eq(activeWeeks.seasonId, key.seasonId)),
    )
    .leftJoin(attempts, weekAttempt(key))
    .where(and(countedPlayers(key), activeIn(key.setNum), isNull(attempts.id)))
    .$dynamic();
}

export async function findNotPlayed(
  db: Database,
  key: WeekKey,
  page?: { offset: number; limit: number },
) {
  const query = notPlayedQuery(db, key).orderBy(asc(teams.name), sortName, asc(players.id));
  return page ? query.offset(page.offset).limit(page.limit) : query;
}

export async function countNotPlayed(db: Database, key: WeekKey): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(players)
    .innerJoin(teams, eq(teams.id, players.teamId))
    .leftJoin(
      activeWeeks,
      and(eq(activeWeeks.playerId, players.id), eq(activeWeeks.seasonId, key.seasonId)),
    )
    .leftJoin(attempts, weekAttempt(key))
    .where(and(countedPlayers(key), activeIn(key.setNum), isNull(attempts.id)));
  return row!.n;
}

// The CSV exports' reads (exports.ts).

/**
 * The season's players with their totals. The current season: the registered players, with
 * their team and sales team. A past one (`past`): those registered for it or who scored in it
 * (ADR 0039), with the team their total counted for (else the one they registered with) and the
 * sales team they had in that season (its per-season marker).
 */
export async function findPlayerTotals(db: Database, seasonId: string, past = false) {
  const teamId = past
    ? sql`coalesce(${playerTotals.teamId}, ${activeWeeks.teamId})`
    : players.teamId;
  const salesTeamId = past ? activeWeeks.salesTeamId : players.salesTeamId;
  const registered = past
    ? or(isNotNull(activeWeeks.registeredAt), isNotNull(playerTotals.playerId))
    : isNotNull(players.registeredAt);
  return (
    db
      .select({
        player: players,
        team: { id: teams.id, name: teams.name, flag: teams.flag, region: teams.region },
        salesTeam: { id: salesTeams.id, name: salesTeams.name },
        total: playerTotals.total,
        totalTimeMs: playerTotals.totalTimeMs,
        lastSubmissionAt: playerTotals.lastSubmissionAt,
        totalTeamId: playerTotals.teamId,
      })
      .from(players)
      .leftJoin(
        playerTotals,
        and(eq(playerTotals.playerId, players.id), eq(playerTotals.seasonId, seasonId)),
      )
      .leftJoin(
        activeWeeks,
        and(eq(activeWeeks.playerId, players.id), eq(activeWeeks.seasonId, seasonId)),
      )
      .leftJoin(teams, eq(teams.id, teamId))
      .leftJoin(salesTeams, eq(salesTeams.id, salesTeamId))
      // An erased player's totals still count for their team, but name nobody (ADR 0038).
      .where(and(registered, isNull(players.erasedAt)))
  );
}

/** Every scored week of the season: player, week and score. */
export async function findWeekScores(db: Database, seasonId: string) {
  return db
    .select({ playerId: attempts.playerId, setNum: attempts.setNum, weekScore: attempts.weekScore })
    .from(attempts)
    .where(and(eq(attempts.seasonId, seasonId), isNotNull(attempts.weekScore)))
    .orderBy(asc(attempts.setNum));
}

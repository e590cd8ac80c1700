import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { attempts, players, playerTotals, salesTeams, teams } from '../../../db/schema';

/** Registered players with their season totals (null before their first scored week). */
export async function findPlayerTotals(db: Database, seasonId: string) {
  return db
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
    .leftJoin(teams, eq(teams.id, players.teamId))
    .leftJoin(salesTeams, eq(salesTeams.id, players.salesTeamId))
    .where(isNotNull(players.registeredAt));
}

/** Every scored week of the season: player, week and score. */
export async function findWeekScores(db: Database, seasonId: string) {
  return db
    .select({ playerId: attempts.playerId, setNum: attempts.setNum, weekScore: attempts.weekScore })
    .from(attempts)
    .where(and(eq(attempts.seasonId, seasonId), isNotNull(attempts.weekScore)))
    .orderBy(asc(attempts.setNum));
}

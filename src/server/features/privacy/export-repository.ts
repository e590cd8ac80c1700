import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  activeWeeks,
  attempts,
  auditLog,
  players,
  playerTotals,
  questions,
  reminders,
  salesTeams,
  sessions,
  teams,
  timeRequests,
} from '../../db/schema';

/** Every row that names a player, read for their export (export.ts). */

export async function findPlayerWithTeams(db: Database, id: string) {
  const [row] = await db
    .select({
      player: players,
      team: { id: teams.id, name: teams.name },
      salesTeam: { id: salesTeams.id, name: salesTeams.name },
    })
    .from(players)
    .leftJoin(teams, eq(teams.id, players.teamId))
    .leftJoin(salesTeams, eq(salesTeams.id, players.salesTeamId))
    .where(eq(players.id, id));
  return row;
}

export const findCalendars = (db: Database, playerId: string) =>
  db
    .select({
      entry: activeWeeks,
      team: { id: teams.id, name: teams.name },
      salesTeam: { id: salesTeams.id, name: salesTeams.name },
    })
    .from(activeWeeks)
    .leftJoin(teams, eq(teams.id, activeWeeks.teamId))
    .leftJoin(salesTeams, eq(salesTeams.id, activeWeeks.salesTeamId))
    .where(eq(activeWeeks.playerId, playerId))
    .orderBy(asc(activeWeeks.seasonId));

export const findAttempts = (db: Database, playerId: string) =>
  db
    .select({ attempt: attempts, team: { id: teams.id, name: teams.name } })
    .from(attempts)
    .innerJoin(teams, eq(teams.id, attempts.teamId))
    .where(eq(attempts.playerId, playerId))
    .orderBy(asc(attempts.seasonId), asc(attempts.setNum));

export const findTotals = (db: Database, playerId: string) =>
  db
    .select({ total: playerTotals, team: { id: teams.id, name: teams.name } })
    .from(playerTotals)
    .innerJoin(teams, eq(teams.id, playerTotals.teamId))
    .where(eq(playerTotals.playerId, playerId))
    .orderBy(asc(playerTotals.seasonId));

export const findReminders = (db: Database, playerId: string) =>
  db.select().from(reminders).where(eq(reminders.playerId, playerId)).orderBy(asc(reminders.dueAt));

/**
 * Entries about the player (entity 'player', and a correction of an answer key that changed
 * their total: ADR 0041) and those they made.
 */
export const findAuditEntries = (db: Database, playerId: string) =>
  db
    .select()
    .from(auditLog)
    .where(
      or(
        and(eq(auditLog.entityType, 'player'), eq(auditLog.entityId, playerId)),
        eq(auditLog.actorId, playerId),
        sql`${auditLog.entityType} = 'question' and ${auditLog.after} -> 'players' @> ${JSON.stringify([{ playerId }])}::jsonb`,
      ),
    )
    .orderBy(asc(auditLog.at), asc(auditLog.id));

export const findApprovedQuestions = (db: Database, playerId: string) =>
  db
    .select({ id: questions.id, approvedAt: questions.approvedAt })
    .from(questions)
    .where(eq(questions.approvedBy, playerId))
    .orderBy(asc(questions.id));

export const findTimeRequests = (db: Database, playerId: string) =>
  db.select().from(timeRequests).where(eq(timeRequests.playerId, playerId));

export const findSessions = (db: Database, playerId: string) =>
  db
    .select({
      idHash: sessions.idHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(eq(sessions.playerId, playerId))
    .orderBy(asc(sessions.createdAt));

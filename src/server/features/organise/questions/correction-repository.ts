import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  attempts,
  playerTotals,
  questions,
  teams,
  teamWeekStats,
  type StoredAnswer,
} from '../../../db/schema';
import type { AttemptRow } from '../../play/repository';

/** The SQL of correcting a played question's answer key (correction.ts, ADR 0041). */

/**
 * Holds every write to attempts back until the transaction ends, after waiting for those under
 * way: play's writes take ROW EXCLUSIVE (or ROW SHARE), which EXCLUSIVE mode refuses.
 */
export async function lockAttemptWrites(tx: Database): Promise<void> {
  await tx.execute(sql`lock table ${attempts} in exclusive mode`);
}

export async function findWeekAttempts(
  db: Database,
  seasonId: string,
  setNum: number,
): Promise<AttemptRow[]> {
  return db
    .select()
    .from(attempts)
    .where(and(eq(attempts.seasonId, seasonId), eq(attempts.setNum, setNum)));
}

/** The season totals of these players. */
export async function findPlayerTotals(db: Database, seasonId: string, playerIds: string[]) {
  if (playerIds.length === 0) return [];
  return db
    .select({ playerId: playerTotals.playerId, total: playerTotals.total })
    .from(playerTotals)
    .where(and(eq(playerTotals.seasonId, seasonId), inArray(playerTotals.playerId, playerIds)));
}

/** The week's score sums of these teams. */
export async function findTeamWeekSums(
  db: Database,
  week: { seasonId: string; setNum: number },
  teamIds: number[],
) {
  if (teamIds.length === 0) return [];
  return db
    .select({ teamId: teamWeekStats.teamId, scoreSum: teamWeekStats.scoreSum })
    .from(teamWeekStats)
    .where(
      and(
        eq(teamWeekStats.seasonId, week.seasonId),
        eq(teamWeekStats.setNum, week.setNum),
        inArray(teamWeekStats.teamId, teamIds),
      ),
    );
}

export async function findTeams(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: teams.id, name: teams.name, flag: teams.flag })
    .from(teams)
    .where(inArray(teams.id, ids));
}

/**
 * Writes the question's corrected key, and raises the week's key version on its six questions
 * (play's lock-free writes check it).
 */
export async function writeKey(
  db: Database,
  question: { id: number; seasonId: string; setNum: number },
  key: { acceptedOptions: string[]; voidedAt: Date | null },
): Promise<void> {
  await db.update(questions).set(key).where(eq(questions.id, question.id));
  await db
    .update(questions)
    .set({ keyVersion: sql`${questions.keyVersion} + 1` })
    .where(and(eq(questions.seasonId, question.seasonId), eq(questions.setNum, question.setNum)));
}

/** An attempt re-marked and re-scored under the corrected key. */
export async function writeRescored(
  db: Database,
  id: string,
  values: {
    answers: StoredAnswer[];
    correctCount: number | null;
    mainScore: number | null;
    challengerCorrect: boolean | null;
    weekScore: number | null;
  },
): Promise<void> {
  await db.update(attempts).set(values).where(eq(attempts.id, id));
}

import type { Database } from '../../db/client';
import * as repo from './repository';

/**
 * Keeps the standings aggregates in step, inside the transaction that changes a score or a
 * membership, and tells every instance to refresh its cache once that transaction commits.
 */

/** A week scored (played = true), or its score changed afterwards by the challenger. */
export async function recordScore(
  tx: Database,
  attempt: { playerId: string; seasonId: string; setNum: number; teamId: number },
  change: { scoreDelta: number; timeMs: number; played: boolean; at: Date },
): Promise<void> {
  await repo.addScore(tx, attempt, {
    played: change.played ? 1 : 0,
    score: change.scoreDelta,
    timeMs: change.timeMs,
    at: change.at,
  });
}

export interface Membership {
  teamId: number | null;
  active: boolean;
}

/**
 * A player's team or holiday weeks changed: each week's active-member count moves from the old
 * team to the new one. Only weeks that may still change are passed in (the rules forbid the
 * rest), so past weeks keep the members they had.
 */
export async function recordMembership(
  tx: Database,
  playerId: string,
  seasonId: string,
  weeks: { setNum: number; before: Membership; after: Membership }[],
): Promise<void> {
  let changed = false;
  for (const { setNum, before, after } of weeks) {
    if (before.teamId === after.teamId && before.active === after.active) continue;
    changed = true;
    if (before.teamId !== null && before.active) {
      await repo.addToTeamWeek(
        tx,
        { seasonId, setNum, teamId: before.teamId },
        { activeMembers: -1 },
      );
    }
    if (after.teamId !== null && after.active) {
      await repo.addToTeamWeek(
        tx,
        { seasonId, setNum, teamId: after.teamId },
        { activeMembers: 1 },
      );
    }
  }
  const newTeam = weeks[0]?.after.teamId;
  if (
    newTeam !== undefined &&
    newTeam !== null &&
    weeks.some((week) => week.before.teamId !== newTeam)
  ) {
    await repo.movePlayerTotal(tx, playerId, seasonId, newTeam);
    changed = true;
  }
  if (changed) await repo.notifyStandingsChanged(tx, seasonId);
}

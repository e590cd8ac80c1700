import { nextStatusChange, weekStatus, weekWindow } from '#shared/domain/calendar';
import { deletePlayerSessions } from '../../../auth/repository';
import type { Database } from '../../../db/client';
import { AppError } from '../../../http/errors';
import {
  findActiveWeeks,
  keepSeasonTeams,
  saveActiveWeeks,
  type PlayerRow,
} from '../../players/repository';
import { findSalesTeam, findTeam } from '../../season/repository';
import { recordMembership } from '../../standings/aggregates';
import { displayName, writeAudit, type Actor } from '../audit/service';
import * as repo from './repository';
import { requireCurrentSeason } from '../season/current-season';
import { sideBySide } from '../../../db/side-by-side';

/**
 * An organiser's changes to a player (ADR 0009), each in one transaction with the standings
 * aggregates (recordMembership) and an audit entry.
 */

async function lockRegisteredPlayer(
  tx: Database,
  id: string,
): Promise<PlayerRow & { teamId: number }> {
  const player = await repo.lockPlayer(tx, id);
  if (!player) throw new AppError('PLAYER_NOT_FOUND', 'This player does not exist.');
  if (player.registeredAt === null || player.teamId === null) {
    throw new AppError('NOT_REGISTERED', `${displayName(player)} has not registered yet.`);
  }
  return player as PlayerRow & { teamId: number };
}

/**
 * Moves a player to another team. Weeks they played stay with the team they played for, weeks
 * closed in both zones stay with the old team; the others (not begun, or open in both zones and
 * not played yet) move. A week open in one zone and closed in the other, not played, is refused.
 */
export async function movePlayer(
  db: Database,
  actor: Actor,
  playerId: string,
  input: { teamId: number; salesTeamId: number | null; reason?: string | undefined },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const player = await lockRegisteredPlayer(tx, playerId);
    const current = await requireCurrentSeason(tx);
    const [oldTeam, newTeam] = await sideBySide(tx, [
      () => findTeam(tx, player.teamId),
      () => findTeam(tx, input.teamId),
    ]);
    if (!newTeam) throw new AppError('TEAM_NOT_FOUND', 'This team does not exist.');
    if (input.salesTeamId !== null) {
      const salesTeam = await findSalesTeam(tx, input.salesTeamId);
      if (salesTeam?.teamId !== newTeam.id) {
        throw new AppError(
          'SALES_TEAM_NOT_IN_TEAM',
          'This sales team does not belong to the team.',
        );
      }
    }
    if (player.teamId === input.teamId && player.salesTeamId === input.salesTeamId) return;

    const played = new Set(
      (await repo.findPlayerAttempts(tx, playerId, current.season.id)).map(
        (row) => row.attempt.setNum,
      ),
    );
    const moving = current.weeks.filter((week) => {
      if (player.teamId === input.teamId || played.has(week.setNum)) return false;
      const closed = [oldTeam!.timeZone, newTeam.timeZone].map(
        (zone) => weekStatus(week, zone, now) === 'closed',
      );
      if (closed[0] && closed[1]) return false;
      if (closed[0] || closed[1]) {
        const stillOpenIn = closed[0] ? newTeam.timeZone : oldTeam!.timeZone;
        throw new AppError(
          'TEAM_CHANGE_LOCKED',
          `Week ${week.setNum} is over in one team's time zone but not in the other's, and ${displayName(player)} has not played it: move them once it has closed in both.`,
          {
            week: week.setNum,
            // Open there now, so its next change there is its close.
            movableFrom: nextStatusChange([week], stillOpenIn, now)!.toISOString(),
          },
        );
      }
      return true;
    });
    if (player.teamId !== input.teamId && moving.length === 0) {
      throw new AppError(
        'TEAM_CHANGE_LOCKED',
        'No week is left for the player to play in a new team.',
      );
    }

    const teamChanged = player.teamId !== input.teamId;
    await repo.setPlayerTeam(tx, playerId, {
      teamId: input.teamId,
      salesTeamId: input.salesTeamId,
      ...(teamChanged ? { teamSince: now } : {}),
      updatedAt: now,
    });
    await keepSeasonTeams(tx, playerId, current.season.id, input, now);
    const flags = await findActiveWeeks(tx, playerId, current.season.id);
    await recordMembership(
      tx,
      playerId,
      current.season.id,
      moving.map((week) => {
        const active = flags[week.setNum - 1] ?? true;
        return {
          setNum: week.setNum,
          before: { teamId: player.teamId, active },
          after: { teamId: input.teamId, active },
        };
      }),
    );
    await writeAudit(
      tx,
      actor,
      {
        action: 'player.move-team',
        entityType: 'player',
        entityId: playerId,
        before: { teamId: player.teamId, team: oldTeam?.name, salesTeamId: player.salesTeamId },
        after: {
          teamId: input.teamId,
          team: newTeam.name,
          salesTeamId: input.salesTeamId,
          weeksMoved: moving.map((week) => week.setNum),
        },
        reason: input.reason || null,
      },
      now,
    );
  });
}

/**
 * The holiday override: marks a week inactive for a player after the normal deadline, with a
 * reason. Refused when they played it, and when the week closed before their current team
 * counted them (their former team's figures cannot be told apart afterwards).
 */
export async function markWeekInactive(
  db: Database,
  actor: Actor,
  playerId: string,
  setNum: number,
  reason: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const player = await lockRegisteredPlayer(tx, playerId);
    const current = await requireCurrentSeason(tx);
    const week = current.weeks.find((entry) => entry.setNum === setNum);
    if (!week) throw new AppError('NOT_FOUND', `The season has no week ${setNum}.`);
    const name = displayName(player);
    const attempts = await repo.findPlayerAttempts(tx, playerId, current.season.id);
    if (attempts.some((row) => row.attempt.setNum === setNum)) {
      throw new AppError('ALREADY_PLAYED', `${name} has already played week ${setNum}.`);
    }
    const flags = await findActiveWeeks(tx, playerId, current.season.id);
    if (!flags[setNum - 1]) {
      throw new AppError('WEEK_INACTIVE', `Week ${setNum} is already inactive for ${name}.`);
    }
    const team = (await findTeam(tx, player.teamId))!;
    const since = player.teamSince ?? player.registeredAt!;
    if (since > weekWindow(week, team.timeZone).closesAt) {
      throw new AppError(
        'TEAM_CHANGE_LOCKED',
        `Week ${setNum} closed before ${name} joined ${team.name}; it cannot be changed now.`,
      );
    }
    const wanted = flags.map((active, index) => (index === setNum - 1 ? false : active));
    await saveActiveWeeks(tx, playerId, current.season.id, wanted, now);
    await recordMembership(tx, playerId, current.season.id, [
      {
        setNum,
        before: { teamId: player.teamId, active: true },
        after: { teamId: player.teamId, active: false },
      },
    ]);
    await writeAudit(
      tx,
      actor,
      {
        action: 'player.week-inactive',
        entityType: 'player',
        entityId: playerId,
        before: { setNum, active: true, status: weekStatus(week, team.timeZone, now) },
        after: { setNum, active: false },
        reason,
      },
      now,
    );
  });
}

/**
 * Signs a player out everywhere (ADR 0031): every session ends on every instance at once, so a
 * demoted organiser or a departed employee loses access before their sessions would expire.
 * Their next sign-in asks the provider again. Audited; returns how many sessions were open.
 */
export async function signOutEverywhere(
  db: Database,
  actor: Actor,
  playerId: string,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const player = await repo.lockPlayer(tx, playerId);
    if (!player) throw new AppError('PLAYER_NOT_FOUND', 'This player does not exist.');
    const ended = await deletePlayerSessions(tx, playerId);
    await writeAudit(
      tx,
      actor,
      {
        action: 'player.sign-out',
        entityType: 'player',
        entityId: playerId,
        before: { sessions: ended.length },
        after: { sessions: 0 },
      },
      now,
    );
    return ended.length;
  });
}

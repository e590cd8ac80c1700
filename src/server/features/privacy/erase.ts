import { weekStatus } from '#shared/domain/calendar';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { findActiveWeeks, lockPlayer, saveActiveWeeks } from '../players/repository';
import { findCurrentSeason, findTeam } from '../season/repository';
import { recordMembership } from '../standings/aggregates';
import { notifyStandingsChanged } from '../standings/repository';
import { insertAuditEntry } from '../organise/audit/repository';
import { displayName, type Actor } from '../organise/audit/service';
import { findAttempts } from './export-repository';
import * as repo from './erase-repository';

/** Who asked: an organiser on the person's request, or the retention setting. */
export type ErasedBy = { kind: 'request'; actor: Actor } | { kind: 'retention'; months: number };

/**
 * Erases a player (ADR 0038): one transaction, under the player's row lock, so that two
 * erasures at once make one (the second answers 409 PLAYER_ERASED). The identity goes: names,
 * e-mail, the provider's subject, sessions, reminders, the demo provider's grants, free-text
 * audit reasons about them. The answers stay, on the anonymous row: every figure already
 * counted (team standings, past and current weeks, question statistics) is unchanged. Weeks
 * that have not begun in the team's zone, and not played, no longer count the row as a member.
 */
export async function erasePlayer(
  db: Database,
  playerId: string,
  by: ErasedBy,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const player = await lockPlayer(tx, playerId);
    if (!player) throw new AppError('PLAYER_NOT_FOUND', 'This player does not exist.');
    if (player.erasedAt) {
      throw new AppError('PLAYER_ERASED', 'This player has already been erased.');
    }
    if (by.kind === 'request' && by.actor.id === playerId) {
      throw new AppError('OWN_ACCOUNT', 'Another organiser has to erase your account.');
    }
    await leaveUpcomingWeeks(tx, player, now);
    const subject = player.oidcSubject;
    const sessionsEnded = await repo.deleteSessions(tx, playerId);
    await repo.deleteReminders(tx, playerId);
    await repo.deleteTimeRequest(tx, playerId);
    await repo.deleteProviderState(tx, subject);
    await repo.scrubAudit(tx, playerId);
    await repo.anonymisePlayer(tx, playerId, now);
    await repo.scrubFrozenResults(tx, playerId);
    // The regional winners name players: every instance rebuilds its standings without them.
    const current = await findCurrentSeason(tx);
    if (current) await notifyStandingsChanged(tx, current.season.id);
    await insertAuditEntry(tx, {
      actorId: by.kind === 'request' ? by.actor.id : null,
      actorName: by.kind === 'request' ? displayName(by.actor) : 'Retention',
      action: 'player.erase',
      entityType: 'player',
      entityId: playerId,
      before: null,
      after: {
        erasedAt: now.toISOString(),
        by: by.kind,
        ...(by.kind === 'retention' ? { retentionMonths: by.months } : {}),
        sessionsEnded,
      },
      reason: null,
      at: now,
    });
  });
}

/**
 * The row stops counting as an active member of the current season's weeks that have not begun
 * in its team's zone and that it has not played: nobody will play them.
 */
async function leaveUpcomingWeeks(
  tx: Database,
  player: NonNullable<Awaited<ReturnType<typeof lockPlayer>>>,
  now: Date,
): Promise<void> {
  if (player.teamId === null || player.registeredAt === null) return;
  const current = await findCurrentSeason(tx);
  const team = await findTeam(tx, player.teamId);
  if (!current || !team) return;
  const seasonId = current.season.id;
  const played = new Set(
    (await findAttempts(tx, player.id))
      .filter((row) => row.attempt.seasonId === seasonId)
      .map((row) => row.attempt.setNum),
  );
  const flags = await findActiveWeeks(tx, player.id, seasonId);
  const leaving = current.weeks.filter(
    (week) =>
      flags[week.setNum - 1] &&
      !played.has(week.setNum) &&
      weekStatus(week, team.timeZone, now) === 'upcoming',
  );
  if (leaving.length === 0) return;
  const wanted = flags.map((active, index) =>
    leaving.some((week) => week.setNum === index + 1) ? false : active,
  );
  await saveActiveWeeks(tx, player.id, seasonId, wanted, now);
  await recordMembership(
    tx,
    player.id,
    seasonId,
    leaving.map((week) => ({
      setNum: week.setNum,
      before: { teamId: player.teamId, active: true },
      after: { teamId: player.teamId, active: false },
    })),
  );
}

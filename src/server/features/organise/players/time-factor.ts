import { timeFactorOf, timePercent } from '#shared/domain/time-factor';
import type { Database } from '../../../db/client';
import { AppError } from '../../../http/errors';
import * as timeRepo from '../../time-accommodations/repository';
import { displayName, writeAudit, type Actor } from '../audit/service';
import * as repo from './repository';

/**
 * An organiser's decisions on a player's time (ADR 0037), each in one transaction with its audit
 * entry. The player's row is locked first, so two clicks at once are applied one after the
 * other: the second finds the work done and changes nothing.
 */

async function lockPlayer(tx: Database, playerId: string) {
  const player = await repo.lockPlayer(tx, playerId);
  if (!player) throw new AppError('PLAYER_NOT_FOUND', 'This player does not exist.');
  return player;
}

/**
 * Grants, changes or (with 1) removes the player's factor. A factor above 1 answers an open
 * request; removing leaves an open request declined. Setting the factor the player already has
 * changes nothing (unless it answers an open request).
 */
export async function setTimeFactor(
  db: Database,
  actor: Actor,
  playerId: string,
  factor: number,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const player = await lockPlayer(tx, playerId);
    const request = await timeRepo.findTimeRequest(tx, playerId);
    const open = request?.status === 'open';
    const before = player.timePercent;
    const after = timePercent(factor);
    if (before === after && !open) return;
    if (before !== after) await timeRepo.setTimePercent(tx, playerId, after, now);
    if (after > 100 && request) await timeRepo.deleteTimeRequest(tx, playerId);
    if (after === 100 && open) await timeRepo.declineTimeRequest(tx, playerId, now);
    const action =
      after === 100
        ? 'player.time-remove'
        : before === 100
          ? 'player.time-grant'
          : 'player.time-change';
    await writeAudit(
      tx,
      actor,
      {
        action,
        entityType: 'player',
        entityId: playerId,
        before: { timeFactor: timeFactorOf(before), request: open ? (request.note ?? '') : null },
        after: { timeFactor: timeFactorOf(after), player: displayName(player) },
      },
      now,
    );
  });
}

/** Declines the player's open request; none open (already decided) → 409. */
export async function declineTimeRequest(
  db: Database,
  actor: Actor,
  playerId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const player = await lockPlayer(tx, playerId);
    const declined = await timeRepo.declineTimeRequest(tx, playerId, now);
    if (!declined) {
      throw new AppError(
        'TIME_REQUEST_NOT_OPEN',
        `${displayName(player)} has no open request for more time.`,
      );
    }
    await writeAudit(
      tx,
      actor,
      {
        action: 'player.time-decline',
        entityType: 'player',
        entityId: playerId,
        before: { timeFactor: timeFactorOf(player.timePercent), request: declined.note ?? '' },
        after: { timeFactor: timeFactorOf(player.timePercent), player: displayName(player) },
      },
      now,
    );
  });
}

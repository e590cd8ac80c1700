import type { PlayerPrivacy } from '#shared/contracts/privacy';
import type { Database } from '../../../db/client';
import { AppError } from '../../../http/errors';
import { findPlayerById, lockPlayer } from '../../players/repository';
import { deleteSessions, setPlayerDeactivated } from '../../privacy/erase-repository';
import { writeAudit, type Actor } from '../audit/service';

/** Whether the player is active, deactivated or erased, and when they last signed in. */
export async function playerPrivacy(db: Database, playerId: string): Promise<PlayerPrivacy> {
  const player = await findPlayerById(db, playerId);
  if (!player) throw new AppError('PLAYER_NOT_FOUND', 'This player does not exist.');
  return {
    id: player.id,
    lastSignInAt: player.lastSignInAt.toISOString(),
    deactivatedAt: player.deactivatedAt?.toISOString() ?? null,
    erasedAt: player.erasedAt?.toISOString() ?? null,
  };
}

/**
 * Deactivates a player who left (sign-in refused, every session ended at once) or reactivates
 * them, audited. Asking for the state the player is already in changes nothing and writes no
 * entry. Their figures are untouched either way.
 */
export async function setDeactivated(
  db: Database,
  actor: Actor,
  playerId: string,
  deactivate: boolean,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const player = await lockPlayer(tx, playerId);
    if (!player) throw new AppError('PLAYER_NOT_FOUND', 'This player does not exist.');
    if (player.erasedAt) throw new AppError('PLAYER_ERASED', 'This player has been erased.');
    if (deactivate && actor.id === playerId) {
      throw new AppError('OWN_ACCOUNT', 'Another organiser has to deactivate your account.');
    }
    if ((player.deactivatedAt !== null) === deactivate) return;
    await setPlayerDeactivated(tx, playerId, deactivate ? now : null, now);
    const sessionsEnded = deactivate ? await deleteSessions(tx, playerId) : 0;
    await writeAudit(
      tx,
      actor,
      {
        action: deactivate ? 'player.deactivate' : 'player.reactivate',
        entityType: 'player',
        entityId: playerId,
        before: { deactivatedAt: player.deactivatedAt?.toISOString() ?? null },
        after: {
          deactivatedAt: deactivate ? now.toISOString() : null,
          ...(deactivate ? { sessionsEnded } : {}),
        },
      },
      now,
    );
  });
}

import type { PlayerPrivacy } from '#shared/contracts/privacy';
import type { Database } from '../../../db/client';
import { AppError } from '../../../http/errors';
import { findPlayerById } from '../../players/repository';

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

import type { MyTime, TimeRequest, TimeRequestInput } from '#shared/contracts/time-accommodations';
import { allowanceSeconds, timeFactorOf } from '#shared/domain/time-factor';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import type { PlayerRow } from '../players/repository';
import * as repo from './repository';

/** The player's side of time accommodations (ADR 0037): their factor and their request. */

export function requestView(row: repo.TimeRequestRow | undefined): TimeRequest | null {
  if (!row) return null;
  return {
    status: row.status,
    note: row.note,
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export async function myTime(db: Database, player: PlayerRow): Promise<MyTime> {
  return {
    timeFactor: timeFactorOf(player.timePercent),
    timeLimitSeconds: allowanceSeconds(player.timePercent),
    request: requestView(await repo.findTimeRequest(db, player.id)),
  };
}

/** Asks the organisers for more time; a second request while one is open is refused (409). */
export async function requestTime(
  db: Database,
  player: PlayerRow,
  input: TimeRequestInput,
  now: Date,
): Promise<MyTime> {
  const opened = await repo.openTimeRequest(db, {
    playerId: player.id,
    note: input.note || null,
    requestedAt: now,
  });
  if (!opened) {
    throw new AppError(
      'TIME_REQUEST_OPEN',
      'Your request for more time is already with the organisers.',
    );
  }
  return {
    timeFactor: timeFactorOf(player.timePercent),
    timeLimitSeconds: allowanceSeconds(player.timePercent),
    request: requestView(opened),
  };
}

import type { Database } from '../../../db/client';
import { AppError } from '../../../http/errors';
import { findCurrentSeason, type CurrentSeason } from '../../season/repository';
import * as repo from './repository';

/** The season the organiser tools work on; refused with NO_SEASON before one is set up. */
export async function requireCurrentSeason(db: Database): Promise<CurrentSeason> {
  const current = await findCurrentSeason(db);
  if (!current) throw new AppError('NO_SEASON', 'No season has been set up yet.');
  return current;
}

/** The zones a week's span runs over: every team's and the season's. */
export async function seasonZones(db: Database, current: CurrentSeason): Promise<string[]> {
  return [...new Set([current.season.timeZone, ...(await repo.listTeamZones(db))])];
}

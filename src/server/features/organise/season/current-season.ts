import type { Database } from '../../../db/client';
import { AppError } from '../../../http/errors';
import { findCurrentSeason, type CurrentSeason } from '../../season/repository';
import { seasonCalendar } from '../../season/repository';
import { findSeason } from '../next-season/repository';
import * as repo from './repository';

/** The season the organiser tools work on; refused with NO_SEASON before one is set up. */
export async function requireCurrentSeason(db: Database): Promise<CurrentSeason> {
  const current = await findCurrentSeason(db);
  if (!current) throw new AppError('NO_SEASON', 'No season has been set up yet.');
  return current;
}

/**
 * The season whose questions the organiser works on (ADR 0042): the current one without an id,
 * else the season with that id if it is the draft or the current one. An archived season is
 * read-only (409 SEASON_ARCHIVED). With `lock`, the season's row is locked for the rest of the
 * transaction, so that a launch or a discard of the draft waits for the change, or the change for
 * them (and then sees what they left).
 */
export async function requireQuestionSeason(
  db: Database,
  seasonId: string | undefined,
  lock = false,
): Promise<CurrentSeason> {
  if (seasonId === undefined) return requireCurrentSeason(db);
  const season = await findSeason(db, seasonId, lock);
  if (!season) throw new AppError('SEASON_NOT_FOUND', `There is no season ${seasonId}.`);
  if (season.status === 'archived') {
    throw new AppError(
      'SEASON_ARCHIVED',
      `Season ${season.name} is archived: its calendar, questions and results can no longer change.`,
    );
  }
  return seasonCalendar(db, season);
}

/** The zones a week's span runs over: every team's and the season's. */
export async function seasonZones(db: Database, current: CurrentSeason): Promise<string[]> {
  return [...new Set([current.season.timeZone, ...(await repo.listTeamZones(db))])];
}

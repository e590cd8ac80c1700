import type { Me, PlayerWeek } from '#shared/contracts/me';

/**
 * Whether the season has launched for this player, by the server's clock (a device clock may
 * be wrong). Until a season exists, launch counts as in the future.
 */
export function hasLaunched(me: Me): boolean {
  return me.season !== null && me.season.phase !== 'before-launch';
}

/** The season's current week (the spec's currentSet): the open one, else the next, else the last. */
export function currentWeek(season: NonNullable<Me['season']>): PlayerWeek | null {
  return season.weeks.find((week) => week.setNum === season.currentSetNum) ?? null;
}

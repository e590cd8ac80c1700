import type { Me } from '#shared/contracts/me';

/**
 * Whether the season has launched for this player, by the server's clock (a device clock may
 * be wrong). Until a season exists, launch counts as in the future.
 */
export function hasLaunched(me: Me): boolean {
  return me.season !== null && me.season.phase !== 'before-launch';
}

/** The organisers' CSV downloads (UTF-8 with a byte-order mark, written by the server). */

/** Standings after each week begun, or after one week. */
export const standingsCsvUrl = (setNum: number | null) =>
  setNum === null
    ? '/api/organise/exports/standings.csv'
    : `/api/organise/exports/standings.csv?setNum=${setNum}`;

export const playersCsvUrl = '/api/organise/exports/players.csv';

/** The API's range for the number of players per region. */
export const TOP_RANGE = { min: 1, max: 100 } as const;

/**
 * The best `top` players of each region; what the API would refuse is brought into its range.
 * @example winnersCsvUrl(3) // '/api/organise/exports/regional-winners.csv?top=3'
 */
export function winnersCsvUrl(top: number): string {
  const count = Number.isFinite(top)
    ? Math.min(TOP_RANGE.max, Math.max(TOP_RANGE.min, Math.trunc(top)))
    : TOP_RANGE.min;
  return `/api/organise/exports/regional-winners.csv?top=${count}`;
}

/** The organisers' CSV downloads (UTF-8 with a byte-order mark, written by the server). */

/** `season`: a past season's id (ADR 0039); null for the current season. */
const withSeason = (url: string, season: string | null) =>
  season === null
    ? url
    : `${url}${url.includes('?') ? '&' : '?'}season=${encodeURIComponent(season)}`;

/** Standings after each week begun, or after one week. */
export const standingsCsvUrl = (setNum: number | null, season: string | null = null) =>
  withSeason(
    setNum === null
      ? '/api/organise/exports/standings.csv'
      : `/api/organise/exports/standings.csv?setNum=${setNum}`,
    season,
  );

export const playersCsvUrl = (season: string | null = null) =>
  withSeason('/api/organise/exports/players.csv', season);

/** The API's range for the number of players per region. */
export const TOP_RANGE = { min: 1, max: 100 } as const;

/**
 * The best `top` players of each region; what the API would refuse is brought into its range.
 * @example winnersCsvUrl(3) // '/api/organise/exports/regional-winners.csv?top=3'
 */
export function winnersCsvUrl(top: number, season: string | null = null): string {
  const count = Number.isFinite(top)
    ? Math.min(TOP_RANGE.max, Math.max(TOP_RANGE.min, Math.trunc(top)))
    : TOP_RANGE.min;
  return withSeason(`/api/organise/exports/regional-winners.csv?top=${count}`, season);
}

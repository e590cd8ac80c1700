/**
 * The season the question screens work on (ADR 0042): the draft of the next season by its id,
 * or `undefined` for the current season. Every question call carries it as `?season=`.
 */
export type SeasonId = string | undefined;

export const withSeason = (url: string, season: SeasonId) =>
  season === undefined
    ? url
    : `${url}${url.includes('?') ? '&' : '?'}season=${encodeURIComponent(season)}`;

/** A query key of the current season's week, or the same key marked with the draft's id. */
export const seasonKey = (key: (string | number)[], season: SeasonId) =>
  season === undefined ? key : [...key, { season }];

/** The address of a week (and a slot) on the questions screen, keeping the season. */
export const questionsSearch = (setNum: number, season: SeasonId, slot?: string | number) =>
  withSeason(`?week=${setNum}${slot === undefined ? '' : `&slot=${slot}`}`, season);

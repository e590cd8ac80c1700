import { queryOptions, useQuery } from './query';
import type { RegionalWinners, Standings } from '#shared/contracts/standings';
import { apiRequest } from './api-client';

/**
 * Standings change whenever anyone finishes a week. Polling every 10 s (and on returning to the
 * tab) keeps the ticker and the leaderboard current without a reload; the server serves these
 * reads from a cache, so polling stays cheap.
 */
export const STANDINGS_REFRESH_MS = 10_000;

export const standingsQuery = queryOptions({
  queryKey: ['standings', 'overall'],
  queryFn: () => apiRequest<Standings>('/api/standings'),
  refetchInterval: STANDINGS_REFRESH_MS,
  refetchOnWindowFocus: true,
});

/** The overall standings, highest first (ticker, leaderboard, end of the game). */
export const useStandings = () => useQuery(standingsQuery);

export const regionalWinnersQuery = queryOptions({
  queryKey: ['standings', 'winners'],
  queryFn: () => apiRequest<RegionalWinners>('/api/standings/winners'),
  refetchInterval: STANDINGS_REFRESH_MS,
  refetchOnWindowFocus: true,
});

/** The top player of each region (leaderboard, end of the game). */
export const useRegionalWinners = () => useQuery(regionalWinnersQuery);

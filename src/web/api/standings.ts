import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  MyTeam,
  RegionalWinners,
  Standings,
  TrackStandings,
} from '#shared/contracts/standings';
import { apiRequest } from '../lib/api-client';

/**
 * The standings' client calls, all under the key ['standings'] (a scored week refetches them
 * all). Standings change whenever anyone finishes a week. Polling every 10 s (and on returning
 * to the tab) keeps the ticker, the track and the leaderboard current without a reload; the
 * server serves these reads from a cache, so polling stays cheap.
 */
export const STANDINGS_REFRESH_MS = 10_000;

const polled = { refetchInterval: STANDINGS_REFRESH_MS, refetchOnWindowFocus: true } as const;

export const standingsQuery = queryOptions({
  queryKey: ['standings', 'overall'],
  queryFn: () => apiRequest<Standings>('/api/standings'),
  ...polled,
});

/** The overall standings, highest first (ticker, leaderboard, end of the game). */
export const useStandings = () => useQuery(standingsQuery);

export const regionalWinnersQuery = queryOptions({
  queryKey: ['standings', 'winners'],
  queryFn: () => apiRequest<RegionalWinners>('/api/standings/winners'),
  ...polled,
});

/** The top player of each region (leaderboard, end of the game). */
export const useRegionalWinners = () => useQuery(regionalWinnersQuery);

export const trackStandingsQuery = (eventId: number, eventWeek: number) =>
  queryOptions({
    queryKey: ['standings', 'track', eventId, eventWeek],
    queryFn: () =>
      apiRequest<TrackStandings>(`/api/standings/track?eventId=${eventId}&eventWeek=${eventWeek}`),
    ...polled,
  });

/** One event week's race: each team's points for the week and its participation. */
export const useTrackStandings = (eventId: number, eventWeek: number) =>
  useQuery(trackStandingsQuery(eventId, eventWeek));

export const myTeamQuery = queryOptions({
  queryKey: ['standings', 'my-team'],
  queryFn: () => apiRequest<MyTeam>('/api/standings/my-team'),
  ...polled,
});

/**
 * The leaderboard's tiles: the player's team score, this week's participants and speed. Not
 * asked for a player without a team, whom the server would refuse (409 NOT_REGISTERED).
 */
export const useMyTeam = (hasTeam: boolean) => useQuery({ ...myTeamQuery, enabled: hasTeam });

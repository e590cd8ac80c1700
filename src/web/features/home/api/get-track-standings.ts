import { queryOptions, useQuery } from '../../../lib/query';
import type { TrackStandings } from '#shared/contracts/standings';
import { apiRequest } from '../../../lib/api-client';
import { STANDINGS_REFRESH_MS } from '../../../lib/standings';

export const trackStandingsQuery = (eventId: number, eventWeek: number) =>
  queryOptions({
    queryKey: ['standings', 'track', eventId, eventWeek],
    queryFn: () =>
      apiRequest<TrackStandings>(`/api/standings/track?eventId=${eventId}&eventWeek=${eventWeek}`),
    refetchInterval: STANDINGS_REFRESH_MS,
    refetchOnWindowFocus: true,
  });

/** One event week's race: each team's points for the week and its participation. */
export const useTrackStandings = (eventId: number, eventWeek: number) =>
  useQuery(trackStandingsQuery(eventId, eventWeek));

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyTeam } from '../../../../shared/contracts/standings';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { STANDINGS_REFRESH_MS } from '../../../lib/standings';

export const myTeamQuery = queryOptions({
  queryKey: ['standings', 'my-team'],
  queryFn: () => apiRequest<MyTeam>('/api/standings/my-team'),
  refetchInterval: STANDINGS_REFRESH_MS,
  refetchOnWindowFocus: true,
  // A player without a team (409 NOT_REGISTERED) will not have one on a second try.
  retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
});

/** The leaderboard's tiles: the player's team score, this week's participants and speed. */
export const useMyTeam = () => useQuery(myTeamQuery);

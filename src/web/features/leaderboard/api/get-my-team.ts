import { queryOptions, useQuery } from '../../../lib/query';
import type { MyTeam } from '#shared/contracts/standings';
import { apiRequest } from '../../../lib/api-client';
import { STANDINGS_REFRESH_MS } from '../../../lib/standings';

export const myTeamQuery = queryOptions({
  queryKey: ['standings', 'my-team'],
  queryFn: () => apiRequest<MyTeam>('/api/standings/my-team'),
  refetchInterval: STANDINGS_REFRESH_MS,
  refetchOnWindowFocus: true,
});

/**
 * The leaderboard's tiles: the player's team score, this week's participants and speed. Not
 * asked for a player without a team, whom the server would refuse (409 NOT_REGISTERED).
 */
export const useMyTeam = (hasTeam: boolean) => useQuery({ ...myTeamQuery, enabled: hasTeam });

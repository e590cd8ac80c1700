import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpenTimeRequests, PlayerDetail } from '#shared/contracts/organise-players';
import { apiRequest } from '../../../../lib/api-client';
import { setFreshQueryData } from '../../../../lib/query-data';
import { playerDetailQuery } from './get-player';

export const openTimeRequestsQuery = queryOptions({
  queryKey: ['organise', 'time-requests'],
  queryFn: () => apiRequest<OpenTimeRequests>('/api/organise/players/time-requests'),
});

/** The players' open requests for more time, oldest first (ADR 0037). */
export const useOpenTimeRequests = () => useQuery(openTimeRequestsQuery);

/**
 * Grants, changes or removes (factor 1) a player's time factor, or declines their request. The
 * answer is the player's detail; the list of open requests is asked again.
 */
export function useTimeDecision(playerId: string) {
  const client = useQueryClient();
  const base = `/api/organise/players/${encodeURIComponent(playerId)}`;
  return useMutation({
    mutationFn: (decision: { timeFactor: number } | 'decline') =>
      decision === 'decline'
        ? apiRequest<PlayerDetail>(`${base}/time-request/decline`, { method: 'POST', body: {} })
        : apiRequest<PlayerDetail>(`${base}/time-factor`, { method: 'PUT', body: decision }),
    onSuccess: async (detail) => {
      await setFreshQueryData(client, playerDetailQuery(playerId).queryKey, detail);
      await client.invalidateQueries({ queryKey: ['organise'] });
    },
  });
}

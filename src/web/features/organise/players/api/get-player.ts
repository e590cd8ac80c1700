import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlayerDetail } from '#shared/contracts/organise-players';
import { apiRequest } from '../../../../lib/api-client';

export const playerDetailQuery = (playerId: string) =>
  queryOptions({
    queryKey: ['organise', 'player', playerId],
    queryFn: () =>
      apiRequest<PlayerDetail>(`/api/organise/players/${encodeURIComponent(playerId)}`),
  });

/** A player and their six weeks: active flag, attempt, score, time. */
export const usePlayerDetail = (playerId: string) => useQuery(playerDetailQuery(playerId));

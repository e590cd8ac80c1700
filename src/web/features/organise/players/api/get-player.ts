import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlayerDetail } from '../../../../../shared/contracts/organise-players';
import { ApiError, apiRequest } from '../../../../lib/api-client';

export const playerDetailQuery = (playerId: string) =>
  queryOptions({
    queryKey: ['organise', 'player', playerId],
    queryFn: () =>
      apiRequest<PlayerDetail>(`/api/organise/players/${encodeURIComponent(playerId)}`),
    // An unknown or malformed id (404, 400) will not appear on a second try.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });

/** A player and their six weeks: active flag, attempt, score, time. */
export const usePlayerDetail = (playerId: string) => useQuery(playerDetailQuery(playerId));

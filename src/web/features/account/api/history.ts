import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlayerHistory } from '#shared/contracts/past-seasons';
import { apiRequest } from '../../../lib/api-client';

export const historyQuery = queryOptions({
  queryKey: ['me', 'history'],
  queryFn: () => apiRequest<PlayerHistory>('/api/me/history'),
});

/** The player's archived seasons: team, score and rank (ADR 0039). */
export const useHistory = () => useQuery(historyQuery);

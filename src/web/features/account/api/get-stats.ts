import { queryOptions, useQuery } from '../../../lib/query';
import type { PlayerStats } from '#shared/contracts/play';
import { apiRequest } from '../../../lib/api-client';

export const statsQuery = queryOptions({
  queryKey: ['me', 'stats'],
  queryFn: () => apiRequest<PlayerStats>('/api/me/stats'),
});

export const usePlayerStats = () => useQuery(statsQuery);

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HallOfFame } from '#shared/contracts/past-seasons';
import { apiRequest } from '../../../lib/api-client';

export const hallOfFameQuery = queryOptions({
  queryKey: ['seasons', 'hall-of-fame'],
  queryFn: () => apiRequest<HallOfFame>('/api/seasons/hall-of-fame'),
});

/** Every archived season's frozen results (ADR 0039): they never change once archived. */
export const useHallOfFame = () => useQuery({ ...hallOfFameQuery, staleTime: 5 * 60_000 });

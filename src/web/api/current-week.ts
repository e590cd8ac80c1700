import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentWeek } from '#shared/contracts/play';
import { apiRequest } from '../lib/api-client';

export const currentWeekQuery = queryOptions({
  queryKey: ['current-week'],
  queryFn: () => apiRequest<CurrentWeek>('/api/weeks/current'),
});

/** The open game week for the player and whether they can play it (home popup, /questions). */
export const useCurrentWeek = () => useQuery(currentWeekQuery);

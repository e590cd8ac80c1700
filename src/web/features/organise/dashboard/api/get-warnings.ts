import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Warnings } from '#shared/contracts/organise';
import { apiRequest } from '../../../../lib/api-client';
import { DASHBOARD_REFRESH_MS } from './get-dashboard';

/** How many days ahead the dashboard warns about weeks that are not ready. */
export const WARNING_DAYS = 7;

export const warningsQuery = queryOptions({
  queryKey: ['organise', 'warnings', WARNING_DAYS],
  queryFn: () => apiRequest<Warnings>(`/api/organise/warnings?days=${WARNING_DAYS}`),
  refetchInterval: DASHBOARD_REFRESH_MS,
});

/** Weeks open, or opening within WARNING_DAYS, whose questions are not ready. */
export const useWarnings = () => useQuery(warningsQuery);

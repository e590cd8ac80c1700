import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '#shared/contracts/organise-reports';
import { apiRequest } from '../../../../lib/api-client';

/** The dashboard is live: its figures are fetched again every 15 seconds. */
export const DASHBOARD_REFRESH_MS = 15_000;

export const dashboardQuery = (setNum: number) =>
  queryOptions({
    queryKey: ['organise', 'dashboard', setNum],
    queryFn: () => apiRequest<Dashboard>(`/api/organise/weeks/${setNum}/dashboard`),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

/** A week's participation by team and sales team, averages and hardest questions. */
export const useDashboard = (setNum: number | null) =>
  useQuery({
    ...dashboardQuery(setNum ?? 1),
    enabled: setNum !== null,
    placeholderData: keepPreviousData,
  });

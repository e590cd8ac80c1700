import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrganiserSeason, SeasonInput } from '#shared/contracts/organise';
import { apiRequest } from '../../../lib/api-client';
import { setFreshQueryData } from '../../../lib/query-data';

export const organiserSeasonQuery = queryOptions({
  queryKey: ['organise', 'season'],
  queryFn: () => apiRequest<OrganiserSeason>('/api/organise/season'),
});

/** The calendar with each week's span, status, lock and question readiness. */
export const useOrganiserSeason = () => useQuery(organiserSeasonQuery);

/**
 * Saves the whole calendar (PUT answers the calendar as saved). The player's own view of the
 * season (`me`) and the audit log change with it, so both are refetched.
 */
export function useSaveSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SeasonInput) =>
      apiRequest<OrganiserSeason>('/api/organise/season', { method: 'PUT', body: input }),
    onSuccess: async (season) => {
      await setFreshQueryData(queryClient, organiserSeasonQuery.queryKey, season);
      void queryClient.invalidateQueries({ queryKey: ['me'] });
      void queryClient.invalidateQueries({ queryKey: ['organise', 'audit'] });
    },
  });
}

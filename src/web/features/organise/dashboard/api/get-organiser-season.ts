import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganiserSeason } from '../../../../../shared/contracts/organise';
import { apiRequest } from '../../../../lib/api-client';

export const organiserSeasonQuery = queryOptions({
  queryKey: ['organise', 'season'],
  queryFn: () => apiRequest<OrganiserSeason>('/api/organise/season'),
  // Week statuses change when a week opens or closes: refresh now and then.
  refetchInterval: 60_000,
});

/** The season calendar with each week's status over every team zone. */
export const useOrganiserSeason = () => useQuery(organiserSeasonQuery);

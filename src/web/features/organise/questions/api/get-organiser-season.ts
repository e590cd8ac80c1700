import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganiserSeason } from '../../../../../shared/contracts/organise';
import { apiRequest } from '../../../../lib/api-client';

/** The calendar with each week's readiness, for the week picker. */
export const organiserSeasonQuery = queryOptions({
  queryKey: ['organise', 'season'],
  queryFn: () => apiRequest<OrganiserSeason>('/api/organise/season'),
});

export const useOrganiserSeason = () => useQuery(organiserSeasonQuery);

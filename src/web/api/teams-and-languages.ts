import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamsAndLanguages } from '#shared/contracts/season';
import { apiRequest } from '../lib/api-client';

export const teamsAndLanguagesQuery = queryOptions({
  queryKey: ['teams-and-languages'],
  queryFn: () => apiRequest<TeamsAndLanguages>('/api/teams-and-languages'),
  staleTime: 5 * 60_000,
});

/** Country teams with their sales teams, and the interface languages. */
export const useTeamsAndLanguages = () => useQuery(teamsAndLanguagesQuery);

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrganiserTeam, TeamInput } from '#shared/contracts/organise';
import { apiRequest } from '../../../../lib/api-client';
import { setFreshQueryData } from '../../../../lib/query-data';

export const organiserTeamsQuery = queryOptions({
  queryKey: ['organise', 'teams'],
  queryFn: () => apiRequest<{ teams: OrganiserTeam[] }>('/api/organise/teams'),
});

/** Country teams with their code, zone, sales teams and registered players. */
export const useOrganiserTeams = () => useQuery(organiserTeamsQuery);

export type TeamChange =
  | { kind: 'create-team'; input: TeamInput }
  | { kind: 'update-team'; teamId: number; input: Omit<TeamInput, 'code'> }
  | { kind: 'add-sales-team'; teamId: number; name: string }
  | { kind: 'rename-sales-team'; salesTeamId: number; name: string }
  | { kind: 'delete-sales-team'; salesTeamId: number };

function send(change: TeamChange): Promise<OrganiserTeam> {
  switch (change.kind) {
    case 'create-team':
      return apiRequest('/api/organise/teams', { method: 'POST', body: change.input });
    case 'update-team':
      return apiRequest(`/api/organise/teams/${change.teamId}`, {
        method: 'PUT',
        body: change.input,
      });
    case 'add-sales-team':
      return apiRequest(`/api/organise/teams/${change.teamId}/sales-teams`, {
        method: 'POST',
        body: { name: change.name },
      });
    case 'rename-sales-team':
      return apiRequest(`/api/organise/sales-teams/${change.salesTeamId}`, {
        method: 'PUT',
        body: { name: change.name },
      });
    case 'delete-sales-team':
      return apiRequest(`/api/organise/sales-teams/${change.salesTeamId}`, { method: 'DELETE' });
  }
}

/**
 * Every team change answers the team as it now stands, which replaces it in the list (or joins
 * it). Players' team choices and the standings show team names, so those are refetched too.
 */
export function useTeamChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (team) => {
      await setFreshQueryData(queryClient, organiserTeamsQuery.queryKey, (list) => {
        if (!list) return list;
        const known = list.teams.some((entry) => entry.id === team.id);
        return {
          teams: known
            ? list.teams.map((entry) => (entry.id === team.id ? team : entry))
            : [...list.teams, team],
        };
      });
      void queryClient.invalidateQueries({ queryKey: ['teams-and-languages'] });
      void queryClient.invalidateQueries({ queryKey: ['organise', 'audit'] });
    },
  });
}

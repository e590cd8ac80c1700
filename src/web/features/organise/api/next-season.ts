import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankChoice, DraftInput, OrganiserSeasons } from '#shared/contracts/past-seasons';
import { apiRequest } from '../../../lib/api-client';
import { setFreshQueryData } from '../../../lib/query-data';

export const organiserSeasonsQuery = queryOptions({
  queryKey: ['organise', 'seasons'],
  queryFn: () => apiRequest<OrganiserSeasons>('/api/organise/seasons'),
});

/** Every season with its status, the draft of the next one and the question bank (ADR 0039). */
export const useOrganiserSeasons = () => useQuery(organiserSeasonsQuery);

type Change =
  | { kind: 'create'; input: DraftInput }
  | { kind: 'week'; seasonId: string; setNum: number; choice: BankChoice }
  | { kind: 'discard'; seasonId: string }
  | { kind: 'launch'; seasonId: string };

const requestOf = (change: Change) => {
  switch (change.kind) {
    case 'create':
      return apiRequest<OrganiserSeasons>('/api/organise/seasons', {
        method: 'POST',
        body: change.input,
      });
    case 'week':
      return apiRequest<OrganiserSeasons>(
        `/api/organise/seasons/${encodeURIComponent(change.seasonId)}/weeks/${change.setNum}/questions`,
        { method: 'PUT', body: change.choice },
      );
    case 'discard':
      return apiRequest<OrganiserSeasons>(
        `/api/organise/seasons/${encodeURIComponent(change.seasonId)}`,
        { method: 'DELETE' },
      );
    case 'launch':
      return apiRequest<OrganiserSeasons>(
        `/api/organise/seasons/${encodeURIComponent(change.seasonId)}/launch`,
        { method: 'POST' },
      );
  }
};

/**
 * A change to the draft (each answers every season as it now stands). A launch changes the
 * whole app: everything cached is refetched.
 */
export function useChangeSeasons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestOf,
    onSuccess: async (seasons, change) => {
      await setFreshQueryData(queryClient, organiserSeasonsQuery.queryKey, seasons);
      if (change.kind === 'launch') {
        void queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[1] !== 'seasons',
        });
      } else {
        void queryClient.invalidateQueries({ queryKey: ['organise', 'audit'] });
      }
    },
  });
}

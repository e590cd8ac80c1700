import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlayerPrivacy } from '#shared/contracts/privacy';
import { apiRequest } from '../../../../lib/api-client';
import { setFreshQueryData } from '../../../../lib/query-data';

const url = (playerId: string, action = 'privacy') =>
  `/api/organise/players/${encodeURIComponent(playerId)}/${action}`;

export const playerPrivacyQuery = (playerId: string) =>
  queryOptions({
    queryKey: ['organise', 'player', playerId, 'privacy'],
    queryFn: () => apiRequest<PlayerPrivacy>(url(playerId)),
  });

/** Whether the player is active, deactivated or erased, and when they last signed in. */
export const usePlayerPrivacy = (playerId: string) => useQuery(playerPrivacyQuery(playerId));

/** Erase, deactivate or reactivate: each answers the player's new privacy status. */
export function usePrivacyAction(playerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'erase' | 'deactivate' | 'reactivate') =>
      apiRequest<PlayerPrivacy>(url(playerId, action), { method: 'POST', body: {} }),
    onSuccess: async (status) => {
      await setFreshQueryData(client, playerPrivacyQuery(playerId).queryKey, status);
      // The player's details, the lists and the figures name them no more after an erasure.
      await client.invalidateQueries({
        queryKey: ['organise'],
        predicate: (query) => query.queryKey.at(-1) !== 'privacy',
      });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MoveTeamInput, PlayerDetail } from '#shared/contracts/organise-players';
import { apiRequest } from '../../../../lib/api-client';
import { setFreshQueryData } from '../../../../lib/query-data';
import { playerDetailQuery } from './get-player';

/** Moves a player to another team (and sales team) for the weeks not begun. */
export function useMovePlayer(playerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MoveTeamInput) =>
      apiRequest<PlayerDetail>(`/api/organise/players/${encodeURIComponent(playerId)}/team`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: async (detail) => {
      await setFreshQueryData(client, playerDetailQuery(playerId).queryKey, detail);
      // Search results and dashboards show the player's team too.
      await client.invalidateQueries({ queryKey: ['organise'] });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlayerDetail } from '#shared/contracts/organise-players';
import { apiRequest } from '../../../../lib/api-client';
import { setFreshQueryData } from '../../../../lib/query-data';
import { playerDetailQuery } from './get-player';

/** The holiday override: marks one week inactive for the player, with a reason for the audit log. */
export function useMarkWeekInactive(playerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ setNum, reason }: { setNum: number; reason: string }) =>
      apiRequest<PlayerDetail>(
        `/api/organise/players/${encodeURIComponent(playerId)}/weeks/${setNum}/inactive`,
        { method: 'POST', body: { reason } },
      ),
    onSuccess: async (detail) => {
      await setFreshQueryData(client, playerDetailQuery(playerId).queryKey, detail);
      await client.invalidateQueries({ queryKey: ['organise'] });
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import type { SignOutEverywhere } from '#shared/contracts/organise-players';
import { apiRequest } from '../../../../lib/api-client';

/** Ends every session of the player, in every browser and on every device. */
export function useSignOutPlayer(playerId: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<SignOutEverywhere>(
        `/api/organise/players/${encodeURIComponent(playerId)}/sign-out`,
        { method: 'POST', body: {} },
      ),
  });
}

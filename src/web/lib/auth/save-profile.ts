import { useMutation, useQueryClient } from '../query';
import type { Me, ProfileInput } from '#shared/contracts/me';
import { apiRequest } from '../api-client';

/**
 * Registration (first time) and the account page's Update: one call, one transaction on the
 * server. The answer is the updated player, which replaces the cached one.
 */
export function useSaveProfile(mode: 'register' | 'update') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) =>
      mode === 'register'
        ? apiRequest<Me>('/api/me/registration', { method: 'POST', body: input })
        : apiRequest<Me>('/api/me/profile', { method: 'PUT', body: input }),
    onSuccess: (me) => {
      queryClient.setQueryData(['me'], me);
      void queryClient.invalidateQueries({ queryKey: ['current-week'] });
    },
  });
}

import { useMutation } from '../query';
import type { LogoutResponse } from '#shared/contracts/me';
import { apiRequest } from '../api-client';

/** Ends the session on the server, then follows it to the provider's sign-out page. */
export const useLogout = () =>
  useMutation({
    mutationFn: () => apiRequest<LogoutResponse>('/logout', { method: 'POST' }),
    onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
  });

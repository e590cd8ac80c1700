import { useMutation } from '@tanstack/react-query';
import type { LogoutResponse } from '#shared/contracts/me';
import { apiRequest } from '../lib/api-client';

/**
 * Starts the redirect sign-in, remembering the page the player wanted (path relative to the
 * origin); the server only accepts same-site paths.
 */
export function startSignIn(returnTo = currentPath()): void {
  window.location.assign(`/login?returnTo=${encodeURIComponent(returnTo)}`);
}

export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return pathname + search + hash;
}

/** Ends the session on the server, then follows it to the provider's sign-out page. */
export const useLogout = () =>
  useMutation({
    mutationFn: () => apiRequest<LogoutResponse>('/logout', { method: 'POST' }),
    onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
  });

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me, ProfileInput } from '#shared/contracts/me';
import type { PlayerStats } from '#shared/contracts/play';
import type { ReminderSetting } from '#shared/contracts/reminders';
import { ApiError, apiRequest } from '../lib/api-client';
import { setFreshQueryData } from '../lib/query-data';

/** The signed-in player, or null when signed out (401). Other failures are errors. */
export async function getMe(): Promise<Me | null> {
  try {
    return await apiRequest<Me>('/api/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: getMe,
  staleTime: 60_000,
});

export const useMe = () => useQuery(meQueryOptions);

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
    onSuccess: async (me) => {
      await setFreshQueryData(queryClient, meQueryOptions.queryKey, me);
      void queryClient.invalidateQueries({ queryKey: ['current-week'] });
    },
  });
}

/** The reminder e-mails switch: the answer's setting goes into the cached player. */
export function useSaveReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setting: ReminderSetting) =>
      apiRequest<ReminderSetting>('/api/me/reminders', { method: 'PUT', body: setting }),
    onSuccess: ({ enabled }) =>
      setFreshQueryData(
        queryClient,
        meQueryOptions.queryKey,
        (old) => old && { ...old, remindersEnabled: enabled },
      ),
  });
}

export const statsQuery = queryOptions({
  queryKey: ['me', 'stats'],
  queryFn: () => apiRequest<PlayerStats>('/api/me/stats'),
});

/** The account page's statistics; a scored week refetches them (key ['me', 'stats']). */
export const usePlayerStats = () => useQuery(statsQuery);

import { queryOptions, useQuery } from '../query';
import type { Me } from '#shared/contracts/me';
import { ApiError, apiRequest } from '../api-client';

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

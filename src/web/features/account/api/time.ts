import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyTime, TimeRequestInput } from '#shared/contracts/time-accommodations';
import { apiRequest } from '../../../lib/api-client';
import { setFreshQueryData } from '../../../lib/query-data';

export const myTimeQuery = queryOptions({
  queryKey: ['me', 'time'],
  queryFn: () => apiRequest<MyTime>('/api/me/time'),
});

/** The player's own time accommodation and request (ADR 0037). */
export const useMyTime = () => useQuery(myTimeQuery);

/** Asks the organisers for more time; a refusal (already asked) reloads what the server holds. */
export function useRequestTime() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TimeRequestInput) =>
      apiRequest<MyTime>('/api/me/time/request', { method: 'POST', body: input }),
    onSuccess: (time) => setFreshQueryData(client, myTimeQuery.queryKey, time),
    onError: () => client.invalidateQueries({ queryKey: myTimeQuery.queryKey }),
  });
}

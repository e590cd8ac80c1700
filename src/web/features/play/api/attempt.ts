import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Attempt } from '#shared/contracts/play';
import { apiRequest } from '../../../lib/api-client';
import { setFreshQueryData } from '../../../lib/query-data';

export const attemptQuery = (id: string) =>
  queryOptions({
    queryKey: ['attempt', id],
    queryFn: () => apiRequest<Attempt>(`/api/attempts/${id}`),
  });

export const useAttempt = (id: string | null) =>
  useQuery({ ...attemptQuery(id ?? ''), enabled: id !== null });

type Action =
  | { kind: 'start' }
  | { kind: 'answer'; position: number; option: string }
  | { kind: 'finish' }
  | { kind: 'start-challenger' }
  | { kind: 'answer-challenger'; option: string };

function send(attemptId: string | null, action: Action): Promise<Attempt> {
  const base = `/api/attempts/${attemptId}`;
  switch (action.kind) {
    case 'start':
      return apiRequest('/api/weeks/current/attempt', { method: 'POST' });
    case 'answer':
      return apiRequest(`${base}/answers`, {
        method: 'POST',
        body: { position: action.position, option: action.option },
      });
    case 'finish':
      return apiRequest(`${base}/finish`, { method: 'POST' });
    case 'start-challenger':
      return apiRequest(`${base}/challenger`, { method: 'POST' });
    case 'answer-challenger':
      return apiRequest(`${base}/challenger/answer`, {
        method: 'POST',
        body: { option: action.option },
      });
  }
}

/**
 * Every play call answers with the whole attempt, which replaces the cached one, even when a
 * fetch of the attempt sent before the call is still under way (lib/query-data.ts).
 */
export async function attemptChanged(queryClient: QueryClient, attempt: Attempt): Promise<void> {
  await setFreshQueryData(queryClient, attemptQuery(attempt.id).queryKey, attempt);
  void queryClient.invalidateQueries({ queryKey: ['current-week'] });
  if (attempt.status === 'done') {
    void queryClient.invalidateQueries({ queryKey: ['me', 'stats'] });
    // A scored week moves the team in the standings: the ticker shows it at once.
    void queryClient.invalidateQueries({ queryKey: ['standings'] });
  }
}

export function usePlayAction(attemptId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: Action) => send(attemptId, action),
    onSuccess: (attempt) => attemptChanged(queryClient, attempt),
  });
}

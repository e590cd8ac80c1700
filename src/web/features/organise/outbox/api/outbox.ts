import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Outbox } from '#shared/contracts/reminders';
import { apiRequest } from '../../../../lib/api-client';

export const outboxQuery = queryOptions({
  queryKey: ['organise', 'outbox'],
  queryFn: () => apiRequest<Outbox>('/api/organise/outbox'),
});

/** The reminders sent or kept, newest first (GET /api/organise/outbox). */
export const useOutbox = () => useQuery(outboxQuery);

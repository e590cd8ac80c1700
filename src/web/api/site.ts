import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Site } from '#shared/contracts/me';
import { apiRequest } from '../lib/api-client';

export const siteQueryOptions = queryOptions({
  queryKey: ['site'],
  queryFn: () => apiRequest<Site>('/api/site'),
  staleTime: Infinity,
});

/** Product name and help address of this installation (PRODUCT_NAME, CONTACT_EMAIL). */
export function useSite() {
  const { data } = useQuery(siteQueryOptions);
  return data ?? { productName: 'Podium', contactEmail: '' };
}

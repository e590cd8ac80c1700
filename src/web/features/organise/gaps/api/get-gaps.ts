import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Gaps, GapsQuery } from '#shared/contracts/organise-gaps';
import { apiRequest } from '../../../../lib/api-client';

/** The filter as a query string ('' for none), shared by the JSON and the CSV addresses. */
export function gapsSearch(filter: GapsQuery): string {
  const params = new URLSearchParams();
  if (filter.setNum !== undefined) params.set('setNum', String(filter.setNum));
  if (filter.region !== undefined) params.set('region', filter.region);
  if (filter.teamId !== undefined) params.set('teamId', String(filter.teamId));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const gapsQuery = (filter: GapsQuery) =>
  queryOptions({
    queryKey: ['organise', 'gaps', filter],
    queryFn: () => apiRequest<Gaps>(`/api/organise/gaps${gapsSearch(filter)}`),
  });

/** Knowledge gaps for the filter; the previous figures stay while the next ones load. */
export const useGaps = (filter: GapsQuery) =>
  useQuery({ ...gapsQuery(filter), placeholderData: keepPreviousData });

export const gapsCsvUrl = (filter: GapsQuery) =>
  `/api/organise/exports/gaps.csv${gapsSearch(filter)}`;

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlayerPage } from '#shared/contracts/organise-players';
import { apiRequest } from '../../../../lib/api-client';
import { searchQueryString, type PlayerSearch } from '../player-search';

export const playerSearchQuery = (search: PlayerSearch) =>
  queryOptions({
    queryKey: ['organise', 'players', search],
    queryFn: () => apiRequest<PlayerPage>(`/api/organise/players?${searchQueryString(search)}`),
    placeholderData: keepPreviousData,
  });

/** Players whose name or email contains the text, in one team or all, a page at a time. */
export const useSearchPlayers = (search: PlayerSearch) => useQuery(playerSearchQuery(search));

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NotPlayedPage } from '#shared/contracts/organise-reports';
import { apiRequest } from '../../../../lib/api-client';
import { DASHBOARD_REFRESH_MS } from './get-dashboard';

export const NOT_PLAYED_PAGE_SIZE = 20;

export const notPlayedQuery = (setNum: number, page: number) =>
  queryOptions({
    queryKey: ['organise', 'not-played', setNum, page],
    queryFn: () =>
      apiRequest<NotPlayedPage>(
        `/api/organise/weeks/${setNum}/not-played?page=${page}&pageSize=${NOT_PLAYED_PAGE_SIZE}`,
      ),
    refetchInterval: DASHBOARD_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

/** Active, registered players who have not started the week, a page at a time. */
export const useNotPlayed = (setNum: number, page: number) =>
  useQuery(notPlayedQuery(setNum, page));

/** The whole list as CSV (UTF-8 with BOM), for reminder e-mails. */
export const notPlayedCsvUrl = (setNum: number) => `/api/organise/weeks/${setNum}/not-played.csv`;

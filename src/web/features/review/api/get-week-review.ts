import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WeekReview } from '#shared/contracts/review';
import { apiRequest } from '../../../lib/api-client';

export const weekReviewQuery = (setNum: number) =>
  queryOptions({
    queryKey: ['week-review', setNum],
    queryFn: () => apiRequest<WeekReview>(`/api/weeks/${setNum}/review`),
  });

export const useWeekReview = (setNum: number) => useQuery(weekReviewQuery(setNum));

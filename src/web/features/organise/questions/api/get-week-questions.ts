import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WeekQuestions } from '#shared/contracts/organise-questions';
import { apiRequest } from '../../../../lib/api-client';
import { seasonKey, withSeason, type SeasonId } from './season';

export const weekQuestionsKey = (setNum: number, season?: SeasonId) =>
  seasonKey(['organise', 'weeks', setNum, 'questions'], season);

export const weekQuestionsQuery = (setNum: number, season?: SeasonId) =>
  queryOptions({
    queryKey: weekQuestionsKey(setNum, season),
    queryFn: () =>
      apiRequest<WeekQuestions>(withSeason(`/api/organise/weeks/${setNum}/questions`, season)),
  });

export const useWeekQuestions = (setNum: number, season?: SeasonId) =>
  useQuery(weekQuestionsQuery(setNum, season));

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WeekQuestions } from '#shared/contracts/organise-questions';
import { apiRequest } from '../../../../lib/api-client';

export const weekQuestionsKey = (setNum: number) => ['organise', 'weeks', setNum, 'questions'];

export const weekQuestionsQuery = (setNum: number) =>
  queryOptions({
    queryKey: weekQuestionsKey(setNum),
    queryFn: () => apiRequest<WeekQuestions>(`/api/organise/weeks/${setNum}/questions`),
  });

export const useWeekQuestions = (setNum: number) => useQuery(weekQuestionsQuery(setNum));

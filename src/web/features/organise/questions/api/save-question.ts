import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionInput, WeekQuestions } from '#shared/contracts/organise-questions';
import type { QuestionSlot } from '#shared/domain/question-review';
import { apiRequest } from '../../../../lib/api-client';
import { withSeason, type SeasonId } from './season';
import { weekChanged } from './week-changed';

/** PUT a question: creates or replaces it as a draft. */
export function useSaveQuestion(setNum: number, slot: QuestionSlot, season: SeasonId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuestionInput) =>
      apiRequest<WeekQuestions>(
        withSeason(`/api/organise/weeks/${setNum}/questions/${slot}`, season),
        { method: 'PUT', body: input },
      ),
    onSuccess: (week) => weekChanged(queryClient, week, season),
  });
}

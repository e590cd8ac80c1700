import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WeekQuestions } from '#shared/contracts/organise-questions';
import type { QuestionSlot, ReviewStatus } from '#shared/domain/question-review';
import { apiRequest } from '../../../../lib/api-client';
import { withSeason, type SeasonId } from './season';
import { weekChanged } from './week-changed';

/** Approves a question, or sends it back to draft. */
export function useReviewQuestion(setNum: number, slot: QuestionSlot, season: SeasonId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: ReviewStatus) =>
      apiRequest<WeekQuestions>(
        withSeason(`/api/organise/weeks/${setNum}/questions/${slot}/review`, season),
        { method: 'POST', body: { status } },
      ),
    onSuccess: (week) => weekChanged(queryClient, week, season),
  });
}

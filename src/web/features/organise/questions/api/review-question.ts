import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WeekQuestions } from '#shared/contracts/organise-questions';
import type { QuestionSlot, ReviewStatus } from '#shared/domain/question-review';
import { apiRequest } from '../../../../lib/api-client';
import { weekChanged } from './week-changed';

/** Approves a question, or sends it back to draft. */
export function useReviewQuestion(setNum: number, slot: QuestionSlot) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: ReviewStatus) =>
      apiRequest<WeekQuestions>(`/api/organise/weeks/${setNum}/questions/${slot}/review`, {
        method: 'POST',
        body: { status },
      }),
    onSuccess: (week) => weekChanged(queryClient, week),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionInput, WeekQuestions } from '#shared/contracts/organise-questions';
import type { QuestionSlot } from '#shared/domain/question-review';
import { apiRequest } from '../../../../lib/api-client';
import { weekChanged } from './week-changed';

/** PUT a question: creates or replaces it as a draft. */
export function useSaveQuestion(setNum: number, slot: QuestionSlot) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuestionInput) =>
      apiRequest<WeekQuestions>(`/api/organise/weeks/${setNum}/questions/${slot}`, {
        method: 'PUT',
        body: input,
      }),
    onSuccess: (week) => weekChanged(queryClient, week),
  });
}

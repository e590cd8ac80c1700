import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KeyCorrectionInput, KeyCorrectionResult } from '#shared/contracts/key-correction';
import type { QuestionSlot } from '#shared/domain/question-review';
import { apiRequest } from '../../../../lib/api-client';
import { weekQuestionsKey } from './get-week-questions';

/**
 * Corrects the answer key of a played week's question (ADR 0041), or with `dryRun` answers what
 * the correction would change. A real one re-reads the week's questions and the standings.
 */
export function useCorrectKey(setNum: number, slot: QuestionSlot) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: KeyCorrectionInput) =>
      apiRequest<KeyCorrectionResult>(
        `/api/organise/weeks/${setNum}/questions/${slot}/correction`,
        { method: 'POST', body: input },
      ),
    onSuccess: async (result) => {
      if (result.dryRun) return;
      await queryClient.invalidateQueries({ queryKey: weekQuestionsKey(setNum) });
      void queryClient.invalidateQueries({ queryKey: ['organise'] });
      void queryClient.invalidateQueries({ queryKey: ['standings'] });
    },
  });
}

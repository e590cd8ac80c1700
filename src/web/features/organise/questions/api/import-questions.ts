import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '#shared/contracts/organise-questions';
import { apiRequest } from '../../../../lib/api-client';
import { weekChanged } from './week-changed';

export type QuestionFileFormat = 'csv' | 'json';

/** The export endpoint, for download links. */
export const exportUrl = (setNum: number, format: QuestionFileFormat) =>
  `/api/organise/weeks/${setNum}/questions/export?format=${format}`;

/** Imports a week's file; a dry run changes nothing and shows what would change. */
export function useImportQuestions(setNum: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { format: QuestionFileFormat; content: string; dryRun: boolean }) =>
      apiRequest<ImportResult>(`/api/organise/weeks/${setNum}/questions/import`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: async (result) => {
      if (!result.dryRun) await weekChanged(queryClient, result.week);
    },
  });
}

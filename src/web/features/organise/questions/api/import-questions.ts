import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult, QuestionFileFormat } from '#shared/contracts/organise-questions';
import { apiRequest } from '../../../../lib/api-client';
import { withSeason, type SeasonId } from './season';
import { weekChanged } from './week-changed';

export type { QuestionFileFormat };

/** The export endpoint, for download links. */
export const exportUrl = (setNum: number, format: QuestionFileFormat, season: SeasonId) =>
  withSeason(`/api/organise/weeks/${setNum}/questions/export?format=${format}`, season);

/**
 * Imports a week's file, sent as its bytes in base64 so that the server reads its encoding
 * (UTF-8, UTF-16) and format (CSV, .xlsx, JSON) itself; a dry run changes nothing and shows
 * what would change.
 */
export function useImportQuestions(setNum: number, season: SeasonId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { format: QuestionFileFormat; base64: string; dryRun: boolean }) =>
      apiRequest<ImportResult>(
        withSeason(`/api/organise/weeks/${setNum}/questions/import`, season),
        {
          method: 'POST',
          body: {
            format: input.format,
            content: input.base64,
            encoding: 'base64',
            dryRun: input.dryRun,
          },
        },
      ),
    onSuccess: async (result) => {
      if (!result.dryRun) await weekChanged(queryClient, result.week, season);
    },
  });
}

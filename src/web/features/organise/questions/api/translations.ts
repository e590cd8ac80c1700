import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WeekTranslations, XliffImportResult } from '#shared/contracts/organise-translations';
import type { QuestionSlot } from '#shared/domain/question-review';
import type { TargetLanguage } from '#shared/domain/translation-status';
import { apiRequest } from '../../../../lib/api-client';
import { setFreshQueryData } from '../../../../lib/query-data';
import { weekQuestionsKey } from './get-week-questions';
import { seasonKey, withSeason, type SeasonId } from './season';

/** A week's translation status per language, and the translators' XLIFF files (ADR 0040). */

export const weekTranslationsKey = (setNum: number, season?: SeasonId) =>
  seasonKey(['organise', 'weeks', setNum, 'translations'], season);

export const useWeekTranslations = (setNum: number, season: SeasonId) =>
  useQuery(
    queryOptions({
      queryKey: weekTranslationsKey(setNum, season),
      queryFn: () =>
        apiRequest<WeekTranslations>(
          withSeason(`/api/organise/weeks/${setNum}/translations`, season),
        ),
    }),
  );

/** The XLIFF download of a week for one language. */
export const xliffUrl = (setNum: number, language: TargetLanguage, season: SeasonId) =>
  withSeason(`/api/organise/weeks/${setNum}/translations/${language}/xliff`, season);

async function translationsChanged(
  queryClient: ReturnType<typeof useQueryClient>,
  view: WeekTranslations,
  questionsChanged: boolean,
  season: SeasonId,
) {
  await setFreshQueryData(queryClient, weekTranslationsKey(view.setNum, season), view);
  if (!questionsChanged) return;
  // Imported texts make their questions drafts: the week, its readiness and warnings change.
  void queryClient.invalidateQueries({ queryKey: weekQuestionsKey(view.setNum, season) });
  if (season !== undefined) {
    void queryClient.invalidateQueries({ queryKey: ['organise', 'seasons'], exact: true });
    return;
  }
  void queryClient.invalidateQueries({ queryKey: ['organise', 'season'] });
  void queryClient.invalidateQueries({ queryKey: ['organise', 'warnings'] });
}

export function useReviewTranslations(setNum: number, language: TargetLanguage, season: SeasonId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slots: QuestionSlot[]) =>
      apiRequest<WeekTranslations>(
        withSeason(`/api/organise/weeks/${setNum}/translations/${language}/review`, season),
        { method: 'POST', body: { slots } },
      ),
    onSuccess: (view) => translationsChanged(queryClient, view, false, season),
  });
}

/** Imports a translator's file; a dry run writes nothing and answers the same report. */
export function useImportXliff(setNum: number, language: TargetLanguage, season: SeasonId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; dryRun: boolean }) =>
      apiRequest<XliffImportResult>(xliffUrl(setNum, language, season), {
        method: 'POST',
        body: input,
      }),
    onSuccess: async (result) => {
      if (!result.dryRun)
        await translationsChanged(queryClient, result.translations, result.applied > 0, season);
    },
  });
}

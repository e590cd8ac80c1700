import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WeekTranslations, XliffImportResult } from '#shared/contracts/organise-translations';
import type { QuestionSlot } from '#shared/domain/question-review';
import type { TargetLanguage } from '#shared/domain/translation-status';
import { apiRequest } from '../../../../lib/api-client';
import { setFreshQueryData } from '../../../../lib/query-data';
import { weekQuestionsKey } from './get-week-questions';

/** A week's translation status per language, and the translators' XLIFF files (ADR 0040). */

export const weekTranslationsKey = (setNum: number) => [
  'organise',
  'weeks',
  setNum,
  'translations',
];

export const useWeekTranslations = (setNum: number) =>
  useQuery(
    queryOptions({
      queryKey: weekTranslationsKey(setNum),
      queryFn: () => apiRequest<WeekTranslations>(`/api/organise/weeks/${setNum}/translations`),
    }),
  );

/** The XLIFF download of a week for one language. */
export const xliffUrl = (setNum: number, language: TargetLanguage) =>
  `/api/organise/weeks/${setNum}/translations/${language}/xliff`;

async function translationsChanged(
  queryClient: ReturnType<typeof useQueryClient>,
  view: WeekTranslations,
  questionsChanged: boolean,
) {
  await setFreshQueryData(queryClient, weekTranslationsKey(view.setNum), view);
  if (!questionsChanged) return;
  // Imported texts make their questions drafts: the week, its readiness and warnings change.
  void queryClient.invalidateQueries({ queryKey: weekQuestionsKey(view.setNum) });
  void queryClient.invalidateQueries({ queryKey: ['organise', 'season'] });
  void queryClient.invalidateQueries({ queryKey: ['organise', 'warnings'] });
}

export function useReviewTranslations(setNum: number, language: TargetLanguage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slots: QuestionSlot[]) =>
      apiRequest<WeekTranslations>(
        `/api/organise/weeks/${setNum}/translations/${language}/review`,
        { method: 'POST', body: { slots } },
      ),
    onSuccess: (view) => translationsChanged(queryClient, view, false),
  });
}

/** Imports a translator's file; a dry run writes nothing and answers the same report. */
export function useImportXliff(setNum: number, language: TargetLanguage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; dryRun: boolean }) =>
      apiRequest<XliffImportResult>(xliffUrl(setNum, language), { method: 'POST', body: input }),
    onSuccess: async (result) => {
      if (!result.dryRun)
        await translationsChanged(queryClient, result.translations, result.applied > 0);
    },
  });
}

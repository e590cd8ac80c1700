import type { QueryClient } from '@tanstack/react-query';
import type { WeekQuestions } from '#shared/contracts/organise-questions';
import { setFreshQueryData } from '../../../../lib/query-data';
import { weekQuestionsKey } from './get-week-questions';
import type { SeasonId } from './season';

/**
 * Every question call answers with the whole week, which replaces the cached one; the season's
 * readiness and the dashboard's warnings depend on it too, and a draft's checks on the next
 * season's page.
 */
export async function weekChanged(queryClient: QueryClient, week: WeekQuestions, season: SeasonId) {
  await setFreshQueryData(queryClient, weekQuestionsKey(week.setNum, season), week);
  if (season !== undefined) {
    void queryClient.invalidateQueries({ queryKey: ['organise', 'seasons'], exact: true });
    return;
  }
  void queryClient.invalidateQueries({ queryKey: ['organise', 'season'] });
  void queryClient.invalidateQueries({ queryKey: ['organise', 'warnings'] });
}

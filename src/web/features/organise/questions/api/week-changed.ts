import type { QueryClient } from '@tanstack/react-query';
import type { WeekQuestions } from '#shared/contracts/organise-questions';
import { setFreshQueryData } from '../../../../lib/query-data';
import { weekQuestionsKey } from './get-week-questions';

/**
 * Every question call answers with the whole week, which replaces the cached one; the season's
 * readiness and the dashboard's warnings depend on it too.
 */
export async function weekChanged(queryClient: QueryClient, week: WeekQuestions) {
  await setFreshQueryData(queryClient, weekQuestionsKey(week.setNum), week);
  void queryClient.invalidateQueries({ queryKey: ['organise', 'season'] });
  void queryClient.invalidateQueries({ queryKey: ['organise', 'warnings'] });
}

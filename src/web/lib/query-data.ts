import type { DataTag, QueryClient, QueryKey, Updater } from '@tanstack/react-query';

type DataOf<TKey> = TKey extends DataTag<unknown, infer TData, unknown> ? TData : unknown;

/**
 * Puts a change's answer (an attempt after an answer, the player after a save) in the cache.
 * TanStack Query lets the last answer to arrive win: a fetch of the same key sent before the
 * change, still under way, would replace the new data with the old when it lands (a play screen
 * would jump back a question). So that fetch is cancelled first, and its state rolled back,
 * as TanStack Query's guide does before an optimistic update; then the data is set. Every
 * `setQueryData` of the web app goes through here (ESLint refuses one elsewhere).
 */
export async function setFreshQueryData<TKey extends QueryKey, TData = DataOf<TKey>>(
  client: QueryClient,
  queryKey: TKey,
  updater: Updater<TData | undefined, TData | undefined>,
): Promise<void> {
  await client.cancelQueries({ queryKey, exact: true });
  // eslint-disable-next-line no-restricted-syntax -- the one place that sets data, after the cancel
  client.setQueryData<TData>(queryKey, updater);
}

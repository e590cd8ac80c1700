import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { setFreshQueryData } from './query-data';

/** A fetch whose answer the test gives when it wants to, as a slow network would. */
function slowAnswer<T>() {
  let answer!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (answer = resolve));
  return { queryFn: () => promise, answer };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('setFreshQueryData', () => {
  it('keeps the data it sets when a fetch sent before it answers afterwards', async () => {
    const client = new QueryClient();
    const key = ['attempt', 'a1'];
    client.setQueryData(key, { answered: 1 });
    const before = slowAnswer<{ answered: number }>();
    void client.fetchQuery({ queryKey: key, queryFn: before.queryFn }).catch(() => undefined);

    await setFreshQueryData(client, key, { answered: 2 });
    before.answer({ answered: 1 });
    await flush();

    expect(client.getQueryData(key)).toEqual({ answered: 2 });
    expect(client.getQueryState(key)?.fetchStatus).toBe('idle');
  });

  it('applies an updater to the data as it stood before the cancelled fetch', async () => {
    const client = new QueryClient();
    const key = ['me'];
    client.setQueryData(key, { name: 'Mai', reminders: true });
    const before = slowAnswer<{ name: string; reminders: boolean }>();
    void client.fetchQuery({ queryKey: key, queryFn: before.queryFn }).catch(() => undefined);

    await setFreshQueryData<string[], { name: string; reminders: boolean }>(
      client,
      key,
      (old) => old && { ...old, reminders: false },
    );
    before.answer({ name: 'Mai', reminders: true });
    await flush();

    expect(client.getQueryData(key)).toEqual({ name: 'Mai', reminders: false });
  });

  it('is needed: with setQueryData alone, the older answer overwrites the newer data', async () => {
    // TanStack Query's own rule, pinned here: if it ever changes, setFreshQueryData can go.
    const client = new QueryClient();
    const key = ['attempt', 'a1'];
    const before = slowAnswer<{ answered: number }>();
    const fetching = client.fetchQuery({ queryKey: key, queryFn: before.queryFn });

    client.setQueryData(key, { answered: 2 });
    before.answer({ answered: 1 });
    await fetching;

    expect(client.getQueryData(key)).toEqual({ answered: 1 });
  });

  it('leaves other keys and their fetches alone', async () => {
    const client = new QueryClient();
    const other = slowAnswer<string>();
    const fetching = client.fetchQuery({ queryKey: ['attempt', 'a2'], queryFn: other.queryFn });

    await setFreshQueryData(client, ['attempt', 'a1'], 'new');
    other.answer('a2 as fetched');

    await expect(fetching).resolves.toBe('a2 as fetched');
    expect(client.getQueryData(['attempt', 'a2'])).toBe('a2 as fetched');
  });
});

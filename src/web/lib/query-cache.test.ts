import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  hashKey,
  QueryCache,
  replaceEqualDeep,
  startsWith,
  type FetchOptions,
} from './query-cache';
import { retryDelay, retryTransient } from './query-retry';
import { ApiError } from './api-client';

/** A queryFn whose answers the test gives, one promise per call. */
function server<T>() {
  const calls: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const queryFn = vi.fn(
    () => new Promise<T>((resolve, reject) => void calls.push({ resolve, reject })),
  );
  return { calls, queryFn };
}

describe('keys', () => {
  it('hashes objects whatever the order of their properties', () => {
    expect(hashKey(['players', { page: 2, query: 'ana' }])).toBe(
      hashKey(['players', { query: 'ana', page: 2 }]),
    );
    expect(hashKey(['players', 2])).not.toBe(hashKey(['players', '2']));
  });

  it('matches a prefix part by part', () => {
    expect(startsWith(['me', 'stats'], ['me'])).toBe(true);
    expect(startsWith(['me'], ['me'])).toBe(true);
    expect(startsWith(['meta'], ['me'])).toBe(false);
    expect(startsWith(['me'], ['me', 'stats'])).toBe(false);
    expect(startsWith(['organise', { week: 1 }], ['organise', { week: 1 }])).toBe(true);
  });
});

describe('replaceEqualDeep', () => {
  it('keeps the old objects where nothing changed', () => {
    const before = {
      teams: [
        { id: 'de', score: 3 },
        { id: 'fr', score: 1 },
      ],
      week: 2,
    };
    const after = {
      teams: [
        { id: 'de', score: 3 },
        { id: 'fr', score: 2 },
      ],
      week: 2,
    };
    const merged = replaceEqualDeep(before, after);
    expect(merged).toEqual(after);
    expect(merged).not.toBe(before);
    expect(merged.teams[0]).toBe(before.teams[0]);
    expect(merged.teams[1]).not.toBe(before.teams[1]);
    expect(replaceEqualDeep(before, structuredClone(before))).toBe(before);
  });

  it('sees an added or removed property or item as a change', () => {
    const pairs = [
      [{ a: 1 }, { a: 1, b: 2 }],
      [{ a: 1, b: 2 }, { a: 1 }],
      [[1, 2], [1]],
      [{ a: 1 }, { a: 1, b: undefined }],
    ];
    for (const [before, after] of pairs) {
      const merged = replaceEqualDeep(before, after);
      expect(merged).toStrictEqual(after);
      expect(merged).not.toBe(before);
    }
  });
});

describe('a query', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches once for any number of screens asking at the same time', async () => {
    const cache = new QueryCache();
    const { calls, queryFn } = server<string>();
    const query = cache.get<string>(['me']);
    const first = query.fetch({ queryFn });
    const second = query.fetch({ queryFn });
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(query.state).toMatchObject({ status: 'pending', isFetching: true });
    calls[0]!.resolve('Lena');
    await Promise.all([first, second]);
    expect(query.state).toMatchObject({ status: 'success', data: 'Lena', isFetching: false });
    expect(cache.get(['me'])).toBe(query);
  });

  it('retries a network failure quietly, with the app’s delays, and shows the last failure', async () => {
    const cache = new QueryCache();
    const query = cache.get<string>(['current-week']);
    const offline = new ApiError('NETWORK', 0, 'offline');
    const queryFn = vi.fn(() => Promise.reject(offline));
    const options: FetchOptions<string> = { queryFn, retry: retryTransient, retryDelay };
    const done = query.fetch(options);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(query.state).toMatchObject({ status: 'pending', error: null });
    await vi.advanceTimersByTimeAsync(399);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1 + 800 + 1600);
    await done;
    expect(queryFn).toHaveBeenCalledTimes(4);
    expect(query.state).toMatchObject({ status: 'error', error: offline, isFetching: false });
  });

  it('shows a new try after a failure as loading, but keeps data it had', async () => {
    const cache = new QueryCache();
    const { calls, queryFn } = server<string>();
    const query = cache.get<string>(['site']);
    const first = query.fetch({ queryFn });
    calls[0]!.reject(new Error('down'));
    await first;
    expect(query.state).toMatchObject({ status: 'error', isFetching: false });
    const second = query.fetch({ queryFn });
    expect(query.state).toMatchObject({ status: 'pending', error: null, isFetching: true });
    calls[1]!.resolve('Podium');
    await second;
    const third = query.fetch({ queryFn });
    calls[2]!.reject(new Error('down'));
    await third;
    expect(query.state).toMatchObject({ status: 'error', data: 'Podium' });
    void query.fetch({ queryFn });
    expect(query.state).toMatchObject({ status: 'error', data: 'Podium', isFetching: true });
  });

  it('shows a refusal at once, without retrying', async () => {
    const cache = new QueryCache();
    const query = cache.get<string>(['attempt', 'a1']);
    const refused = new ApiError('FORBIDDEN', 403, 'not yours');
    const queryFn = vi.fn(() => Promise.reject(refused));
    await query.fetch({ queryFn, retry: retryTransient, retryDelay });
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(query.state.error).toBe(refused);
  });

  it('is stale after its staleTime, or at once when invalidated', async () => {
    const cache = new QueryCache();
    const query = cache.get<number>(['teams']);
    expect(query.isStale(60_000)).toBe(true);
    query.setData(1);
    expect(query.isStale(60_000)).toBe(false);
    expect(query.isStale(0)).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(query.isStale(60_000)).toBe(true);
    query.setData(2);
    await query.invalidate();
    expect(query.isStale(Infinity)).toBe(true);
  });

  it('when invalidated while shown, fetches again and ignores the answer of a fetch begun before', async () => {
    const cache = new QueryCache();
    const { calls, queryFn } = server<string>();
    const query = cache.get<string>(['current-week']);
    const stop = query.observe(() => ({ queryFn }));
    const old = query.fetch({ queryFn });
    const fresh = query.invalidate();
    expect(queryFn).toHaveBeenCalledTimes(2);
    calls[1]!.resolve('played');
    await fresh;
    calls[0]!.resolve('not played');
    await old;
    expect(query.state.data).toBe('played');
    stop();
    await query.invalidate();
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('keeps data set by a change over the answer to a fetch begun before it', async () => {
    const cache = new QueryCache();
    const { calls, queryFn } = server<string>();
    const query = cache.get<string>(['attempt', 'a1']);
    const old = query.fetch({ queryFn });
    query.setData('answered 3');
    expect(query.state).toMatchObject({ data: 'answered 3', isFetching: false });
    calls[0]!.resolve('answered 2');
    await old;
    expect(query.state).toMatchObject({ data: 'answered 3', status: 'success' });
    const next = query.fetch({ queryFn });
    expect(queryFn).toHaveBeenCalledTimes(2);
    calls[1]!.resolve('answered 4');
    await next;
    expect(query.state.data).toBe('answered 4');
  });

  it('is dropped five minutes after the last screen showing it has gone', async () => {
    const cache = new QueryCache();
    const query = cache.get<number>(['organise', 'players', { page: 1 }]);
    query.setData(1);
    const unsubscribe = query.subscribe(() => undefined);
    unsubscribe();
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    const again = query.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(cache.get(['organise', 'players', { page: 1 }])).toBe(query);
    again();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(cache.get(['organise', 'players', { page: 1 }])).not.toBe(query);
  });

  it('finds every entry under a prefix', () => {
    const cache = new QueryCache();
    const me = cache.get(['me']);
    const stats = cache.get(['me', 'stats']);
    cache.get(['standings']);
    expect(cache.matching(['me'])).toEqual([me, stats]);
  });

  it('gives listeners a new state object on every change', () => {
    const cache = new QueryCache();
    const query = cache.get<number>(['x']);
    const seen: unknown[] = [];
    query.subscribe(() => seen.push(query.state));
    query.setData(1);
    query.setData(2);
    expect(seen).toHaveLength(2);
    expect(seen[0]).not.toBe(seen[1]);
  });
});

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { hashKey, QueryCache, type FetchOptions, type QueryKey } from './query-cache';

/**
 * The screens' server data (ADR 0027: our own 2 KB in place of TanStack Query, 10 KB of every
 * first load). The names and meanings are TanStack Query's, for the part the app uses:
 * `useQuery` (`enabled`, `staleTime`, `refetchInterval`, `refetchOnWindowFocus`,
 * `placeholderData: keepPreviousData`), `useMutation` (its own and each call's `onSuccess`,
 * `onError`, `onSettled`), and the client's `setQueryData` and `invalidateQueries` (a key's
 * prefix: ['me'] is also ['me', 'stats']). A query is fetched when a screen first shows it and
 * its data is stale (at once by default), once however many screens ask, again at once when
 * invalidated while shown, and when the browser is back online; a refetch that changed nothing
 * keeps the same objects.
 */
export class QueryClient {
  readonly cache = new QueryCache();

  /** Every query's retries (lib/query-retry.ts); mutations are never retried. */
  constructor(readonly defaults: Pick<FetchOptions<unknown>, 'retry' | 'retryDelay'> = {}) {}

  setQueryData<T>(key: DataKey<T>, data: T | ((old: T | undefined) => T | undefined)): void {
    const query = this.cache.get<T>(key);
    const next =
      typeof data === 'function' ? (data as (old: T | undefined) => T)(query.state.data) : data;
    if (next !== undefined) query.setData(next);
  }

  /** Marks the queries under `queryKey` stale; resolves when those on screen have been refetched. */
  async invalidateQueries({ queryKey }: { queryKey: QueryKey }): Promise<void> {
    await Promise.all(this.cache.matching(queryKey).map((query) => query.invalidate()));
  }
}

const ClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({
  client,
  children,
}: {
  client: QueryClient;
  children: ReactNode;
}) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

export function useQueryClient(): QueryClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useQueryClient outside <QueryClientProvider>');
  return client;
}

/** `placeholderData` that shows the last key's data while the next key's loads (a list's pages). */
export const keepPreviousData = 'keepPreviousData';

export interface QueryOptions<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  /** false: neither fetched nor refetched; the result stays pending until data arrives. */
  enabled?: boolean;
  /** How long data counts as fresh (ms): a screen showing it later does not refetch it. */
  staleTime?: number;
  /** Refetched this often (ms) while shown and the page is visible. */
  refetchInterval?: number;
  /** Refetched when the page becomes visible again and the data is stale. */
  refetchOnWindowFocus?: boolean;
  placeholderData?: typeof keepPreviousData;
}

declare const dataType: unique symbol;
/** A key that carries its data's type, so that `setQueryData(options.queryKey, …)` is typed. */
export type DataKey<T> = QueryKey & { [dataType]?: T };

/** Options shared by a query's hook and other calls: written once, typed by its data. */
export const queryOptions = <T,>(options: QueryOptions<T>) =>
  options as QueryOptions<T> & { queryKey: DataKey<T> };

interface Common {
  isFetching: boolean;
  dataUpdatedAt: number;
  /** The previous key's data, shown while this key's loads (`keepPreviousData`). */
  isPlaceholderData: boolean;
  /** Fetches again now, replacing a fetch under way. */
  refetch: () => Promise<void>;
}
type Pending = { status: 'pending'; isPending: true; isError: false; isSuccess: false };
type Failed = { status: 'error'; isPending: false; isError: true; isSuccess: false };
type Succeeded = { status: 'success'; isPending: false; isError: false; isSuccess: true };
export type QueryResult<T> = Common &
  (
    | (Pending & { data: undefined; error: null })
    | (Failed & { data: T | undefined; error: Error })
    | (Succeeded & { data: T; error: null })
  );

export function useQuery<T>(options: QueryOptions<T>): QueryResult<T> {
  const client = useQueryClient();
  const { enabled = true, staleTime = 0, refetchInterval, refetchOnWindowFocus = false } = options;
  const hash = hashKey(options.queryKey);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key's hash is its identity
  const query = useMemo(() => client.cache.get<T>(options.queryKey), [client, hash]);
  const state = useSyncExternalStore(query.subscribe, () => query.state);

  // The latest render's queryFn, for fetches started by effects, timers and events.
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const fetchOptions = useCallback(
    (): FetchOptions<T> => ({ ...client.defaults, queryFn: () => latest.current.queryFn() }),
    [client],
  );

  useEffect(() => {
    if (!enabled) return;
    const stop = query.observe(fetchOptions);
    if (query.isStale(staleTime)) void query.fetch(fetchOptions());
    const refetchIfStale = () => {
      if (!document.hidden && query.isStale(staleTime)) void query.fetch(fetchOptions());
    };
    if (refetchOnWindowFocus) document.addEventListener('visibilitychange', refetchIfStale);
    window.addEventListener('online', refetchIfStale);
    const timer = refetchInterval
      ? setInterval(() => void (document.hidden || query.fetch(fetchOptions())), refetchInterval)
      : undefined;
    return () => {
      stop();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refetchIfStale);
      window.removeEventListener('online', refetchIfStale);
    };
  }, [query, fetchOptions, enabled, staleTime, refetchInterval, refetchOnWindowFocus]);

  const refetch = useCallback(
    () => query.fetch(fetchOptions(), { replace: true }),
    [query, fetchOptions],
  );

  // keepPreviousData: the last data this screen showed, while its new key has none.
  const keep = options.placeholderData === keepPreviousData;
  const [shown, setShown] = useState<T | undefined>(undefined);
  if (keep && state.data !== undefined && state.data !== shown) setShown(state.data);
  const isPlaceholderData = keep && state.status === 'pending' && shown !== undefined;
  const status = isPlaceholderData ? 'success' : state.status;
  return {
    ...state,
    data: isPlaceholderData ? shown : state.data,
    status,
    isPending: status === 'pending',
    isError: status === 'error',
    isSuccess: status === 'success',
    isPlaceholderData,
    refetch,
  } as QueryResult<T>;
}

export interface MutationOptions<Data, Variables> {
  mutationFn: (variables: Variables) => Promise<Data>;
  /** Awaited: the mutation stays pending until what it returns (an invalidation) settles. */
  onSuccess?: (data: Data, variables: Variables) => unknown;
  onError?: (error: Error, variables: Variables) => unknown;
  onSettled?: (data: Data | undefined, error: Error | null, variables: Variables) => unknown;
}

/** One call's own callbacks: they run only for the latest call, while the screen is shown. */
type CallCallbacks<Data, Variables> = Omit<MutationOptions<Data, Variables>, 'mutationFn'>;

interface MutationState<Data, Variables> {
  status: 'idle' | 'pending' | 'error' | 'success';
  data: Data | undefined;
  error: Error | null;
  variables: Variables | undefined;
}

const IDLE = { status: 'idle', data: undefined, error: null, variables: undefined } as const;

export function useMutation<Data, Variables = void>(options: MutationOptions<Data, Variables>) {
  const [state, setState] = useState<MutationState<Data, Variables>>(IDLE);
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  /** The latest call's number, and 0 once the screen is gone: older calls stay quiet. */
  const current = useRef(0);
  const calls = useRef(0);
  useEffect(
    () => () => {
      current.current = 0;
    },
    [],
  );

  const mutateAsync = useCallback(
    async (variables: Variables, own: CallCallbacks<Data, Variables> = {}): Promise<Data> => {
      const call = (current.current = ++calls.current);
      const isLatest = () => current.current === call;
      setState({ status: 'pending', data: undefined, error: null, variables });
      const { mutationFn, onSuccess, onError, onSettled } = latest.current;
      let data: Data;
      try {
        data = await mutationFn(variables);
        await onSuccess?.(data, variables);
        await onSettled?.(data, null, variables);
      } catch (caught) {
        const error = caught instanceof Error ? caught : new Error(String(caught));
        await onError?.(error, variables);
        await onSettled?.(undefined, error, variables);
        if (isLatest()) {
          setState({ status: 'error', data: undefined, error, variables });
          own.onError?.(error, variables);
          own.onSettled?.(undefined, error, variables);
        }
        throw error;
      }
      if (isLatest()) {
        setState({ status: 'success', data, error: null, variables });
        own.onSuccess?.(data, variables);
        own.onSettled?.(data, null, variables);
      }
      return data;
    },
    [],
  );
  const mutate = useCallback(
    (variables: Variables, own?: CallCallbacks<Data, Variables>) =>
      void mutateAsync(variables, own).catch(() => undefined),
    [mutateAsync],
  );
  const reset = useCallback(() => {
    if (current.current !== 0) current.current = ++calls.current;
    setState(IDLE);
  }, []);

  return {
    ...state,
    isIdle: state.status === 'idle',
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    isSuccess: state.status === 'success',
    mutate,
    mutateAsync,
    reset,
  };
}

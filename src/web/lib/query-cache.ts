/**
 * The server's data as the screens hold it (ADR 0027): one entry per query key, shared by every
 * screen that asks for it, fetched once however many ask at the same time, retried while the
 * failure is transient, and marked stale when a change makes it old. The React side is
 * lib/query.tsx; this file is plain TypeScript, tested in query-cache.test.ts.
 */

export type QueryKey = readonly unknown[];

export type QueryStatus = 'pending' | 'error' | 'success';

export interface QueryState<T> {
  data: T | undefined;
  error: Error | null;
  /** 'success' once data has arrived; 'error' when the last fetch failed, data or not. */
  status: QueryStatus;
  isFetching: boolean;
  /** When the data arrived (ms since the epoch), 0 before it has. */
  dataUpdatedAt: number;
}

export interface FetchOptions<T> {
  queryFn: () => Promise<T>;
  /** Whether to try again after `failures` failures (0 after the first), given the error. */
  retry?: (failures: number, error: unknown) => boolean;
  /** How long to wait before the next try, after `failures` failures (0 after the first). */
  retryDelay?: (failures: number) => number;
}

/** Entries no screen has used for this long are dropped. */
const UNUSED_MS = 5 * 60_000;

/** A key as a string: objects' properties in sorted order, so `{a, b}` and `{b, a}` are one key. */
export function hashKey(key: QueryKey): string {
  return JSON.stringify(key, (_, value: unknown) =>
    isPlainObject(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  );
}

/** Whether `key` starts with the parts of `prefix`: ['me'] matches ['me'] and ['me', 'stats']. */
export function startsWith(key: QueryKey, prefix: QueryKey): boolean {
  return (
    prefix.length <= key.length &&
    prefix.every((part, index) => hashKey([part]) === hashKey([key[index]]))
  );
}

/**
 * `next`, but with every part equal to `previous`'s kept as `previous`'s object: a refetch that
 * changed nothing gives the screens the same data, so their effects and memos do not run again.
 */
export function replaceEqualDeep<T>(previous: unknown, next: T): T {
  if (previous === next) return next;
  const bothArrays = Array.isArray(previous) && Array.isArray(next);
  if (!bothArrays && !(isPlainObject(previous) && isPlainObject(next))) return next;
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const keys = Object.keys(after);
  const copy = (bothArrays ? [] : {}) as Record<string, unknown>;
  let same = Object.keys(before).length === keys.length;
  for (const key of keys) {
    copy[key] = replaceEqualDeep(before[key], after[key]);
    if (copy[key] !== before[key] || !(key in before)) same = false;
  }
  return (same ? previous : copy) as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Query<T = unknown> {
  state: QueryState<T> = {
    data: undefined,
    error: null,
    status: 'pending',
    isFetching: false,
    dataUpdatedAt: 0,
  };
  /** Set by `invalidate`: the data is old whatever its age, until the next fetch. */
  private invalidated = false;
  private readonly listeners = new Set<() => void>();
  /** How the screens that show this query fetch it, when one of them is enabled. */
  private readonly fetchers = new Set<() => FetchOptions<T>>();
  private pending: Promise<void> | null = null;
  /** Each fetch's number: a fetch that newer data replaced leaves the state alone. */
  private fetches = 0;
  private unusedTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly key: QueryKey,
    private readonly drop: () => void,
  ) {}

  /** For useSyncExternalStore: `state` is a new object after every change. */
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    clearTimeout(this.unusedTimer);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.unusedTimer = setTimeout(this.drop, UNUSED_MS);
    };
  };

  /** A screen that shows this query and may fetch it; returns the function that stops it. */
  observe(fetcher: () => FetchOptions<T>): () => void {
    this.fetchers.add(fetcher);
    return () => void this.fetchers.delete(fetcher);
  }

  isStale(staleTime: number): boolean {
    return (
      this.invalidated ||
      this.state.dataUpdatedAt === 0 ||
      Date.now() - this.state.dataUpdatedAt >= staleTime
    );
  }

  /**
   * Fetches, or joins the fetch under way. `replace` starts a new one even then, whose answer
   * wins: after a change, an answer requested before it may already be old.
   */
  fetch(options: FetchOptions<T>, { replace = false } = {}): Promise<void> {
    if (this.pending && !replace) return this.pending;
    const fetch = ++this.fetches;
    // With no data to show, a new try shows as loading again, not as the last failure.
    this.set(
      this.state.data === undefined
        ? { isFetching: true, status: 'pending', error: null }
        : { isFetching: true },
    );
    const run = this.run(options, fetch).finally(() => {
      if (this.pending === run) this.pending = null;
    });
    this.pending = run;
    return run;
  }

  /** Marks the data old and fetches it again at once if a screen shows it. */
  invalidate(): Promise<void> {
    this.invalidated = true;
    const [fetcher] = this.fetchers;
    return fetcher ? this.fetch(fetcher(), { replace: true }) : Promise.resolve();
  }

  /**
   * Data the app has from elsewhere (a change's answer): newer than the answer to a fetch begun
   * before it, which is then ignored; the next fetch starts anew rather than joining that one.
   */
  setData(data: T): void {
    this.fetches += 1;
    this.pending = null;
    this.set(this.withData(data));
  }

  /** The state once `data` has arrived, by a fetch or from the app: fresh, and not fetching. */
  private withData(data: T): Partial<QueryState<T>> {
    this.invalidated = false;
    const { data: previous } = this.state;
    return {
      data: replaceEqualDeep(previous, data),
      error: null,
      status: 'success',
      dataUpdatedAt: Date.now(),
      isFetching: false,
    };
  }

  private async run({ queryFn, retry, retryDelay }: FetchOptions<T>, fetch: number) {
    const replaced = () => fetch !== this.fetches;
    for (let failures = 0; ; failures += 1) {
      try {
        const data = await queryFn();
        if (!replaced()) this.set(this.withData(data));
        return;
      } catch (error) {
        if (replaced()) return;
        if (!retry?.(failures, error)) {
          const failure = error instanceof Error ? error : new Error(String(error));
          this.set({ error: failure, status: 'error', isFetching: false });
          return;
        }
        await sleep(retryDelay?.(failures) ?? 0);
        if (replaced()) return;
      }
    }
  }

  private set(change: Partial<QueryState<T>>) {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }
}

export class QueryCache {
  private readonly queries = new Map<string, Query>();

  /** The entry of `key`, created empty if there is none. */
  get<T>(key: QueryKey): Query<T> {
    const hash = hashKey(key);
    let query = this.queries.get(hash);
    if (!query) {
      query = new Query(key, () => {
        if (this.queries.get(hash) === query) this.queries.delete(hash);
      });
      this.queries.set(hash, query);
    }
    return query as Query<T>;
  }

  /** Every entry whose key starts with `prefix`. */
  matching(prefix: QueryKey): Query[] {
    return [...this.queries.values()].filter((query) => startsWith(query.key, prefix));
  }
}

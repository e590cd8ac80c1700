import { notify, type Database, type DatabaseHandle } from '../../db/client';

/**
 * A per-instance memo of content that changes rarely and is read by nearly every request: the
 * current season's calendar and each week's questions. Writers of seasons, events, weeks and
 * questions NOTIFY `CONTENT_CHANNEL` in their transaction (`notifyContentChanged`); every
 * instance LISTENs and drops its memo, as the standings cache does (ADR 0010).
 * Reads inside a transaction are never memoised: only the database handle itself is. While the
 * LISTEN connection is down, nothing is memoised: other instances' changes would go unheard.
 */

export const CONTENT_CHANNEL = 'podium_content';

interface Memo {
  entries: Map<string, Promise<unknown>>;
  listening: boolean;
  users: number;
  stop: () => Promise<void>;
}

const memos = new WeakMap<object, Memo>();

/** Starts memoising reads on `database` (shared by the apps on it); returns the stop function. */
export async function cacheContent(database: DatabaseHandle): Promise<() => Promise<void>> {
  let memo = memos.get(database.db);
  if (!memo) {
    const entries = new Map<string, Promise<unknown>>();
    const clear = () => entries.clear();
    const created: Memo = { entries, listening: true, users: 0, stop: async () => {} };
    created.stop = await database.listen(CONTENT_CHANNEL, clear, (listening) => {
      created.listening = listening;
      clear();
    });
    memos.set(database.db, created);
    memo = created;
  }
  const own = memo;
  own.users += 1;
  return async () => {
    own.users -= 1;
    if (own.users > 0) return;
    memos.delete(database.db);
    own.entries.clear();
    await own.stop();
  };
}

/**
 * `load()`'s result, shared by every caller until the next change. The value is frozen: callers
 * share it and must not change it. A change arriving while loading clears the entry, so the
 * next read loads again.
 */
export function memoised<T extends object>(
  db: Database,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const memo = memos.get(db);
  if (!memo?.listening) return load();
  const hit = memo.entries.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  const promise = load().then(freeze);
  memo.entries.set(key, promise);
  promise.catch(() => {
    if (memo.entries.get(key) === promise) memo.entries.delete(key);
  });
  return promise;
}

function freeze<T>(value: T): T {
  if (Array.isArray(value)) value.forEach(freeze);
  else if (value !== null && typeof value === 'object' && !(value instanceof Date))
    Object.values(value).forEach(freeze);
  return Object.freeze(value);
}

/** Tells every instance that the calendar or the questions changed (once `db` commits). */
export async function notifyContentChanged(db: Database): Promise<void> {
  await notify(db, CONTENT_CHANNEL, '');
}

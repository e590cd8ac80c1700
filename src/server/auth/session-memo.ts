import type { DatabaseHandle } from '../db/client';
import type { PlayerRow } from '../features/players/repository';
import { SESSIONS_CHANNEL } from './session-channel';

/**
 * A per-instance memo of signed-in sessions, their players and the players' active weeks (ADR
 * 0011): every signed-in request starts by finding its session, and a round trip for it cost
 * more than a standings read itself. PostgreSQL stays the truth. Whoever deletes or changes a
 * session, or changes a player or their active weeks, NOTIFYs `SESSIONS_CHANNEL`
 * (session-channel.ts) in the same transaction; every instance LISTENs and forgets the entry,
 * the writing one before its promise resolves (db/client.ts `notify`). While the LISTEN connection is down, the memo is off: other
 * instances' changes would go unheard.
 */

/** What a request needs of its session to decide, without the database, that it may go on. */
export interface MemoisedSession {
  expiresAt: Date;
  /** As this instance last wrote or read it: another instance may have touched it since. */
  lastSeenAt: Date;
  accessTokenExpiresAt: Date | null;
  /** When the player's organiser role is to be asked of the provider again. */
  roleCheckDueAt: Date;
  player: PlayerRow;
  /** The player's active weeks of one season, once a request has read them. */
  activeWeeks?: { seasonId: string; flags: boolean[] };
}

export interface SessionMemo {
  get(idHash: string): MemoisedSession | undefined;
  /** Remembers what was read from the database, unless a change was heard since `readAt`. */
  set(idHash: string, entry: MemoisedSession, readAt: number): void;
  forget(idHash: string): void;
  /** A mark to pass to `set`: taken before reading the database. */
  mark(): number;
  /** Sessions held now (for the metrics). */
  size(): number;
  close(): Promise<void>;
}

/**
 * At most this many sessions by default (~1 KB each), the oldest dropped first: an entry lives
 * a minute at most anyway, so there is no use keeping the most recently used order (which
 * would cost every read a delete and an insert).
 */
const MAX_ENTRIES = 50_000;
/**
 * A safety net only: an entry is read again after this long even if no change was heard (a
 * LISTEN connection that died without the server noticing yet).
 */
const MAX_AGE_MS = 60_000;

export async function createSessionMemo(
  database: DatabaseHandle,
  now: () => number = Date.now,
  maxEntries = MAX_ENTRIES,
): Promise<SessionMemo> {
  const entries = new Map<string, MemoisedSession & { storedAt: number }>();
  const byPlayer = new Map<string, Set<string>>();
  /** Counts the changes heard, so that a read that raced a change is not remembered. */
  let changes = 0;
  let listening = true;

  const forget = (idHash: string) => {
    const entry = entries.get(idHash);
    if (!entry) return;
    entries.delete(idHash);
    const hashes = byPlayer.get(entry.player.id);
    hashes?.delete(idHash);
    if (hashes?.size === 0) byPlayer.delete(entry.player.id);
  };
  const clear = () => {
    changes += 1;
    entries.clear();
    byPlayer.clear();
  };
  const onMessage = (payload: string) => {
    changes += 1;
    const [kind, id = ''] = [payload.slice(0, 1), payload.slice(2)];
    if (kind === 's') forget(id);
    else if (kind === 'p') for (const idHash of [...(byPlayer.get(id) ?? [])]) forget(idHash);
    else clear();
  };
  const stop = await database.listen(SESSIONS_CHANNEL, onMessage, (connected) => {
    listening = connected;
    clear();
  });

  return {
    get(idHash) {
      if (!listening) return undefined;
      const entry = entries.get(idHash);
      if (!entry) return undefined;
      if (now() - entry.storedAt > MAX_AGE_MS) {
        forget(idHash);
        return undefined;
      }
      return entry;
    },
    set(idHash, entry, readAt) {
      if (!listening || readAt !== changes) return;
      forget(idHash);
      entries.set(idHash, { ...entry, storedAt: now() });
      const hashes = byPlayer.get(entry.player.id) ?? new Set<string>();
      byPlayer.set(entry.player.id, hashes.add(idHash));
      if (entries.size > maxEntries) forget(entries.keys().next().value!);
    },
    forget,
    mark: () => changes,
    size: () => entries.size,
    close: stop,
  };
}

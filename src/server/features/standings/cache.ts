import type { Clock } from '../../clock';
import type { DatabaseHandle } from '../../db/client';
import { STANDINGS_CHANNEL } from './repository';
import { buildSnapshot, type StandingsSnapshot } from './snapshot';

export interface StandingsCache {
  get(): Promise<StandingsSnapshot | null>;
  invalidate(): void;
  close(): Promise<void>;
}

/**
 * One standings snapshot per instance, rebuilt after any change. Writers NOTIFY in their
 * transaction (repository.notifyStandingsChanged); every instance LISTENs, so a write on one
 * instance is seen by all, and a lost LISTEN connection turns the cache off until it is back.
 * Without a change, the snapshot is still rebuilt when a week opens or closes.
 */
export async function createStandingsCache(
  database: DatabaseHandle,
  clock: Clock,
): Promise<StandingsCache> {
  let snapshot: Promise<StandingsSnapshot | null> | null = null;
  let version = 0;
  const invalidate = () => {
    version += 1;
    snapshot = null;
  };
  // Without its LISTEN connection (the database restarting) this instance would not hear of
  // other instances' writes: until it is back, every read builds afresh.
  let listening = true;
  const stop = await database.listen(STANDINGS_CHANNEL, invalidate, (connected) => {
    listening = connected;
    invalidate();
  });

  const stillCurrent = (value: StandingsSnapshot | null) =>
    !value?.validUntil || clock.now() < value.validUntil;

  return {
    async get() {
      if (!listening) return buildSnapshot(database.db, clock.now());
      if (snapshot) {
        const value = await snapshot.catch(() => undefined);
        if (value !== undefined && stillCurrent(value)) return value;
        invalidate();
      }
      const building = version;
      const promise = buildSnapshot(database.db, clock.now());
      snapshot = promise;
      try {
        return await promise;
      } catch (error) {
        if (building === version) snapshot = null;
        throw error;
      } finally {
        // A change that arrived while building makes this snapshot stale.
        if (building !== version && snapshot === promise) snapshot = null;
      }
    },
    invalidate,
    close: stop,
  };
}

import type { Clock } from '../../clock';
import type { DatabaseHandle } from '../../db/client';
import { STANDINGS_CHANNEL } from './repository';
import { buildSnapshot, type StandingsSnapshot } from './snapshot';

export interface StandingsCache {
  get(): Promise<StandingsSnapshot | null>;
  invalidate(): void;
  close(): Promise<void>;
}

/** One build of the snapshot. */
interface Build {
  /** The cache's version when the build started; null while it waits for the build before it. */
  version: number | null;
  /** Set once the build has ended: its snapshot, or `failed`. */
  outcome?: { snapshot: StandingsSnapshot | null } | 'failed';
  promise: Promise<StandingsSnapshot | null>;
}

/**
 * One standings snapshot per instance, rebuilt after any change. Writers NOTIFY in their
 * transaction (repository.notifyStandingsChanged); every instance LISTENs, so a write on one
 * instance is seen by all, and a lost LISTEN connection turns the cache off until it is back.
 * Without a change, the snapshot is still rebuilt when a week opens or closes.
 *
 * A read gets a snapshot whose build started after every change this instance had heard of when
 * the read arrived. At most one build runs at a time: the reads that arrive during a build, after
 * a change it cannot contain, share one build that starts when it ends (ADR 0008). At the peak of
 * a week changes come faster than a build takes, and one build then serves every read that
 * waited for it instead of each read starting its own.
 */
export async function createStandingsCache(
  database: DatabaseHandle,
  clock: Clock,
): Promise<StandingsCache> {
  let version = 0;
  /** The newest build: done, running, or waiting for the one before it. */
  let latest: Build | null = null;
  const invalidate = () => {
    version += 1;
  };
  // Without its LISTEN connection (the database restarting) this instance would not hear of
  // other instances' writes: until it is back, every read builds afresh.
  let listening = true;
  const stop = await database.listen(STANDINGS_CHANNEL, invalidate, (connected) => {
    listening = connected;
    invalidate();
  });

  /** Starts a build now, or once `before` has ended. */
  const schedule = (before: Build | null): Build => {
    const build: Build = { version: null, promise: Promise.resolve(null) };
    const run = () => {
      build.version = version;
      return buildSnapshot(database.db, clock.now());
    };
    build.promise = (before ? before.promise.then(run, run) : run()).then(
      (snapshot) => {
        build.outcome = { snapshot };
        return snapshot;
      },
      (error: unknown) => {
        build.outcome = 'failed';
        throw error;
      },
    );
    latest = build;
    return build;
  };

  /** A finished build still answers if nothing changed since it started and no week turned. */
  const stillAnswers = ({ version: started, outcome }: Build) => {
    if (!outcome || outcome === 'failed' || started !== version) return false;
    const until = outcome.snapshot?.validUntil;
    return !until || clock.now() < until;
  };

  return {
    get() {
      if (!listening) return buildSnapshot(database.db, clock.now());
      const build = latest;
      if (!build || (build.outcome && !stillAnswers(build))) return schedule(null).promise;
      // Running but started before a change: the build after it, shared with other such reads.
      if (!build.outcome && build.version !== null && build.version !== version) {
        return schedule(build).promise;
      }
      return build.promise;
    },
    invalidate,
    close: stop,
  };
}

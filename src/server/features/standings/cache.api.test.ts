import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025, teamByCode } from '../../../../tests/factories';
import { createPlayApp, registeredPlayer, type PlayApp } from '../../../../tests/play-helpers';
import { recordScore } from './aggregates';
import { createStandingsCache, type StandingsCache } from './cache';

/**
 * The cache against the real database: a read that follows a committed write on the same
 * instance never sees the snapshot from before it. On PostgreSQL the dedicated LISTEN
 * connection gets the NOTIFY only after the writer's COMMIT has returned, so this needs the
 * writer's own connection to deliver it.
 */

let t: PlayApp;
let cache: StandingsCache;
beforeAll(async () => {
  t = await createPlayApp(moments2025.week1Open);
  cache = await createStandingsCache(t.database, t.clock);
});
afterAll(async () => {
  await cache?.close();
  await t?.close();
});

describe('the standings cache', () => {
  it('is never stale right after a write commits, 30 writes in a row', async () => {
    const team = await teamByCode(t.database.db, 'es');
    const ana = await registeredPlayer(t, 'demo-ana', { team: 'es' });
    const spain = async () => (await cache.get())!.teamWeeks.get(team.id)![0]!.scoreSum;
    let expected = await spain();
    const stale: number[] = [];
    for (let write = 0; write < 30; write++) {
      await t.database.db.transaction((tx) =>
        recordScore(
          tx,
          { playerId: ana.playerId, seasonId: '2025', setNum: 1, teamId: team.id },
          { scoreDelta: 100, timeMs: 0, played: false, at: t.clock.now() },
        ),
      );
      expected += 100;
      if ((await spain()) !== expected) stale.push(write);
    }
    expect(stale).toEqual([]);
  });

  it('answers a read that follows a write with a build started after it, while an older one runs', async () => {
    const team = await teamByCode(t.database.db, 'es');
    const luis = await registeredPlayer(t, 'demo-luis', { team: 'es' });
    const before = (await cache.get())!.teamWeeks.get(team.id)![0]!.scoreSum;
    cache.invalidate();
    const running = cache.get();
    await t.database.db.transaction((tx) =>
      recordScore(
        tx,
        { playerId: luis.playerId, seasonId: '2025', setNum: 1, teamId: team.id },
        { scoreDelta: 100, timeMs: 0, played: false, at: t.clock.now() },
      ),
    );
    const after = await cache.get();
    // Whatever the running build read, it started before the write: it does not answer.
    expect(after).not.toBe(await running);
    expect(after!.teamWeeks.get(team.id)![0]!.scoreSum).toBe(before + 100);
  });

  it('lets the reads that arrive during a build, after a change, share the one build after it', async () => {
    cache.invalidate();
    const running = cache.get();
    cache.invalidate();
    const waiting = [cache.get(), cache.get(), cache.get()];
    // A change before that next build has started: it will contain it, so it still answers.
    cache.invalidate();
    waiting.push(cache.get());
    const [first, ...next] = await Promise.all([running, ...waiting]);
    expect(new Set(next).size).toBe(1);
    expect(next[0]).not.toBe(first);
    // Nothing changed since it started: it answers the reads that follow.
    expect(await cache.get()).toBe(next[0]);
  });

  it('keeps serving the same snapshot while nothing changes', async () => {
    const first = await cache.get();
    expect(await cache.get()).toBe(first);
  });

  it('rebuilds the snapshot when a week closes, without any write', async () => {
    const during = await cache.get();
    t.clock.set(moments2025.betweenWeeks1And2);
    const after = await cache.get();
    expect(after).not.toBe(during);
    expect(after!.setNum).toBe(during!.setNum);
    expect(after!.validUntil!.getTime()).toBeGreaterThan(during!.validUntil!.getTime());
  });
});

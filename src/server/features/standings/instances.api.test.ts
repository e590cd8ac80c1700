import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSeason2025, moments2025 } from '../../../../tests/factories';
import {
  expectStatus,
  playChallenger,
  playClient,
  playWeek,
  registeredPlayer,
  standingsClient,
  type PlayApp,
  type Player,
} from '../../../../tests/play-helpers';
import { createTestApp, fixedClock } from '../../../../tests/test-app';
import { createTestDatabase } from '../../../../tests/test-database';
import type { DatabaseHandle } from '../../db/client';
import type { CurrentWeek } from '#shared/contracts/play';
import type { Standings } from '#shared/contracts/standings';

/**
 * Two server instances on one database, each with its own standings cache: a write on either
 * reaches the other's cache through NOTIFY. On PostgreSQL each instance has its own pool and
 * LISTEN connection; on PGlite both share the in-process database.
 */

let database: DatabaseHandle;
let a: PlayApp;
let b: PlayApp;
let anaOnA: Player;
let kasiaOnB: Player;

/** One clock for both instances, as servers on synchronised hosts. */
const clock = fixedClock(moments2025.week1Open);

async function instance(): Promise<PlayApp> {
  const app = await createTestApp({
    database,
    clock,
    env: { SESSION_IDLE_MINUTES: '43200', SESSION_ABSOLUTE_HOURS: '2160' },
  });
  return { ...app, clock };
}

/** Polls `read` until `done` holds (NOTIFY reaches the other instance asynchronously). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 2000;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

const overallOn = async (app: PlayApp, player: Player, team: string) =>
  expectStatus<Standings>(
    await standingsClient(app.app, player.cookie).standings(),
    200,
  ).teams.find((row) => row.name === team)!.overall;

beforeAll(async () => {
  database = await createTestDatabase();
  a = await instance();
  b = await instance();
  await loadSeason2025(database.db, clock);
  anaOnA = await registeredPlayer(a, 'demo-ana', { team: 'es' });
  kasiaOnB = await registeredPlayer(b, 'demo-kasia', { team: 'pl' });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
});

describe('two instances on one database', () => {
  it('start from the same standings', async () => {
    expect(await overallOn(a, anaOnA, 'Spain')).toBe(0);
    expect(await overallOn(b, kasiaOnB, 'Spain')).toBe(0);
  });

  it("show a score written on A in B's warm cache", async () => {
    // Both caches are warm (read above); A scores Ana's week.
    await playWeek(a, anaOnA, { pattern: 'rrrrr', secondsEach: 12 });
    expect(await overallOn(a, anaOnA, 'Spain')).toBe(580);
    const seenOnB = await eventually(
      () => overallOn(b, kasiaOnB, 'Spain'),
      (overall) => overall === 580,
    );
    expect(seenOnB).toBe(580);
  });

  it("show a score written on B in A's warm cache", async () => {
    expect(await overallOn(a, anaOnA, 'Poland')).toBe(0);
    await playWeek(b, kasiaOnB, { pattern: 'rrrww', secondsEach: 12 });
    expect(await overallOn(b, kasiaOnB, 'Poland')).toBe(348);
    const seenOnA = await eventually(
      () => overallOn(a, anaOnA, 'Poland'),
      (overall) => overall === 348,
    );
    expect(seenOnA).toBe(348);
  });

  it('agree after a challenger decided on one instance for a player of the other', async () => {
    // Ana's attempt, scored through A, has its challenger answered through B.
    const { attemptId } = expectStatus<CurrentWeek>(await anaOnA.current(), 200);
    const anaThroughB = playClient(b.app, anaOnA.cookie);
    await playChallenger(b, anaThroughB, attemptId!, 'right');
    expect(await overallOn(b, anaOnA, 'Spain')).toBe(1080);
    const seenOnA = await eventually(
      () => overallOn(a, anaOnA, 'Spain'),
      (overall) => overall === 1080,
    );
    expect(seenOnA).toBe(1080);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025 } from '../../../../tests/factories';
import {
  answerKey,
  createPlayApp,
  expectStatus,
  playMainSet,
  registeredPlayer,
  SECOND,
  signedInPlayer,
  type PlayApp,
  type Player,
} from '../../../../tests/play-helpers';
import type { PlayerStats } from '#shared/contracts/play';

/** GET /api/me/stats: the account page's tiles, from the player's scored attempts. */

let t: PlayApp;
beforeAll(async () => {
  t = await createPlayApp();
});
afterAll(() => t.close());

const NOTHING_YET: PlayerStats = {
  totalScore: 0,
  bestWeekScore: null,
  fastestSeconds: null,
  challengersAttempted: 0,
  challengersCorrect: 0,
};
const statsOf = async (player: Player) => expectStatus<PlayerStats>(await player.stats(), 200);

describe('GET /api/me/stats', () => {
  let player: Player;
  beforeAll(async () => {
    t.clock.set(moments2025.week1Open);
    player = await registeredPlayer(t, 'demo-ana');
  });

  it('answers zeros and nulls before the player has played, registered or not', async () => {
    const response = await player.stats();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(expectStatus<PlayerStats>(response, 200)).toEqual(NOTHING_YET);
    expect(await statsOf(await signedInPlayer(t, 'demo-emily'))).toEqual(NOTHING_YET);
  });

  it('does not count an attempt still in progress', async () => {
    const other = await registeredPlayer(t, 'demo-luis');
    const started = expectStatus(await other.start(), 200);
    const key = await answerKey(t.database.db, started.id);
    t.clock.advance(10 * SECOND);
    expectStatus(await other.answer(started.id, 1, key.right(1)), 200);
    expect(await statsOf(other)).toEqual(NOTHING_YET);
    t.clock.set(moments2025.week1Open);
  });

  it('counts week 1: five right in 60 s (5.80) and the challenger right (+5)', async () => {
    const played = await playMainSet(t, player, 'rrrrr');
    expectStatus(await player.startChallenger(played.id), 200);
    const key = await answerKey(t.database.db, played.id);
    t.clock.advance(20 * SECOND);
    const done = expectStatus(await player.answerChallenger(played.id, key.challengerRight()), 200);
    expect(done.weekScore).toBe(1080);
    expect(await statsOf(player)).toEqual({
      totalScore: 1080,
      bestWeekScore: 1080,
      fastestSeconds: 60,
      challengersAttempted: 1,
      challengersCorrect: 1,
    });
  });

  it('adds week 2, timed out after one answer in 5 s, challenger wrong: fastest stays the completed 60 s', async () => {
    t.clock.set(new Date('2025-02-11T10:00:00Z'));
    const started = expectStatus(await player.start(), 200);
    expect(started.setNum).toBe(2);
    const key = await answerKey(t.database.db, started.id);
    t.clock.advance(5 * SECOND);
    expectStatus(await player.answer(started.id, 1, key.right(1)), 200);
    t.clock.advance(400 * SECOND);
    const closed = expectStatus(await player.attempt(started.id), 200);
    // The time-out used its 300 s (not the 5 s of its answer), and is never the fastest.
    expect(closed.result).toMatchObject({ timedOut: true, elapsedSeconds: 300, mainScore: 100 });

    expectStatus(await player.startChallenger(started.id), 200);
    const withChallenger = await answerKey(t.database.db, started.id);
    t.clock.advance(10 * SECOND);
    const done = expectStatus(
      await player.answerChallenger(started.id, withChallenger.challengerWrong()),
      200,
    );
    expect(done.weekScore).toBe(50);

    expect(await statsOf(player)).toEqual({
      totalScore: 1130,
      bestWeekScore: 1080,
      fastestSeconds: 60,
      challengersAttempted: 2,
      challengersCorrect: 1,
    });
  });

  it("shows only the player's own results", async () => {
    expect(await statsOf(await signedInPlayer(t, 'demo-emily'))).toEqual(NOTHING_YET);
  });
});

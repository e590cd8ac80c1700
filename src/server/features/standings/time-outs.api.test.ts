import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025 } from '../../../../tests/factories';
import { ok, signInOrganiser } from '../../../../tests/organise-helpers';
import {
  answerKey,
  createPlayApp,
  expectStatus,
  playMainSet,
  registeredPlayer,
  SECOND,
  standingsClient,
  storedAttempt,
  type PlayApp,
  type Player,
} from '../../../../tests/play-helpers';
import type { Attempt } from '#shared/contracts/play';
import type { Dashboard } from '#shared/contracts/organise-reports';
import type { MyTeam } from '#shared/contracts/standings';

/**
 * A time-out is the slowest set there is, not the fastest (`timeUsedMs`). Canada: Olivia answers
 * one question after 20 s and lets the 5 minutes run out (300 s used); Emily answers all five
 * in 60 s. The team's average is (300 + 60) / 2 = 180 s; counting the time-out as 0 s or as
 * its last answer (20 s) would give 30 s or 40 s.
 */

let t: PlayApp;
let olivia: Player;
let emily: Player;
let timedOut: Attempt;
beforeAll(async () => {
  t = await createPlayApp(moments2025.week1Open);
  olivia = await registeredPlayer(t, 'demo-olivia', { team: 'ca' });
  emily = await registeredPlayer(t, 'demo-emily', { team: 'ca' });
  const started = expectStatus<Attempt>(await olivia.start(), 200);
  const key = await answerKey(t.database.db, started.id);
  t.clock.advance(20 * SECOND);
  expectStatus(await olivia.answer(started.id, 1, key.right(1)), 200);
  t.clock.advance(7 * 60 * SECOND);
  // Reading the attempt closes it: its time ran out 4 min 40 s after the answer.
  timedOut = expectStatus<Attempt>(await olivia.attempt(started.id), 200);
  await playMainSet(t, emily, 'rrrrr', 12);
});
afterAll(() => t.close());

describe('a timed-out set', () => {
  it('is scored as a time-out with the answer it reached', () => {
    expect(timedOut.result).toMatchObject({ timedOut: true, answeredCount: 1, correctCount: 1 });
  });

  it('used the whole 5 minutes up to its deadline, not 0 s nor the 20 s of its answer', async () => {
    expect(timedOut.result!.elapsedSeconds).toBe(300);
    expect((await storedAttempt(t.database.db, timedOut.id)).attempt.elapsedMs).toBe(300_000);
  });
});

describe("the team's average speed", () => {
  it('counts the time-out as 300 s on the leaderboard tile: (300 + 60) / 2 = 180 s', async () => {
    const mine = expectStatus<MyTeam>(await standingsClient(t.app, emily.cookie).myTeam(), 200);
    expect(mine).toMatchObject({ name: 'Canada', participants: 2, averageSeconds: 180 });
  });

  it("counts it the same on the organiser's dashboard, for the team and the week", async () => {
    const organiser = await signInOrganiser(t.app);
    const board = ok<Dashboard>(await organiser.get('/api/organise/weeks/1/dashboard'));
    expect(board.teams.find((team) => team.name === 'Canada')).toMatchObject({
      played: 2,
      averageSeconds: 180,
    });
    expect(board.totals.averageSeconds).toBe(180);
  });
});

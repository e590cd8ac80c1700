import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025 } from '../../../../tests/factories';
import {
  createPlayApp,
  errorCode,
  expectStatus,
  registeredPlayer,
  signedInPlayer,
  type PlayApp,
} from '../../../../tests/play-helpers';
import type { CurrentWeek } from '#shared/contracts/play';

/**
 * After the season's last week, /questions once said 'come back when the next week opens'.
 * GET /api/weeks/current now says season-over once week 6 (10–14 March 2025) has closed in the
 * player's team time zone. Players register in week 1 and sign in again later (sessions idle
 * out over the weeks).
 */

let t: PlayApp;
beforeAll(async () => {
  t = await createPlayApp(moments2025.week1Open);
  await registeredPlayer(t, 'demo-emily', { team: 'us' });
  await registeredPlayer(t, 'demo-putri', { team: 'id' });
});
afterAll(() => t.close());

const stateOf = async (account: string) => {
  const player = await signedInPlayer(t, account);
  return { player, view: expectStatus<CurrentWeek>(await player.current(), 200) };
};

describe('GET /api/weeks/current after the last week', () => {
  it('says season-over, not "come back next week", still naming week 6, and refuses to start', async () => {
    t.clock.set(moments2025.afterSeason);
    const { player, view } = await stateOf('demo-emily');
    expect(view).toMatchObject({ state: 'season-over', attemptId: null, week: { setNum: 6 } });
    expect(errorCode(await player.start(), 409)).toBe('WEEK_CLOSED');
  });

  it('says it from the moment week 6 closes in the team time zone (Jakarta, UTC+7), not before', async () => {
    // Friday 14 March ends in Jakarta at 16:59:59.999Z.
    t.clock.set(new Date('2025-03-14T16:59:59.000Z'));
    expect((await stateOf('demo-putri')).view.state).toBe('ready');
    t.clock.set(new Date('2025-03-14T17:00:00.000Z'));
    expect((await stateOf('demo-putri')).view.state).toBe('season-over');
  });

  it('keeps week 6 open in New York (UTC−5) at that moment: no season-over yet there', async () => {
    expect((await stateOf('demo-emily')).view.state).toBe('ready');
  });
});

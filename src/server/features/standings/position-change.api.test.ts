import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments2025 } from '../../../../tests/factories';
import {
  createPlayApp,
  expectStatus,
  playWeek,
  registeredPlayer,
  standingsClient,
  week2Open,
  type PlayApp,
  type Player,
} from '../../../../tests/play-helpers';
import type { Standings } from '#shared/contracts/standings';

/**
 * The change of position since the previous week closed. Week 1: Spain (Ana, 5.80) leads
 * Poland (Kasia, 3.48). Week 2: Kasia scores 5.80 and Ana does not play, so Poland (9.28)
 * overtakes Spain (5.80).
 */

let t: PlayApp;
let ana: Player;
let kasia: Player;

const rows = async () => {
  const standings = expectStatus<Standings>(
    await standingsClient(t.app, ana.cookie).standings(),
    200,
  );
  const pick = (name: string) => {
    const team = standings.teams.find((row) => row.name === name)!;
    return [team.position, team.overall, team.change];
  };
  return { setNum: standings.setNum, spain: pick('Spain'), poland: pick('Poland'), standings };
};

beforeAll(async () => {
  t = await createPlayApp(moments2025.week1Open);
  ana = await registeredPlayer(t, 'demo-ana', { team: 'es' });
  kasia = await registeredPlayer(t, 'demo-kasia', { team: 'pl' });
  await playWeek(t, ana, { pattern: 'rrrrr', secondsEach: 12 });
  await playWeek(t, kasia, { pattern: 'rrrww', secondsEach: 12 });
});
afterAll(() => t.close());

describe('position change', () => {
  it('is unknown (null) during week 1: no week has closed yet', async () => {
    const { setNum, spain, poland, standings } = await rows();
    expect(setNum).toBe(1);
    expect(spain).toEqual([1, 580, null]);
    expect(poland).toEqual([2, 348, null]);
    expect(standings.teams.every((team) => team.change === null)).toBe(true);
  });

  it('is still unknown between weeks 1 and 2: the figures run to week 1', async () => {
    t.clock.set(moments2025.betweenWeeks1And2);
    const { setNum, spain, poland } = await rows();
    expect(setNum).toBe(1);
    expect(spain).toEqual([1, 580, null]);
    expect(poland).toEqual([2, 348, null]);
  });

  it('is 0 for every team when week 2 opens and nothing has moved yet', async () => {
    t.clock.set(week2Open);
    const { setNum, spain, poland, standings } = await rows();
    expect(setNum).toBe(2);
    expect(spain).toEqual([1, 580, 0]);
    expect(poland).toEqual([2, 348, 0]);
    expect(standings.teams.every((team) => team.change === 0)).toBe(true);
  });

  it('shows +1 for the team that overtakes and −1 for the one overtaken', async () => {
    await playWeek(t, kasia, { pattern: 'rrrrr', secondsEach: 12 });
    const { spain, poland, standings } = await rows();
    expect(poland).toEqual([1, 348 + 580, 1]);
    expect(spain).toEqual([2, 580, -1]);
    const others = standings.teams.filter((team) => !['Spain', 'Poland'].includes(team.name));
    expect(others.every((team) => team.change === 0)).toBe(true);
  });
});

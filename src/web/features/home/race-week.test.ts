import { describe, expect, it } from 'vitest';
import type { Me, PlayerWeek } from '#shared/contracts/me';
import { currentEvent, nextWeek, raceWeek } from './race-week';

type Season = NonNullable<Me['season']>;

const week = (setNum: number, status: PlayerWeek['status']): PlayerWeek => ({
  setNum,
  eventId: Math.ceil(setNum / 2),
  eventWeek: setNum % 2 === 1 ? 1 : 2,
  opensAt: '2025-02-04T00:00:00Z',
  closesAt: '2025-02-07T23:59:59Z',
  opensOn: '2025-02-04',
  closesOn: '2025-02-07',
  status,
  active: true,
  changeable: false,
});

/** A season whose weeks before `current` are closed, `current` has `status`, the rest upcoming. */
function season(current: number, status: PlayerWeek['status']): Season {
  return {
    id: 'test',
    name: 'Test',
    productName: 'Podium',
    registrationClosesAt: '2025-02-24T00:00:00Z',
    registrationOpen: false,
    phase: status === 'open' ? 'week-open' : 'between-weeks',
    currentSetNum: current,
    teamChangeable: false,
    events: [
      { id: 1, key: 'canoe', track: 1 },
      { id: 2, key: 'cyclocross', track: 2 },
      { id: 3, key: 'marathon', track: 3 },
    ],
    weeks: [1, 2, 3, 4, 5, 6].map((setNum) =>
      week(setNum, setNum < current ? 'closed' : setNum === current ? status : 'upcoming'),
    ),
  };
}

describe('the race on the home track', () => {
  it('runs the open week', () => {
    expect(raceWeek(season(3, 'open'))?.setNum).toBe(3);
    expect(currentEvent(season(3, 'open'))?.key).toBe('cyclocross');
  });

  it('between the two weeks of an event, shows the week that just closed', () => {
    expect(raceWeek(season(4, 'upcoming'))?.setNum).toBe(3);
    expect(nextWeek(season(4, 'upcoming'))?.setNum).toBe(4);
  });

  it('between two events, shows the next event not yet started', () => {
    expect(raceWeek(season(3, 'upcoming'))?.setNum).toBe(3);
    expect(currentEvent(season(3, 'upcoming'))?.key).toBe('cyclocross');
  });
});

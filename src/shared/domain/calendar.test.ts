import { describe, expect, it } from 'vitest';
import {
  canChangeWeek,
  launchAt,
  nextStatusChange,
  nextTeamChange,
  seasonPosition,
  setNumber,
  weekStatus,
  weekWindow,
  type CalendarWeek,
} from './calendar';

/** The 2025 championship (content/seasons/2025.json). */
const weeks2025: CalendarWeek[] = [
  { setNum: 1, eventId: 1, eventWeek: 1, opensOn: '2025-02-04', closesOn: '2025-02-07' },
  { setNum: 2, eventId: 1, eventWeek: 2, opensOn: '2025-02-10', closesOn: '2025-02-14' },
  { setNum: 3, eventId: 2, eventWeek: 1, opensOn: '2025-02-17', closesOn: '2025-02-21' },
  { setNum: 4, eventId: 2, eventWeek: 2, opensOn: '2025-02-24', closesOn: '2025-02-28' },
  { setNum: 5, eventId: 3, eventWeek: 1, opensOn: '2025-03-03', closesOn: '2025-03-07' },
  { setNum: 6, eventId: 3, eventWeek: 2, opensOn: '2025-03-10', closesOn: '2025-03-14' },
];
const week1 = weeks2025[0]!;

const at = (value: string) => new Date(value);
const plusMs = (date: Date, ms: number) => new Date(date.getTime() + ms);

describe('weekWindow', () => {
  it('opens week 1 (Tue 4 – Fri 7 Feb) at local midnight and closes it at the last millisecond of Friday', () => {
    expect(weekWindow(week1, 'Europe/Madrid')).toEqual({
      opensAt: at('2025-02-03T23:00:00.000Z'),
      closesAt: at('2025-02-07T22:59:59.999Z'),
    });
    expect(weekWindow(week1, 'Asia/Bangkok')).toEqual({
      opensAt: at('2025-02-03T17:00:00.000Z'),
      closesAt: at('2025-02-07T16:59:59.999Z'),
    });
    expect(weekWindow(week1, 'America/Mexico_City')).toEqual({
      opensAt: at('2025-02-04T06:00:00.000Z'),
      closesAt: at('2025-02-08T05:59:59.999Z'),
    });
  });

  it('keeps local midnight to local midnight when summer time starts during the week', () => {
    const window = weekWindow({ opensOn: '2025-03-24', closesOn: '2025-03-30' }, 'Europe/Madrid');
    expect(window.opensAt).toEqual(at('2025-03-23T23:00:00.000Z')); // CET
    expect(window.closesAt).toEqual(at('2025-03-30T21:59:59.999Z')); // CEST
    const newYork = weekWindow(
      { opensOn: '2025-03-03', closesOn: '2025-03-09' },
      'America/New_York',
    );
    expect(newYork.opensAt).toEqual(at('2025-03-03T05:00:00.000Z'));
    expect(newYork.closesAt).toEqual(at('2025-03-10T03:59:59.999Z'));
  });

  it('treats a one-day week as the whole of that local day', () => {
    const window = weekWindow(
      { opensOn: '2025-09-07', closesOn: '2025-09-07' },
      'America/Santiago',
    );
    expect(window.opensAt).toEqual(at('2025-09-07T04:00:00.000Z')); // midnight is skipped there
    expect(window.closesAt).toEqual(at('2025-09-08T02:59:59.999Z'));
  });
});

describe('weekStatus', () => {
  for (const zone of ['Asia/Bangkok', 'America/Mexico_City']) {
    it(`in ${zone}: upcoming 1 ms before opening, open from the first to the last ms, closed 1 ms later`, () => {
      const { opensAt, closesAt } = weekWindow(week1, zone);
      expect(weekStatus(week1, zone, plusMs(opensAt, -1))).toBe('upcoming');
      expect(weekStatus(week1, zone, opensAt)).toBe('open');
      expect(weekStatus(week1, zone, closesAt)).toBe('open');
      expect(weekStatus(week1, zone, plusMs(closesAt, 1))).toBe('closed');
    });
  }

  it('opens the same week 13 hours earlier in Bangkok than in Mexico City', () => {
    // Monday 3 Feb, 17:00Z: Tuesday 00:00 in Bangkok, Monday 11:00 in Mexico City.
    const instant = at('2025-02-03T17:00:00.000Z');
    expect(weekStatus(week1, 'Asia/Bangkok', instant)).toBe('open');
    expect(weekStatus(week1, 'America/Mexico_City', instant)).toBe('upcoming');
    const gap = weekWindow(week1, 'America/Mexico_City').opensAt.getTime() - instant.getTime();
    expect(gap).toBe(13 * 3_600_000);
  });

  it('has week 1 closed in Bangkok while it is still Friday evening in Mexico City', () => {
    // Saturday 8 Feb, 00:00Z: Saturday 07:00 in Bangkok, Friday 18:00 in Mexico City.
    const instant = at('2025-02-08T00:00:00.000Z');
    expect(weekStatus(week1, 'Asia/Bangkok', instant)).toBe('closed');
    expect(weekStatus(week1, 'America/Mexico_City', instant)).toBe('open');
  });
});

describe('seasonPosition', () => {
  const madrid = (instant: string) => seasonPosition(weeks2025, 'Europe/Madrid', at(instant));

  it('is before launch, pointing at week 1, until the last millisecond before week 1 opens', () => {
    expect(madrid('2025-01-27T09:00:00.000Z')).toEqual({ phase: 'before-launch', week: week1 });
    expect(madrid('2025-02-03T22:59:59.999Z')).toEqual({ phase: 'before-launch', week: week1 });
  });

  it('is week-open with the open week as current week', () => {
    expect(madrid('2025-02-03T23:00:00.000Z')).toEqual({ phase: 'week-open', week: week1 });
    expect(madrid('2025-02-12T10:00:00.000Z')).toEqual({ phase: 'week-open', week: weeks2025[1] });
    expect(madrid('2025-03-14T22:59:59.999Z')).toEqual({ phase: 'week-open', week: weeks2025[5] });
  });

  it('is between weeks, pointing at the next week, from the end of one week to the next opening', () => {
    expect(madrid('2025-02-07T23:00:00.000Z')).toEqual({
      phase: 'between-weeks',
      week: weeks2025[1],
    });
    expect(madrid('2025-02-08T12:00:00.000Z').week?.setNum).toBe(2);
    expect(madrid('2025-03-09T22:59:59.999Z')).toEqual({
      phase: 'between-weeks',
      week: weeks2025[5],
    });
  });

  it('has ended, pointing at the last week, once week 6 has closed', () => {
    expect(madrid('2025-03-14T23:00:00.000Z')).toEqual({ phase: 'ended', week: weeks2025[5] });
    expect(madrid('2026-01-01T00:00:00.000Z')).toEqual({ phase: 'ended', week: weeks2025[5] });
  });

  it('depends on the zone: at one instant Bangkok is in week 1 while Madrid has not launched', () => {
    const instant = at('2025-02-03T18:00:00.000Z');
    expect(seasonPosition(weeks2025, 'Asia/Bangkok', instant).phase).toBe('week-open');
    expect(seasonPosition(weeks2025, 'Europe/Madrid', instant).phase).toBe('before-launch');
  });

  it('depends on the zone: Bangkok is between weeks while Mexico City still plays week 1', () => {
    const instant = at('2025-02-08T00:00:00.000Z');
    expect(seasonPosition(weeks2025, 'Asia/Bangkok', instant)).toEqual({
      phase: 'between-weeks',
      week: weeks2025[1],
    });
    expect(seasonPosition(weeks2025, 'America/Mexico_City', instant)).toEqual({
      phase: 'week-open',
      week: week1,
    });
  });

  it('orders weeks by set number whatever order they are given in', () => {
    const shuffled = [...weeks2025].reverse();
    expect(seasonPosition(shuffled, 'Europe/Madrid', at('2025-01-27T09:00:00Z')).week).toBe(week1);
  });

  it('has ended with no current week when the season has no weeks', () => {
    expect(seasonPosition([], 'Europe/Madrid', at('2025-02-05T10:00:00Z'))).toEqual({
      phase: 'ended',
      week: null,
    });
  });
});

describe('canChangeWeek', () => {
  it('allows changes until the end of the day before the week opens, in the given zone', () => {
    // Week 1 opens Tue 4 Feb; Monday 3 Feb 23:59:59.999 in Madrid is 22:59:59.999Z.
    expect(canChangeWeek(week1, 'Europe/Madrid', at('2025-02-03T22:59:59.999Z'))).toBe(true);
    expect(canChangeWeek(week1, 'Europe/Madrid', at('2025-02-03T23:00:00.000Z'))).toBe(false);
  });

  it('refuses changes to an open or closed week, allows them for later weeks', () => {
    const duringWeek1 = at('2025-02-05T10:00:00Z');
    expect(canChangeWeek(week1, 'Europe/Madrid', duringWeek1)).toBe(false);
    expect(canChangeWeek(weeks2025[1]!, 'Europe/Madrid', duringWeek1)).toBe(true);
    expect(canChangeWeek(week1, 'Europe/Madrid', at('2025-02-20T10:00:00Z'))).toBe(false);
  });

  it('on Monday evening in Mexico City, a Mexican player may still change week 1, a Thai player may not', () => {
    // 02:00Z on Tue 4 Feb: Monday 20:00 in Mexico City, Tuesday 09:00 in Bangkok.
    const instant = at('2025-02-04T02:00:00.000Z');
    expect(canChangeWeek(week1, 'America/Mexico_City', instant)).toBe(true);
    expect(canChangeWeek(week1, 'Asia/Bangkok', instant)).toBe(false);
  });
});

describe('setNumber', () => {
  it('numbers the two weeks of events 1, 2, 3 as 1–2, 3–4, 5–6', () => {
    expect(setNumber(1, 1)).toBe(1);
    expect(setNumber(1, 2)).toBe(2);
    expect(setNumber(2, 1)).toBe(3);
    expect(setNumber(2, 2)).toBe(4);
    expect(setNumber(3, 1)).toBe(5);
    expect(setNumber(3, 2)).toBe(6);
  });

  it('agrees with the 2025 calendar', () => {
    for (const week of weeks2025) expect(setNumber(week.eventId, week.eventWeek)).toBe(week.setNum);
  });
});

describe('launchAt', () => {
  it("is week 1's opening in the zone: earlier in Bangkok than in Madrid", () => {
    expect(launchAt(weeks2025, 'Europe/Madrid')).toEqual(at('2025-02-03T23:00:00.000Z'));
    expect(launchAt(weeks2025, 'Asia/Bangkok')).toEqual(at('2025-02-03T17:00:00.000Z'));
    expect(launchAt(weeks2025, 'Europe/Berlin')).toEqual(at('2025-02-03T23:00:00.000Z'));
  });

  it('uses set number 1 even when the weeks come in another order', () => {
    expect(launchAt([...weeks2025].reverse(), 'Europe/Madrid')).toEqual(
      at('2025-02-03T23:00:00.000Z'),
    );
  });

  it('is null for a season without weeks', () => {
    expect(launchAt([], 'Europe/Madrid')).toBeNull();
  });
});

describe('nextStatusChange', () => {
  it('is the next opening or closing after now, in the zone asked for', () => {
    // Wednesday of week 1 in Madrid: next, week 1 closes (the millisecond after Friday ends).
    const wednesday = at('2025-02-05T12:00:00Z');
    expect(nextStatusChange(weeks2025, 'Europe/Madrid', wednesday)).toEqual(
      at('2025-02-07T23:00:00.000Z'),
    );
    // The Saturday between weeks 1 and 2: next, week 2 opens on Monday.
    expect(nextStatusChange(weeks2025, 'Europe/Madrid', at('2025-02-08T10:00:00Z'))).toEqual(
      at('2025-02-09T23:00:00.000Z'),
    );
    expect(nextStatusChange(weeks2025, 'Asia/Bangkok', wednesday)).toEqual(
      at('2025-02-07T17:00:00.000Z'),
    );
  });

  it('holds the statuses until then: one millisecond before, nothing has changed; at it, a week has', () => {
    const now = at('2025-02-05T12:00:00Z');
    const change = nextStatusChange(weeks2025, 'Europe/Madrid', now)!;
    const statuses = (instant: Date) =>
      weeks2025.map((week) => weekStatus(week, 'Europe/Madrid', instant)).join();
    expect(statuses(plusMs(change, -1))).toBe(statuses(now));
    expect(statuses(change)).not.toBe(statuses(now));
  });

  it('counts the opening itself as a change before launch, and is null once every week has closed', () => {
    expect(nextStatusChange(weeks2025, 'Europe/Madrid', at('2025-01-20T00:00:00Z'))).toEqual(
      at('2025-02-03T23:00:00.000Z'),
    );
    expect(nextStatusChange(weeks2025, 'Europe/Madrid', at('2025-03-20T00:00:00Z'))).toBeNull();
  });
});

describe('nextTeamChange', () => {
  const tokyoHonolulu = ['Asia/Tokyo', 'Pacific/Honolulu'];

  it('is now when no week is open in either zone (Saturday 8 Feb, 12:00 UTC)', () => {
    const now = at('2025-02-08T12:00:00Z');
    expect(nextTeamChange(weeks2025, tokyoHonolulu, now)).toEqual({ at: now, week: null });
  });

  it('waits for the week to close in the later zone: from Tokyo (closed) to Honolulu (Friday 07:00)', () => {
    const now = at('2025-02-07T17:00:00Z');
    const expected = { at: at('2025-02-08T10:00:00.000Z'), week: week1 };
    expect(nextTeamChange(weeks2025, tokyoHonolulu, now)).toEqual(expected);
    expect(nextTeamChange(weeks2025, [...tokyoHonolulu].reverse(), now)).toEqual(expected);
    // The last millisecond of Friday in Honolulu is still too early; the next one is the moment.
    expect(nextTeamChange(weeks2025, tokyoHonolulu, at('2025-02-08T09:59:59.999Z'))).toEqual(
      expected,
    );
    expect(nextTeamChange(weeks2025, tokyoHonolulu, expected.at)).toEqual({
      at: expected.at,
      week: null,
    });
  });

  it('skips a close after which the other zone has a week open: before launch in Honolulu, week 1 open in Tokyo', () => {
    // Monday 3 Feb, 20:00 in Honolulu; Tuesday 15:00 in Tokyo. Tokyo's week 1 closes on Friday
    // at 14:59:59Z, while Honolulu's, open from Tuesday 10:00Z, runs until Saturday 10:00Z.
    expect(nextTeamChange(weeks2025, tokyoHonolulu, at('2025-02-04T06:00:00Z'))).toEqual({
      at: at('2025-02-08T10:00:00.000Z'),
      week: week1,
    });
  });

  it('is null when weeks follow each other without a gap and one zone is always in a week', () => {
    const backToBack: CalendarWeek[] = [
      { setNum: 1, eventId: 1, eventWeek: 1, opensOn: '2025-02-03', closesOn: '2025-02-09' },
      { setNum: 2, eventId: 1, eventWeek: 2, opensOn: '2025-02-10', closesOn: '2025-02-16' },
    ];
    const now = at('2025-02-05T12:00:00Z');
    expect(nextTeamChange(backToBack, tokyoHonolulu, now)).toBeNull();
    // Within one zone too: after launch, a week is always open, and then the season has ended.
    expect(nextTeamChange(backToBack, ['Europe/Madrid'], now)).toBeNull();
  });

  it('is null once the season has ended in either zone', () => {
    // Friday 14 Mar, 16:00 UTC: week 6 closed in Tokyo (ended), still open in Honolulu.
    expect(nextTeamChange(weeks2025, tokyoHonolulu, at('2025-03-14T16:00:00Z'))).toBeNull();
  });
});

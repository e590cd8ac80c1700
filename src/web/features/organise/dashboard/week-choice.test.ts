import { describe, expect, it } from 'vitest';
import { chosenWeek, daysUntil, defaultWeek } from './week-choice';

const season = (...statuses: ('upcoming' | 'open' | 'closed')[]) =>
  statuses.map((status, index) => ({ setNum: index + 1, status }));

describe('the week the dashboard opens on', () => {
  it('is the open week', () => {
    expect(
      defaultWeek(season('closed', 'closed', 'open', 'upcoming', 'upcoming', 'upcoming')),
    ).toBe(3);
  });

  it('is the earliest open week while two overlap across time zones', () => {
    expect(defaultWeek(season('closed', 'open', 'open', 'upcoming', 'upcoming', 'upcoming'))).toBe(
      2,
    );
  });

  it('is the week just closed between two weeks, and the last week after the season', () => {
    expect(
      defaultWeek(season('closed', 'closed', 'upcoming', 'upcoming', 'upcoming', 'upcoming')),
    ).toBe(2);
    expect(defaultWeek(season('closed', 'closed', 'closed', 'closed', 'closed', 'closed'))).toBe(6);
  });

  it('is week 1 before the launch', () => {
    expect(
      defaultWeek(season('upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming')),
    ).toBe(1);
  });

  it('follows the address when it names a week of the season, and ignores it otherwise', () => {
    const weeks = season('closed', 'open', 'upcoming', 'upcoming', 'upcoming', 'upcoming');
    expect(chosenWeek('5', weeks)).toBe(5);
    expect(chosenWeek('7', weeks)).toBe(2);
    expect(chosenWeek('abc', weeks)).toBe(2);
    expect(chosenWeek(null, weeks)).toBe(2);
  });
});

describe('days until a week opens', () => {
  const now = new Date('2025-02-07T12:00:00Z');

  it('counts a part of a day as a whole day', () => {
    expect(daysUntil('2025-02-10T00:00:00Z', now)).toBe(3);
    expect(daysUntil('2025-02-07T12:00:01Z', now)).toBe(1);
  });

  it('is 0 once the moment has come or passed', () => {
    expect(daysUntil('2025-02-07T12:00:00Z', now)).toBe(0);
    expect(daysUntil('2025-02-01T00:00:00Z', now)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { calendarIssues, weekSpan } from './calendar-rules';

const weeks2025 = [
  ['2025-02-04', '2025-02-07'],
  ['2025-02-10', '2025-02-14'],
  ['2025-02-17', '2025-02-21'],
  ['2025-02-24', '2025-02-28'],
  ['2025-03-03', '2025-03-07'],
  ['2025-03-10', '2025-03-14'],
].map(([opensOn, closesOn], index) => ({
  setNum: index + 1,
  eventId: Math.floor(index / 2) + 1,
  eventWeek: (index % 2) + 1,
  opensOn: opensOn!,
  closesOn: closesOn!,
}));

describe('calendarIssues', () => {
  it('finds nothing wrong with the 2025 calendar', () => {
    expect(calendarIssues({ events: [{ id: 1 }, { id: 2 }, { id: 3 }], weeks: weeks2025 })).toEqual(
      [],
    );
  });

  it('names a week that overlaps the previous one, and one that closes before it opens', () => {
    const weeks = structuredClone(weeks2025);
    weeks[2]!.opensOn = '2025-02-14';
    weeks[4]!.closesOn = '2025-03-02';
    expect(calendarIssues({ weeks })).toEqual([
      { path: ['weeks', 2, 'opensOn'], message: 'overlaps week 2 or comes before it' },
      { path: ['weeks', 4, 'closesOn'], message: 'closes before it opens' },
    ]);
  });

  it('refuses weeks out of order and a week in the wrong event', () => {
    const weeks = structuredClone(weeks2025);
    weeks[3]!.eventId = 3;
    expect(calendarIssues({ weeks })).toEqual([
      {
        path: ['weeks', 3, 'eventId'],
        message: 'each event has two consecutive weeks (1–2, 3–4, 5–6)',
      },
    ]);
    const swapped = [weeks2025[1]!, weeks2025[0]!, ...weeks2025.slice(2)];
    expect(calendarIssues({ weeks: swapped }).map((issue) => issue.path)).toContainEqual([
      'weeks',
      0,
      'setNum',
    ]);
  });
});

describe('weekSpan', () => {
  it('starts when the week opens in the earliest zone and ends when it closes in the latest', () => {
    const span = weekSpan(weeks2025[0]!, ['Europe/Madrid', 'Asia/Bangkok', 'America/Mexico_City']);
    expect(span.startsAt.toISOString()).toBe('2025-02-03T17:00:00.000Z'); // Bangkok, UTC+7
    expect(span.endsAt.toISOString()).toBe('2025-02-08T05:59:59.999Z'); // Mexico City, UTC−6
    expect(span.status(new Date('2025-02-03T16:59:59Z'))).toBe('upcoming');
    expect(span.status(new Date('2025-02-03T17:00:00Z'))).toBe('open');
    expect(span.status(new Date('2025-02-08T06:00:00Z'))).toBe('closed');
  });
});

import { describe, expect, it } from 'vitest';
import { dueReminder, localHourInstant, reminderDueAt } from './reminders';

const times = { localHour: 9, hoursBeforeClose: 12 };
/** Week 1 of 2025: Tue 4 – Fri 7 February. */
const week1 = { opensOn: '2025-02-04', closesOn: '2025-02-07' };
/** Week 6 of 2025: Mon 10 – Fri 14 March, the day after the US moved its clocks forward. */
const week6 = { opensOn: '2025-03-10', closesOn: '2025-03-14' };
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('localHourInstant', () => {
  it.each([
    ['2025-02-04', 'Pacific/Honolulu', '2025-02-04T19:00:00.000Z'], // UTC−10, no DST
    ['2025-02-04', 'Europe/Madrid', '2025-02-04T08:00:00.000Z'], // CET, UTC+1
    ['2025-02-04', 'Asia/Tokyo', '2025-02-04T00:00:00.000Z'], // UTC+9
    ['2025-03-07', 'America/New_York', '2025-03-07T14:00:00.000Z'], // EST, UTC−5
    ['2025-03-09', 'America/New_York', '2025-03-09T13:00:00.000Z'], // the change day: EDT
    ['2025-03-30', 'Europe/Madrid', '2025-03-30T07:00:00.000Z'], // Europe's change day: CEST
    ['2025-10-26', 'Europe/Madrid', '2025-10-26T08:00:00.000Z'], // back to CET
  ])('09:00 on %s in %s is %s', (day, zone, expected) => {
    expect(iso(localHourInstant(day, 9, zone))).toBe(expected);
  });

  it('moves an hour that a DST change skips to the first instant after the gap', () => {
    // New York jumped from 02:00 EST to 03:00 EDT (07:00Z) on 9 March 2025.
    expect(iso(localHourInstant('2025-03-09', 2, 'America/New_York'))).toBe(
      '2025-03-09T07:00:00.000Z',
    );
  });
});

describe('reminderDueAt', () => {
  it('opens at 09:00 local on the first day, in each zone', () => {
    expect(iso(reminderDueAt(week1, 'Pacific/Honolulu', 'opening', times))).toBe(
      '2025-02-04T19:00:00.000Z',
    );
    expect(iso(reminderDueAt(week1, 'Asia/Tokyo', 'opening', times))).toBe(
      '2025-02-04T00:00:00.000Z',
    );
  });

  it('reminds at 09:00 on the last day when that leaves 12 hours (15 hours before midnight)', () => {
    expect(iso(reminderDueAt(week1, 'Europe/Madrid', 'closing', times))).toBe(
      '2025-02-07T08:00:00.000Z',
    );
  });

  it('moves to the day before when more notice is asked for', () => {
    const dayBefore = { localHour: 9, hoursBeforeClose: 24 };
    expect(iso(reminderDueAt(week1, 'Asia/Tokyo', 'closing', dayBefore))).toBe(
      '2025-02-06T00:00:00.000Z',
    );
  });

  it('follows the local clock across a DST change: 09:00 EST then 09:00 EDT', () => {
    const week5 = { opensOn: '2025-03-03', closesOn: '2025-03-07' };
    expect(iso(reminderDueAt(week5, 'America/New_York', 'opening', times))).toBe(
      '2025-03-03T14:00:00.000Z',
    );
    expect(iso(reminderDueAt(week6, 'America/New_York', 'opening', times))).toBe(
      '2025-03-10T13:00:00.000Z',
    );
  });

  it('has no closing reminder when the week is too short for one after the opening', () => {
    const oneDay = { opensOn: '2025-02-04', closesOn: '2025-02-04' };
    expect(reminderDueAt(oneDay, 'Asia/Tokyo', 'closing', times)).toBeNull();
    const tooEarly = { localHour: 9, hoursBeforeClose: 96 };
    expect(reminderDueAt(week1, 'Asia/Tokyo', 'closing', tooEarly)).toBeNull();
  });
});

describe('dueReminder', () => {
  it('is nothing before the opening hour, even once the week is open', () => {
    expect(dueReminder(week1, 'Asia/Tokyo', new Date('2025-02-03T23:59:59Z'), times)).toBeNull();
  });

  it('is the opening reminder from its hour until the closing one is due', () => {
    expect(dueReminder(week1, 'Asia/Tokyo', new Date('2025-02-04T00:00:00Z'), times)).toEqual({
      kind: 'opening',
      dueAt: new Date('2025-02-04T00:00:00Z'),
    });
    expect(dueReminder(week1, 'Asia/Tokyo', new Date('2025-02-06T23:59:59Z'), times)?.kind).toBe(
      'opening',
    );
  });

  it('is only the closing one when a server comes back after its hour (no double message)', () => {
    expect(dueReminder(week1, 'Asia/Tokyo', new Date('2025-02-07T05:00:00Z'), times)).toEqual({
      kind: 'closing',
      dueAt: new Date('2025-02-07T00:00:00Z'),
    });
  });

  it('is nothing once the week has closed in the zone', () => {
    // Week 1 closed in Tokyo at 2025-02-07T15:00Z; Honolulu's stays open another 19 hours.
    expect(dueReminder(week1, 'Asia/Tokyo', new Date('2025-02-07T15:00:00Z'), times)).toBeNull();
    expect(
      dueReminder(week1, 'Pacific/Honolulu', new Date('2025-02-07T15:00:00Z'), times)?.kind,
    ).toBe('opening');
  });
});

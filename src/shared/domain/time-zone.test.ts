import { describe, expect, it } from 'vitest';
import { addDays, isTimeZone, localDate, offsetMs, startOfLocalDay } from './time-zone';

const HOUR = 3_600_000;
const iso = (date: Date) => date.toISOString();

describe('startOfLocalDay', () => {
  it.each([
    // [local date, zone, first instant of that date]
    ['2025-02-04', 'Europe/Madrid', '2025-02-03T23:00:00.000Z'], // CET, UTC+1
    ['2025-02-04', 'Asia/Bangkok', '2025-02-03T17:00:00.000Z'], // UTC+7, no DST
    ['2025-02-04', 'America/Mexico_City', '2025-02-04T06:00:00.000Z'], // UTC−6, no DST since 2022
    ['2025-02-04', 'Pacific/Kiritimati', '2025-02-03T10:00:00.000Z'], // UTC+14, the earliest day
    ['2025-02-04', 'Pacific/Pago_Pago', '2025-02-04T11:00:00.000Z'], // UTC−11, among the latest
    ['2025-02-04', 'Asia/Kathmandu', '2025-02-03T18:15:00.000Z'], // UTC+5:45
    ['2025-02-04', 'UTC', '2025-02-04T00:00:00.000Z'],
  ])('%s starts in %s at %s', (date, zone, expected) => {
    expect(iso(startOfLocalDay(date, zone))).toBe(expected);
  });

  it('follows New York into summer time: the 9 March 2025 day starts in EST, the next in EDT', () => {
    expect(iso(startOfLocalDay('2025-03-08', 'America/New_York'))).toBe('2025-03-08T05:00:00.000Z');
    // Clocks jump from 02:00 to 03:00 on 9 March; midnight still exists, in EST (UTC−5).
    expect(iso(startOfLocalDay('2025-03-09', 'America/New_York'))).toBe('2025-03-09T05:00:00.000Z');
    expect(iso(startOfLocalDay('2025-03-10', 'America/New_York'))).toBe('2025-03-10T04:00:00.000Z');
  });

  it('makes 9 March 2025 a 23-hour day in New York', () => {
    const length =
      startOfLocalDay('2025-03-10', 'America/New_York').getTime() -
      startOfLocalDay('2025-03-09', 'America/New_York').getTime();
    expect(length).toBe(23 * HOUR);
  });

  it('follows New York back to winter time: 2 November 2025 starts in EDT and lasts 25 hours', () => {
    expect(iso(startOfLocalDay('2025-11-02', 'America/New_York'))).toBe('2025-11-02T04:00:00.000Z');
    expect(iso(startOfLocalDay('2025-11-03', 'America/New_York'))).toBe('2025-11-03T05:00:00.000Z');
  });

  it('follows the European summer-time change of 30 March 2025 in Warsaw and Madrid', () => {
    for (const zone of ['Europe/Warsaw', 'Europe/Madrid']) {
      // 30 March starts in CET (UTC+1); clocks jump at 02:00, so 31 March starts in CEST (UTC+2).
      expect(iso(startOfLocalDay('2025-03-30', zone))).toBe('2025-03-29T23:00:00.000Z');
      expect(iso(startOfLocalDay('2025-03-31', zone))).toBe('2025-03-30T22:00:00.000Z');
    }
  });

  it('follows the European return to winter time of 26 October 2025 in Madrid', () => {
    expect(iso(startOfLocalDay('2025-10-26', 'Europe/Madrid'))).toBe('2025-10-25T22:00:00.000Z');
    expect(iso(startOfLocalDay('2025-10-27', 'Europe/Madrid'))).toBe('2025-10-26T23:00:00.000Z');
  });

  it('starts 7 September 2025 in Santiago at 01:00 local (04:00Z), because midnight is skipped', () => {
    const start = startOfLocalDay('2025-09-07', 'America/Santiago');
    expect(iso(start)).toBe('2025-09-07T04:00:00.000Z');
    expect(localDate(start, 'America/Santiago')).toBe('2025-09-07');
    expect(localDate(new Date(start.getTime() - 1), 'America/Santiago')).toBe('2025-09-06');
    // Saturday 6 September, still in UTC−4, is only 23 hours long.
    expect(iso(startOfLocalDay('2025-09-06', 'America/Santiago'))).toBe('2025-09-06T04:00:00.000Z');
    expect(iso(startOfLocalDay('2025-09-08', 'America/Santiago'))).toBe('2025-09-08T03:00:00.000Z');
  });

  it('starts 6 April 2025 in Santiago at the single midnight after clocks go back from 24:00 to 23:00', () => {
    expect(iso(startOfLocalDay('2025-04-05', 'America/Santiago'))).toBe('2025-04-05T03:00:00.000Z');
    expect(iso(startOfLocalDay('2025-04-06', 'America/Santiago'))).toBe('2025-04-06T04:00:00.000Z');
  });

  it('starts 9 March 2025 in Havana at 01:00 local, the first wall-clock time that exists', () => {
    expect(iso(startOfLocalDay('2025-03-09', 'America/Havana'))).toBe('2025-03-09T05:00:00.000Z');
  });

  it('handles half-hour summer time (Lord Howe Island, 5 October 2025)', () => {
    expect(iso(startOfLocalDay('2025-10-05', 'Australia/Lord_Howe'))).toBe(
      '2025-10-04T13:30:00.000Z',
    );
  });

  it('returns a fresh Date each time, so a caller cannot corrupt the cache', () => {
    const first = startOfLocalDay('2025-02-10', 'Europe/Madrid');
    first.setTime(0);
    expect(iso(startOfLocalDay('2025-02-10', 'Europe/Madrid'))).toBe('2025-02-09T23:00:00.000Z');
  });
});

describe('offsetMs', () => {
  it('is +7 h in Bangkok, +1 h in Madrid in winter and +2 h in summer, −5 h in New York in winter', () => {
    expect(offsetMs(new Date('2025-02-04T00:00:00Z'), 'Asia/Bangkok')).toBe(7 * HOUR);
    expect(offsetMs(new Date('2025-02-04T00:00:00Z'), 'Europe/Madrid')).toBe(HOUR);
    expect(offsetMs(new Date('2025-07-01T00:00:00Z'), 'Europe/Madrid')).toBe(2 * HOUR);
    expect(offsetMs(new Date('2025-02-04T00:00:00Z'), 'America/New_York')).toBe(-5 * HOUR);
  });

  it('switches in New York at the exact instant of the change (07:00Z on 9 March 2025)', () => {
    expect(offsetMs(new Date('2025-03-09T06:59:59Z'), 'America/New_York')).toBe(-5 * HOUR);
    expect(offsetMs(new Date('2025-03-09T07:00:00Z'), 'America/New_York')).toBe(-4 * HOUR);
  });

  it('ignores milliseconds of the instant', () => {
    expect(offsetMs(new Date('2025-02-04T00:00:00.999Z'), 'Asia/Bangkok')).toBe(7 * HOUR);
  });
});

describe('localDate', () => {
  it('gives the date on the wall calendar of the zone, not of UTC', () => {
    const instant = new Date('2025-02-03T18:00:00Z');
    expect(localDate(instant, 'Asia/Bangkok')).toBe('2025-02-04');
    expect(localDate(instant, 'Europe/Madrid')).toBe('2025-02-03');
    expect(localDate(instant, 'Pacific/Kiritimati')).toBe('2025-02-04');
    expect(localDate(new Date('2025-02-04T05:59:59.999Z'), 'America/Mexico_City')).toBe(
      '2025-02-03',
    );
  });
});

describe('addDays', () => {
  it('counts calendar days across month and year ends and leap days', () => {
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-03-03', -7)).toBe('2025-02-24');
    expect(addDays('2025-02-04', 0)).toBe('2025-02-04');
  });

  it('is not affected by summer-time changes (30 March 2025 is one day, even if 23 hours long)', () => {
    expect(addDays('2025-03-29', 2)).toBe('2025-03-31');
  });
});

describe('isTimeZone', () => {
  it('accepts IANA zone names and refuses unknown ones', () => {
    expect(isTimeZone('Europe/Madrid')).toBe(true);
    expect(isTimeZone('America/Santiago')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Atlantis')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('not a zone')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { formatMoment } from './moment';

describe('a moment that matters to the minute (formatMoment)', () => {
  // When week 1 of 2025 has closed in New York too: midnight there, 06:00 in Paris.
  const movableFrom = '2025-02-08T05:00:00.000Z';

  it('names the day, the time and the zone, in the zone asked for', () => {
    expect(formatMoment(movableFrom, 'en-GB', 'Europe/Paris')).toBe(
      'Saturday 8 February at 06:00 CET',
    );
    expect(formatMoment(movableFrom, 'en-GB', 'America/New_York')).toBe(
      'Saturday 8 February at 00:00 GMT-5',
    );
    expect(formatMoment(movableFrom, 'en-GB', 'Asia/Ho_Chi_Minh')).toBe(
      'Saturday 8 February at 12:00 GMT+7',
    );
  });

  it("is written in the reader's language, with its clock", () => {
    expect(formatMoment(movableFrom, 'en', 'Europe/Paris')).toBe(
      'Saturday, February 8 at 6:00 AM GMT+1',
    );
    expect(formatMoment(movableFrom, 'fr', 'Europe/Paris')).toBe('samedi 8 février à 06:00 UTC+1');
    expect(formatMoment(movableFrom, 'pl', 'Europe/Warsaw')).toBe('sobota, 8 lutego 06:00 CET');
  });
});

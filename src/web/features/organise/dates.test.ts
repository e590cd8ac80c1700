import { describe, expect, it } from 'vitest';
import { formatInstant, formatLocalDate, localDateFormat } from './dates';

describe("the organiser's dates (shared formatters, one per language, zone and year)", () => {
  it('keeps the zone and the year apart when they alternate', () => {
    const instant = '2025-02-03T23:00:00Z';
    for (let round = 0; round < 2; round++) {
      expect(formatInstant(instant, 'en-GB', 'Europe/Berlin')).toBe('Tue, 4 Feb 2025, 00:00 CET');
      expect(formatInstant(instant, 'en-GB', 'Europe/Berlin', false)).toBe('Tue 4 Feb, 00:00 CET');
      expect(formatInstant(instant, 'en-GB', 'Europe/London')).toBe('Mon, 3 Feb 2025, 23:00 GMT');
      expect(formatLocalDate('2025-02-04', 'en-GB')).toBe('Tue, 4 Feb 2025');
      expect(localDateFormat('en-GB', false).format(new Date('2025-02-04T00:00:00Z'))).toBe(
        'Tue 4 Feb',
      );
    }
  });
});

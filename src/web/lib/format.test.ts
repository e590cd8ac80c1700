import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import pl from '../locales/pl.json';
import th from '../locales/th.json';
import { weekWindow } from '#shared/domain/calendar';
import {
  countryName,
  formatDate,
  formatList,
  formatPoints,
  formatShortDate,
  formatWeekStart,
  languageName,
  pointsCount,
} from './format';
import { pluralCategory } from '../adapters/translate';
import { translate, type Texts, type TOptions } from '../adapters/translate';

describe('formatPoints, the one points format of every screen', () => {
  it('shows a best week of 9.76 as 9.76, never rounded to 10', () => {
    expect(formatPoints(976, 'en')).toBe('9.76');
  });

  it('gives any score with hundredths its two decimals: 4.80, not 4.8', () => {
    expect(formatPoints(480, 'en')).toBe('4.80');
    expect(formatPoints(5, 'en')).toBe('0.05');
  });

  it('shows whole points without decimals', () => {
    expect(formatPoints(1000, 'en')).toBe('10');
    expect(formatPoints(0, 'en')).toBe('0');
  });

  it('writes the decimals the way the interface language does', () => {
    expect(formatPoints(976, 'fr')).toBe('9,76');
    expect(formatPoints(123456, 'en')).toBe('1,234.56');
  });
});

describe('week dates in the team time zone', () => {
  // The week the United States team saw a day early: it opens on Sunday 23 November.
  const week = { opensOn: '2025-11-23', closesOn: '2025-11-27' };
  const zones = [
    ['UTC−8', 'America/Los_Angeles'],
    ['UTC+0', 'Europe/London'],
    ['UTC+7', 'Asia/Bangkok'],
  ] as const;

  it.each(zones)('shows a team in %s (%s) the week opening on 23 Nov', (_, zone) => {
    expect(formatWeekStart(week, 'en-GB', zone)).toBe('23 Nov');
    expect(formatWeekStart(week, 'en-US', zone)).toBe('Nov 23');
    expect(formatWeekStart(week, 'pl', zone)).toBe('23 lis');
  });

  it.each(zones)('gives the whole date of the opening in %s on the same day', (_, zone) => {
    const opensAt = weekWindow(week, zone).opensAt.toISOString();
    expect(formatDate(opensAt, 'en-GB', zone)).toBe('Sunday, 23 November 2025');
  });

  it("would show the day before if Berlin's opening were shown in the team's zone (the bug)", () => {
    const berlinOpening = weekWindow(week, 'Europe/Berlin').opensAt.toISOString();
    expect(formatShortDate(berlinOpening, 'en-GB', 'America/Los_Angeles')).toBe('22 Nov');
  });
});

describe('shared formatters (one per language, zone and style)', () => {
  it('keeps each language, decimals, zone and style apart when they alternate', () => {
    const instant = '2025-11-23T23:30:00Z';
    for (let round = 0; round < 2; round++) {
      expect(formatPoints(976, 'en')).toBe('9.76');
      expect(formatPoints(976, 'fr')).toBe('9,76');
      expect(formatPoints(1000, 'fr')).toBe('10');
      expect(formatPoints(1050, 'en')).toBe('10.50');
      expect(countryName('pl', 'Poland', 'en')).toBe('Poland');
      expect(countryName('pl', 'Poland', 'fr')).toBe('Pologne');
      expect(formatShortDate(instant, 'en-GB', 'Europe/London')).toBe('23 Nov');
      expect(formatShortDate(instant, 'en-GB', 'Asia/Bangkok')).toBe('24 Nov');
      expect(formatDate(instant, 'en-GB', 'Asia/Bangkok')).toBe('Monday, 24 November 2025');
      expect(formatDate(instant, 'en-GB', 'Asia/Bangkok', true)).toBe(
        'Monday, 24 November 2025 at 06:30',
      );
      expect(languageName('th', 'ไทย', 'en')).toBe('Thai');
      expect(languageName('th', 'ไทย', 'fr')).toBe('thaï');
      expect(formatList(['Thai', 'Vietnamese'], 'en')).toBe('Thai and Vietnamese');
      expect(formatList(['thaï', 'vietnamien'], 'fr')).toBe('thaï et vietnamien');
      expect(pluralCategory('pl', 2)).toBe('few');
      expect(pluralCategory('en', 2)).toBe('other');
    }
  });

  it('falls back to the stored name for a code or a language Intl does not know', () => {
    expect(countryName('zz9', 'Atlantis', 'en')).toBe('Atlantis');
    expect(countryName('pl', 'Poland', 'not a language!')).toBe('Poland');
    expect(languageName('th', 'ไทย', 'not a language!')).toBe('ไทย');
  });
});

describe('points through the plural rules of each language', () => {
  const texts: Record<string, Texts> = { en, fr, pl, th };
  const t = (key: string, lng: string, options: TOptions) =>
    translate((language) => texts[language], [lng, 'en'], key, options);
  const points = (hundredths: number, lng: string) =>
    t('standings.points', lng, pointsCount(hundredths, lng));

  it('says 1 point, never 1 points, and 9.76 points', () => {
    expect(points(100, 'en')).toBe('1 point');
    expect(points(976, 'en')).toBe('9.76 points');
    expect(points(0, 'en')).toBe('0 points');
  });

  it('follows French, where 1.5 is singular', () => {
    expect(points(150, 'fr')).toBe('1,50 point');
    expect(points(200, 'fr')).toBe('2 points');
  });

  it('follows Polish: 1 minuta, 2 minuty, 5 minut', () => {
    const minutes = (count: number) => t('countdown.minutes', 'pl', { count });
    expect([minutes(1), minutes(2), minutes(5), minutes(22), minutes(25)]).toEqual([
      'Minuta',
      'Minuty',
      'Minut',
      'Minuty',
      'Minut',
    ]);
  });

  it('uses the one form of Thai', () => {
    expect(points(100, 'th')).toBe('1 คะแนน');
  });
});

/** Every source file of the web app, to find how each plural string is called. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [full] : [];
  });
}

describe('the web app', () => {
  const files = sources(path.join(import.meta.dirname, '..')).map((file) => ({
    file,
    text: readFileSync(file, 'utf8'),
  }));

  it('formats points only through formatPoints (no rounding of its own)', () => {
    const own = files.filter(
      ({ file, text }) =>
        !file.endsWith(path.join('lib', 'format.ts')) &&
        /toPoints\(|\/ POINT\b|Math\.(ceil|round|floor)\([^)]*[Ss]core/.test(text),
    );
    expect(own.map(({ file }) => path.basename(file))).toEqual([]);
  });

  it('passes a count to every string that has plural forms', () => {
    const plural = new Set(
      Object.keys(flatten(en)).flatMap((key) => {
        const match = /^(.*)_(one|other)$/.exec(key);
        return match ? [match[1]!] : [];
      }),
    );
    for (const key of plural) {
      for (const { file, text } of files) {
        for (const call of text.matchAll(
          new RegExp(`t\\('${key.replace('.', '\\.')}'([^;]*)`, 'g'),
        )) {
          expect(
            /count/i.test(call[1]!.split('\n').slice(0, 6).join('\n')),
            `${key} in ${path.basename(file)}`,
          ).toBe(true);
        }
      }
    }
  });
});

function flatten(tree: object, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((all, [key, value]) => {
    if (typeof value === 'string') all[prefix + key] = value;
    else Object.assign(all, flatten(value as object, `${prefix}${key}.`));
    return all;
  }, {});
}

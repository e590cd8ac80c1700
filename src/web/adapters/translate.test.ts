import { describe, expect, it } from 'vitest';
import { find, interpolate, pluralCategory, translate, type Texts } from './translate';

const texts: Record<string, Texts> = {
  en: {
    standings: { points_one: '{{points}} point', points_other: '{{points}} points' },
    week: { title: 'Week {{number}}' },
    onlyEnglish: 'Only in English',
  },
  pl: {
    standings: {
      points_one: '{{points}} punkt',
      points_few: '{{points}} punkty',
      points_many: '{{points}} punktów',
      points_other: '{{points}} punktu',
    },
    week: { title: 'Tydzień {{number}}' },
  },
};
const t = (language: string, key: string, options = {}) =>
  translate((lng) => texts[lng], language === 'en' ? ['en'] : [language, 'en'], key, options);

describe('translate, the locale files read as i18next read them', () => {
  it('reads nested keys with dots and puts the values in', () => {
    expect(t('pl', 'week.title', { number: 3 })).toBe('Tydzień 3');
  });

  it("picks Polish's four plural forms by its CLDR rules, fractions included", () => {
    const points = (count: number) => t('pl', 'standings.points', { count, points: count });
    expect([1, 2, 5, 22, 25, 112, 1.5].map(points)).toEqual([
      '1 punkt',
      '2 punkty',
      '5 punktów',
      '22 punkty',
      '25 punktów',
      '112 punktów',
      '1.5 punktu',
    ]);
  });

  it('says 0 points and 1 point in English', () => {
    expect(t('en', 'standings.points', { count: 0, points: '0' })).toBe('0 points');
    expect(t('en', 'standings.points', { count: 1, points: '1' })).toBe('1 point');
  });

  it('falls back to English for a key the language lacks', () => {
    expect(t('pl', 'onlyEnglish')).toBe('Only in English');
  });

  it('shows the key, or the default value, when no language has it', () => {
    expect(t('pl', 'signInFailures.unknown')).toBe('signInFailures.unknown');
    expect(t('pl', 'signInFailures.unknown', { defaultValue: 'The server said no' })).toBe(
      'The server said no',
    );
  });

  it('finds no text at a key that names a group of texts', () => {
    expect(find(texts.en, 'en', 'standings')).toBeUndefined();
    expect(find(texts.en, 'en', 'week.title.more')).toBeUndefined();
  });

  it('uses the bare key when the plural form is missing', () => {
    expect(find({ minutes: 'Minutes' }, 'pl', 'minutes', 2)).toBe('Minutes');
  });
});

describe('interpolate', () => {
  it('replaces every {{name}}, spaces inside the braces allowed', () => {
    expect(interpolate('{{a}} and {{ b }} and {{a}}', { a: 1, b: 'two' })).toBe('1 and two and 1');
  });

  it('leaves a name without a value as written, and 0 is a value', () => {
    expect(interpolate('{{missing}} / {{zero}}', { zero: 0 })).toBe('{{missing}} / 0');
  });
});

describe('pluralCategory', () => {
  it('has the categories of the seven languages', () => {
    expect(['en', 'es', 'fr', 'id', 'pl', 'th', 'vi'].map((lng) => pluralCategory(lng, 1))).toEqual(
      ['one', 'one', 'one', 'other', 'one', 'other', 'other'],
    );
    expect(pluralCategory('fr', 1.5)).toBe('one');
    expect(pluralCategory('es', 1_000_000)).toBe('many');
  });
});

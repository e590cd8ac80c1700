import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/domain/language';
import { ERROR_CODES } from '#shared/contracts/errors';

type Tree = { [key: string]: string | Tree };

/** The main file of each language, and each screen namespace folder (e.g. rules/). */
const NAMESPACES = ['', ...readdirSync(import.meta.dirname, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => `${entry.name}/`)];

const load = (file: string): Tree =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, `${file}.json`), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') entries.set(prefix + key, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) entries.set(inner, text);
  }
  return entries;
}

/** Interpolations ({{name}}) and markup (<email>) a translation must keep. */
const tokens = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}|<\/?\w+>/g) ?? []).map((token) => token.replace(/\s/g, '')).sort();

/** The plural suffixes (i18next's convention, read by adapters/translate.ts): `points_one`, `points_few`… (one key per plural category). */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralBase = (key: string) => key.replace(PLURAL, '');
/** The plural categories a language's grammar needs, from its CLDR rules. */
const categoriesOf = (language: string) => [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();

/** Keys with plural forms, by base key: `standings.points` → ['one', 'other']. */
function pluralGroups(entries: Map<string, string>): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const key of entries.keys()) {
    const match = PLURAL.exec(key);
    if (match) groups.set(pluralBase(key), [...(groups.get(pluralBase(key)) ?? []), match[1]!].sort());
  }
  return groups;
}

/**
 * A number placeholder followed by a word whose form depends on the number ('{{points}} points',
 * '{{number}} field(s)'): such a string must be chosen by the language's plural rules.
 */
const COUNTED = /\{\{\s*\w+\s*\}\}\s+(more\s+|bonus\s+|highlighted\s+)?(points?|players?|weeks?|questions?|days?|hours?|minutes?|seconds?|answers?|changes?|fields?|teams?|members?)\b|\(s\)/;

const cases = NAMESPACES.flatMap((namespace) =>
  LANGUAGES.filter((language) => language !== 'en').map((language) => [`${namespace}${language}`, namespace] as const),
);

describe.each(cases)('the %s locale', (file, namespace) => {
  const english = flatten(load(`${namespace}en`));
  const translated = flatten(load(file));

  it('has every key that English has, and no other (plural forms aside)', () => {
    const bases = (entries: Map<string, string>) => [...new Set([...entries.keys()].map(pluralBase))].sort();
    expect(bases(translated)).toEqual(bases(english));
    for (const key of english.keys()) expect(translated.has(key), key).toBe(true);
  });

  it('keeps the placeholders and markup of each English string', () => {
    for (const [key, text] of translated) {
      const source = english.get(key) ?? english.get(`${pluralBase(key)}_other`) ?? '';
      expect(tokens(text), key).toEqual(tokens(source));
    }
  });

  it('has no empty strings', () => {
    for (const [key, text] of translated) expect(text.trim(), key).not.toBe('');
  });
});

describe.each(NAMESPACES.flatMap((namespace) => LANGUAGES.map((language) => [`${namespace}${language}`, language] as const)))(
  'the plurals of the %s locale',
  (file, language) => {
    const entries = flatten(load(file));
    const english = flatten(load(file.replace(/[a-z]+$/, 'en')));

    // English's forms too: every locale has every key en.json has. Thai, Vietnamese and
    // Indonesian repeat `_other` as `_one`; translate() never picks it for them.
    it(`have exactly the plural forms ${language} needs (${categoriesOf(language).join(', ')}) and English's`, () => {
      const expected = [...new Set([...categoriesOf(language), ...categoriesOf('en')])].sort();
      for (const [base, forms] of pluralGroups(entries)) expect(forms, base).toEqual(expected);
    });

    it('choose every counted string by its plural rules, as English does', () => {
      const pluralInEnglish = new Set(pluralGroups(english).keys());
      for (const base of pluralInEnglish) expect(pluralGroups(entries).has(base), base).toBe(true);
      for (const [key, text] of english) {
        if (!PLURAL.test(key)) expect(COUNTED.test(text), `${key}: "${text}" needs plural forms`).toBe(false);
      }
    });
  },
);

describe('the plural check', () => {
  it('knows the forms each language needs: Polish four, English two, Thai one', () => {
    expect(categoriesOf('pl')).toEqual(['few', 'many', 'one', 'other']);
    expect(categoriesOf('en')).toEqual(['one', 'other']);
    expect(categoriesOf('th')).toEqual(['other']);
  });

  it('flags a count placeholder before a counted word, and not a label', () => {
    expect(COUNTED.test('{{points}} points')).toBe(true);
    expect(COUNTED.test('Show {{number}} more change(s)')).toBe(true);
    expect(COUNTED.test('Players found: {{total}}')).toBe(false);
  });
});

describe('the error messages', () => {
  it('translate every error code the API can answer with', () => {
    const english = flatten(load('en'));
    for (const code of ERROR_CODES) expect(english.has(`errors.${code}`), code).toBe(true);
  });
});

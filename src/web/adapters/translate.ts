/**
 * Looking a text up in the locale files, the part of the interface language that needs no React
 * (ADR 0025). The files keep i18next's conventions, which every translator of them knows: nested
 * keys read with dots ('standings.points'), `{{name}}` for a value, and one key per plural
 * category of the language (`points_one`, `points_few`, `points_many`, `points_other`) chosen by
 * its CLDR rules when a `count` is given.
 */

import { formatter } from '../lib/format';

/** One language's texts of one namespace: the parsed JSON of one locale file. */
export type Texts = { readonly [key: string]: string | Texts };

/** Values for `{{name}}`; `count` also picks the plural form, `ns` another namespace. */
export type TOptions = {
  count?: number;
  ns?: string;
  /** Shown when no language has the key (the raw text of a server message, say). */
  defaultValue?: string;
  [name: string]: unknown;
};

export type TFunction = (key: string, options?: TOptions) => string;

/** The string at a dotted key of a nested object, if there is one. */
function lookup(texts: Texts | undefined, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The CLDR plural category of `count` in `language`: 'one', 'few', 'many', 'other'… */
export function pluralCategory(language: string, count: number): Intl.LDMLPluralRule {
  return formatter(`plural ${language}`, () => new Intl.PluralRules(language)).select(count);
}

/**
 * The text of `key` in one language's texts: with a `count`, the language's plural form of it
 * (`key_few` for 3 in Polish), else the key itself.
 * @example find({ points_one: '{{points}} point', points_other: '{{points}} points' }, 'en', 'points', 1) // '{{points}} point'
 */
export function find(
  texts: Texts | undefined,
  language: string,
  key: string,
  count?: number,
): string | undefined {
  if (count !== undefined) {
    const plural = lookup(texts, `${key}_${pluralCategory(language, count)}`);
    if (plural !== undefined) return plural;
  }
  return lookup(texts, key);
}

/**
 * `{{name}}` replaced by its value; a name with no value stays as written, so a missing value
 * shows in the text rather than vanishing from it.
 * @example interpolate('{{points}} points', { points: '9.76' }) // '9.76 points'
 */
export function interpolate(text: string, values: TOptions): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (written, name: string) =>
    values[name] === undefined ? written : String(values[name]),
  );
}

/**
 * The text of `key` in the first of `languages` that has it, with its values in place; the key
 * itself (or `defaultValue`) when none has it, as i18next did.
 */
export function translate(
  textsOf: (language: string) => Texts | undefined,
  languages: readonly string[],
  key: string,
  options: TOptions = {},
): string {
  for (const language of languages) {
    const text = find(textsOf(language), language, key, options.count);
    if (text !== undefined) return interpolate(text, options);
  }
  return options.defaultValue ?? key;
}

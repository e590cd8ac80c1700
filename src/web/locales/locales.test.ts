import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/domain/language';
import { ERROR_CODES } from '../../shared/contracts/errors';

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

const cases = NAMESPACES.flatMap((namespace) =>
  LANGUAGES.filter((language) => language !== 'en').map((language) => [`${namespace}${language}`, namespace] as const),
);

describe.each(cases)('the %s locale', (file, namespace) => {
  const english = flatten(load(`${namespace}en`));
  const translated = flatten(load(file));

  it('has every key that English has, and no other', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('keeps the placeholders and markup of each English string', () => {
    for (const [key, text] of english) {
      expect(tokens(translated.get(key) ?? ''), key).toEqual(tokens(text));
    }
  });

  it('has no empty strings', () => {
    for (const [key, text] of translated) expect(text.trim(), key).not.toBe('');
  });
});

describe('the error messages', () => {
  it('translate every error code the API can answer with', () => {
    const english = flatten(load('en'));
    for (const code of ERROR_CODES) expect(english.has(`errors.${code}`), code).toBe(true);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/domain/language';

type Tree = { [key: string]: string | Tree };

const load = (language: string): Tree =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, `${language}.json`), 'utf8')) as Tree;

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

const english = flatten(load('en'));

describe.each(LANGUAGES.filter((language) => language !== 'en'))('the %s locale', (language) => {
  const translated = flatten(load(language));

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

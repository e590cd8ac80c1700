import { describe, expect, it } from 'vitest';
import { questionsSearch, seasonKey, withSeason } from './season';

describe('the season the question screens work on', () => {
  it('adds ?season= only for a draft, escaped, after any query', () => {
    expect(withSeason('/api/organise/weeks/2/questions', undefined)).toBe(
      '/api/organise/weeks/2/questions',
    );
    expect(withSeason('/api/organise/weeks/2/questions', '2026-spring')).toBe(
      '/api/organise/weeks/2/questions?season=2026-spring',
    );
    expect(withSeason('/x/export?format=csv', 'a b')).toBe('/x/export?format=csv&season=a%20b');
  });

  it('keeps the current season’s query keys and marks a draft’s', () => {
    expect(seasonKey(['organise', 'weeks', 2, 'questions'], undefined)).toEqual([
      'organise',
      'weeks',
      2,
      'questions',
    ]);
    expect(seasonKey(['organise', 'weeks', 2, 'questions'], 'next')).toEqual([
      'organise',
      'weeks',
      2,
      'questions',
      { season: 'next' },
    ]);
  });

  it('links a week and a slot on the screen, keeping the draft', () => {
    expect(questionsSearch(3, undefined)).toBe('?week=3');
    expect(questionsSearch(3, 'next', 'challenger')).toBe('?week=3&slot=challenger&season=next');
  });
});

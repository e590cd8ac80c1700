import { describe, expect, it } from 'vitest';
import { parsePlayerSearch, playerSearchParams, searchQueryString } from './player-search';

describe('the players search in the address', () => {
  it('reads the text, the team and the page', () => {
    expect(parsePlayerSearch(new URLSearchParams('q=%20ana%20&team=3&page=2'))).toEqual({
      q: 'ana',
      teamId: 3,
      withoutEmail: false,
      page: 2,
    });
  });

  it('falls back to all teams and the first page when the address holds nonsense', () => {
    expect(parsePlayerSearch(new URLSearchParams('team=abc&page=-4'))).toEqual({
      q: '',
      teamId: null,
      withoutEmail: false,
      page: 1,
    });
    expect(parsePlayerSearch(new URLSearchParams('team=0&page=0')).page).toBe(1);
    expect(parsePlayerSearch(new URLSearchParams('page=99999999999')).page).toBe(1);
  });

  it('cuts the text to the 100 characters the API accepts', () => {
    expect(parsePlayerSearch(new URLSearchParams({ q: 'x'.repeat(150) })).q).toHaveLength(100);
  });

  it('leaves empty and default values out of the address', () => {
    expect(
      playerSearchParams({ q: '', teamId: null, withoutEmail: false, page: 1 }).toString(),
    ).toBe('');
    expect(
      playerSearchParams({ q: 'Nguyễn', teamId: 7, withoutEmail: false, page: 3 }).toString(),
    ).toBe('q=Nguy%E1%BB%85n&team=7&page=3');
  });

  it('asks the API for one page with the filters it was given', () => {
    expect(searchQueryString({ q: '', teamId: null, withoutEmail: false, page: 1 })).toBe(
      'page=1&pageSize=25',
    );
    expect(searchQueryString({ q: 'a&b', teamId: 2, withoutEmail: false, page: 4 })).toBe(
      'page=4&pageSize=25&q=a%26b&teamId=2',
    );
  });

  it('keeps the without e-mail filter in the address and asks the API for it', () => {
    const search = parsePlayerSearch(new URLSearchParams('noEmail=1'));
    expect(search.withoutEmail).toBe(true);
    expect(playerSearchParams(search).toString()).toBe('noEmail=1');
    expect(searchQueryString(search)).toBe('page=1&pageSize=25&withoutEmail=1');
    expect(parsePlayerSearch(new URLSearchParams('noEmail=yes')).withoutEmail).toBe(false);
  });
});

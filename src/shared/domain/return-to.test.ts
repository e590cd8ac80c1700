import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it.each([
    ['/leaderboard', '/leaderboard'],
    ['/leaderboard?x=1', '/leaderboard?x=1'],
    ['/questions?week=2#top', '/questions?week=2#top'],
    ['/', '/'],
  ])('keeps the same-origin path %j', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    ['a protocol-relative URL', '//evil.example'],
    ['a protocol-relative URL with a path', '//evil.example/leaderboard'],
    ['an absolute https URL', 'https://evil.example'],
    ['an absolute http URL', 'http://evil.example/'],
    ['a backslash that browsers read as a slash', '/\\evil'],
    ['a backslash after the first slash, deeper', '/\\/evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path without a leading slash', 'leaderboard'],
    ['the login route itself', '/login'],
    ['a login sub-route', '/login/callback?code=x'],
    ['the login route with a query', '/login?returnTo=/x'],
    ['an empty string', ''],
  ])('sends %s back home', (_description, value) => {
    expect(safeReturnTo(value)).toBe('/');
  });

  it.each([
    ['a dot segment', '/.//evil.example'],
    ['a parent segment', '/a/..//evil.example'],
    ['an encoded dot segment', '/%2e//evil.example'],
  ])('sends a path that resolves to a protocol-relative URL through %s back home', (_d, value) => {
    expect(safeReturnTo(value)).toBe('/');
  });

  it('sends a path that resolves to the login route back home', () => {
    expect(safeReturnTo('/./login')).toBe('/');
  });

  it.each([
    ['a tab', '/\t/evil.example'],
    ['a newline', '/leaderboard\nSet-Cookie: x=1'],
    ['a carriage return', '/leaderboard\r\n'],
    ['a NUL byte', '/leader\u0000board'],
    ['DEL', '/leader\u007fboard'],
  ])('refuses a path containing %s', (_description, value) => {
    expect(safeReturnTo(value)).toBe('/');
  });

  it('refuses values that are not strings or are too long', () => {
    expect(safeReturnTo(undefined)).toBe('/');
    expect(safeReturnTo(null)).toBe('/');
    expect(safeReturnTo(['/leaderboard'])).toBe('/');
    expect(safeReturnTo(`/${'a'.repeat(2048)}`)).toBe('/');
  });
});

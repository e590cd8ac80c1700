import { describe, expect, it } from 'vitest';
import { APP_PAGE_PATHS, isAppPage } from '#shared/contracts/app-pages';
import type { RouteObject } from '../adapters/router';
import { routes } from './router';

/** Every path the router renders a page for (an index route is its parent's path). */
function pagePaths(list: RouteObject[], base = ''): string[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const own = route.path
      ? `${base.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`
      : base || '/';
    const here = route.index || (route.path && !route.children) ? [own] : [];
    const below = route.children ? pagePaths(route.children, route.path ? own : base) : [];
    return [...here, ...below];
  });
}

describe("the server's list of app pages", () => {
  it('is exactly the pages the router renders, so that a new page is not answered 404', () => {
    expect([...new Set(pagePaths(routes))].sort()).toEqual([...APP_PAGE_PATHS].sort());
  });

  it('matches a page with its parameters and an optional trailing slash, and nothing else', () => {
    expect(isAppPage('/')).toBe(true);
    expect(isAppPage('/weeks/3/review')).toBe(true);
    expect(isAppPage('/organise/players/42/')).toBe(true);
    expect(isAppPage('/healthz')).toBe(false);
    expect(isAppPage('/weeks/3')).toBe(false);
    expect(isAppPage('/organise/players/42/x')).toBe(false);
    expect(isAppPage('/leaderboardx')).toBe(false);
  });
});

/**
 * The paths of the web app's pages (src/web/app/router.tsx and the organiser's
 * organise-routes.tsx declare the same ones; app-pages.test.ts there compares them). The server
 * answers these with the web app, and any other path that no route serves with 404, so that an
 * uptime monitor or a crawler asking for `/healthz` or `/wp-login.php` is not told 200
 * (ADR 0035). `:name` is one path segment.
 */
export const APP_PAGE_PATHS = [
  '/',
  '/login/callback',
  '/rules',
  '/track',
  '/questions',
  '/leaderboard',
  '/account',
  '/hall-of-fame',
  '/weeks/:setNum/review',
  '/organise',
  '/organise/season',
  '/organise/next-season',
  '/organise/teams',
  '/organise/questions',
  '/organise/players',
  '/organise/players/:playerId',
  '/organise/exports',
  '/organise/gaps',
  '/organise/outbox',
  '/organise/audit',
] as const;

const patterns = APP_PAGE_PATHS.map(
  (page) => new RegExp(`^${page.replace(/:[A-Za-z]+/g, '[^/]+').replace(/\/$/, '')}/?$`),
);

/**
 * Whether a URL path (without its query) is one of the app's pages; a trailing slash is allowed.
 *
 * @example isAppPage('/leaderboard') === true; isAppPage('/weeks/2/review') === true;
 *          isAppPage('/healthz') === false
 */
export function isAppPage(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}

/**
 * Where to send the browser after sign-in: only a path on this site, never another origin.
 * Anything else (absolute URLs, protocol-relative `//host`, backslash tricks, control
 * characters) falls back to `/`.
 * @example safeReturnTo('/leaderboard?week=2') // '/leaderboard?week=2'
 * @example safeReturnTo('//evil.example') // '/'
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return '/';
  if (!value.startsWith('/')) return '/';
  // Browsers treat '\' like '/', so '/\evil' would be protocol-relative.
  if (value.startsWith('//') || value.includes('\\')) return '/';
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/';
  const resolved = new URL(value, 'https://podium.invalid');
  if (resolved.origin !== 'https://podium.invalid') return '/';
  // Dot segments can resolve to a protocol-relative path: '/.//evil' becomes '//evil'.
  if (resolved.pathname.startsWith('//')) return '/';
  // The login routes themselves would loop.
  if (resolved.pathname === '/login' || resolved.pathname.startsWith('/login/')) return '/';
  return resolved.pathname + resolved.search + resolved.hash;
}

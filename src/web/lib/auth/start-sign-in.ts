/**
 * Starts the redirect sign-in, remembering the page the player wanted (path relative to the
 * origin); the server only accepts same-site paths.
 */
export function startSignIn(returnTo = currentPath()): void {
  window.location.assign(`/login?returnTo=${encodeURIComponent(returnTo)}`);
}

export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return pathname + search + hash;
}

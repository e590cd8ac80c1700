/**
 * Whether the season has launched for this player. Until a season exists (`eventStartsAt` is
 * null) launch counts as in the future.
 */
export function hasLaunched(eventStartsAt: string | null | undefined, now = Date.now()): boolean {
  return typeof eventStartsAt === 'string' && Date.parse(eventStartsAt) <= now;
}

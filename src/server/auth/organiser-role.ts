import type { FastifyReply, FastifyRequest } from 'fastify';
import { documentAccess } from '../http/openapi';
import { AppError } from '../http/errors';

export interface OrganiserRule {
  /** Members of this group (the identity provider's `groups` claim) are organisers. */
  group: string;
  /** Lower-case emails that are organisers whatever their groups. */
  emails: readonly string[];
}

/** A `groups` claim as providers send it: an array of names (a single name is accepted too). */
function groupsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value)
    ? value.filter((entry): entry is string => typeof entry === 'string')
    : [];
}

/**
 * Whether the person signing in is an organiser, from the ID token's and UserInfo's claims: in
 * the organiser group, or with an email in the list (unless the provider says it is unverified).
 * @example isOrganiser([{ groups: ['staff', 'podium-organisers'] }], { group: 'podium-organisers', emails: [] }) // true
 */
export function isOrganiser(
  claimSets: readonly Record<string, unknown>[],
  rule: OrganiserRule,
): boolean {
  if (claimSets.some((claims) => groupsOf(claims.groups).includes(rule.group))) return true;
  return claimSets.some(
    (claims) =>
      typeof claims.email === 'string' &&
      claims.email_verified !== false &&
      rule.emails.includes(claims.email.trim().toLowerCase()),
  );
}

/** Pre-handler, after `authenticate`: organisers only, 403 for players. */
export async function requireOrganiser(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.signedIn?.player.organiser) {
    throw new AppError('FORBIDDEN', 'This is for organisers only.');
  }
}
// The OpenAPI document lists 403 and the session for every route that uses it.
documentAccess(requireOrganiser, 'organiser');

import type { FastifyReply, FastifyRequest } from 'fastify';
import { documentAccess } from '../http/openapi';
import { AppError } from '../http/errors';

export interface OrganiserRule {
  /**
   * The claim that lists a person's groups or roles: a name (`groups`, Entra ID's `roles`) or a
   * dotted path into nested claims (Keycloak's `realm_access.roles`).
   */
  claim: string;
  /** Whoever has this value in that claim is an organiser. */
  value: string;
  /** Lower-case emails that are organisers whatever their groups. */
  emails: readonly string[];
}

/**
 * The claim at `path`: a claim of that very name first (some providers put dots or URLs in
 * claim names), else the dotted path through nested objects.
 * @example claimAt({ realm_access: { roles: ['a'] } }, 'realm_access.roles') // ['a']
 */
export function claimAt(claims: Record<string, unknown>, path: string): unknown {
  if (path in claims) return claims[path];
  let current: unknown = claims;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A groups or roles claim as providers send it: an array of names (a single name too). */
function namesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value)
    ? value.filter((entry): entry is string => typeof entry === 'string')
    : [];
}

/**
 * Whether the person signing in is an organiser, from the ID token's and UserInfo's claims: the
 * organiser value in the configured claim, or an email in the list (unless the provider says it
 * is unverified).
 * @example isOrganiser([{ groups: ['staff', 'podium-organisers'] }], { claim: 'groups', value: 'podium-organisers', emails: [] }) // true
 */
export function isOrganiser(
  claimSets: readonly Record<string, unknown>[],
  rule: OrganiserRule,
): boolean {
  if (claimSets.some((claims) => namesOf(claimAt(claims, rule.claim)).includes(rule.value))) {
    return true;
  }
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

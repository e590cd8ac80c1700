import type { IdentityClaims } from '../features/players/repository';

/**
 * A player's profile from the provider's claims (ADR 0031). Entra ID, Okta and Keycloak do not
 * all send `email` and `name`: Entra ID often sends `upn` and no `email`, Okta and Keycloak
 * `preferred_username`, Keycloak `given_name` and `family_name` without `name`. The standard
 * claims come first; the others stand in when they are missing.
 */

type Profile = Omit<IdentityClaims, 'issuer' | 'subject'>;

/** A claim that is missing, and what stood in for it (null: nothing did). */
export interface MissingClaim {
  claim: 'email' | 'name';
  fallback: string | null;
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** Shaped like a mailbox: one @, something before it, a dot in the domain, no spaces. */
const looksLikeEmail = (value: string | null): value is string =>
  value !== null && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

export function profileFromClaims(claims: Record<string, unknown>): {
  profile: Profile;
  missing: MissingClaim[];
} {
  const missing: MissingClaim[] = [];
  const upn = text(claims.upn);
  const preferredUsername = text(claims.preferred_username);
  const givenName = text(claims.given_name);
  const familyName = text(claims.family_name);

  let email = text(claims.email);
  if (email === null) {
    const standIn = [
      ['upn', upn],
      ['preferred_username', preferredUsername],
    ].find(([, value]) => looksLikeEmail(value ?? null));
    email = standIn?.[1] ?? null;
    missing.push({ claim: 'email', fallback: standIn?.[0] ?? null });
  }

  let name = text(claims.name);
  if (name === null) {
    // Given and family names are kept apart: the player's name is shown from them.
    const standIn =
      givenName !== null || familyName !== null
        ? (['given_name/family_name', null] as const)
        : ([
            ['preferred_username', preferredUsername],
            ['upn', upn],
          ].find(([, value]) => value !== null) ?? null);
    name = standIn?.[1] ?? null;
    missing.push({ claim: 'name', fallback: standIn?.[0] ?? null });
  }

  return {
    profile: {
      email,
      name,
      givenName,
      familyName,
      locale: text(claims.locale),
      zoneinfo: text(claims.zoneinfo),
    },
    missing,
  };
}

interface WarnLogger {
  warn(object: object, message: string): void;
}

/**
 * Logs a missing claim once per claim for the life of the process: the provider's set-up is
 * the same for every player, so one line tells the operator what to add at the provider.
 */
export function createMissingClaimWarnings(log: WarnLogger) {
  const warned = new Set<string>();
  return (missing: readonly MissingClaim[]) => {
    for (const { claim, fallback } of missing) {
      if (warned.has(claim)) continue;
      warned.add(claim);
      log.warn(
        { claim, fallback },
        claim === 'email'
          ? `the identity provider sends no 'email' claim; ${
              fallback
                ? `using '${fallback}' where it is an address`
                : 'players without one get no reminder e-mails'
            } (organisers see who lacks an address); add the claim at the provider (scope email)`
          : `the identity provider sends no 'name' claim; ${
              fallback ? `using '${fallback}'` : 'players without a name are shown by e-mail'
            }; add the claim at the provider (scope profile)`,
      );
    }
  };
}

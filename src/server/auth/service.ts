import { hash, randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import { safeReturnTo } from '#shared/domain/return-to';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import {
  findActiveWeeks,
  findPlayerById,
  upsertPlayerFromClaims,
  type ActiveWeeksOf,
  type PlayerRow,
} from '../features/players/repository';
import type { OidcClient } from './oidc-client';
import { isOrganiser, type OrganiserRule } from './organiser-role';
import type { MissingClaim } from './profile-claims';
import { profileFromClaims } from './profile-claims';
import * as repo from './repository';
import type { MemoisedSession, SessionMemo } from './session-memo';

const LOGIN_TRANSACTION_MS = 10 * 60_000;
/** Writing last-seen on every request would put a write on every read. */
const TOUCH_INTERVAL_MS = 60_000;
/** Refresh a little before the provider's expiry, to absorb clock skew. */
const REFRESH_MARGIN_MS = 30_000;
/** How often a session asks the provider again for the player's organiser role (ADR 0031). */
export const ROLE_CHECK_INTERVAL_MS = 3_600_000;
/** When the provider did not answer a role check: try again this much later. */
const ROLE_CHECK_RETRY_MS = 5 * 60_000;

const newSecret = () => randomBytes(32).toString('base64url');
export const hashSecret = (secret: string) => hash('sha256', secret, 'hex');

export interface AuthDeps {
  db: Database;
  oidc: OidcClient;
  clock: Clock;
  publicOrigin: string;
  session: { idleMs: number; absoluteMs: number };
  organisers: OrganiserRule;
  sessions: SessionMemo;
  /** Logs each missing profile claim once (profile-claims.ts). */
  warnMissingClaims: (missing: readonly MissingClaim[]) => void;
}

/** A sign-in failure to show as 'name: message' on /login/callback. */
export class SignInError extends Error {
  override name = 'SignInError';
  constructor(
    readonly failure: string,
    message: string,
  ) {
    super(message);
  }
}

export const redirectUri = (publicOrigin: string) => `${publicOrigin}/login/callback`;

export async function startLogin(deps: AuthDeps, returnTo: unknown) {
  const config = await deps.oidc.configuration();
  const transactionId = newSecret();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const now = deps.clock.now();
  await repo.insertLoginTransaction(deps.db, {
    idHash: hashSecret(transactionId),
    state,
    nonce,
    codeVerifier,
    returnTo: safeReturnTo(returnTo),
    createdAt: now,
    expiresAt: new Date(now.getTime() + LOGIN_TRANSACTION_MS),
  });
  const authorizationUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(deps.publicOrigin),
    scope: deps.oidc.scopes,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { authorizationUrl: authorizationUrl.href, transactionId };
}

/** Checks the provider's answer, creates or updates the player and opens a session. */
export async function completeLogin(
  deps: AuthDeps,
  transactionId: string | undefined,
  callbackUrl: URL,
): Promise<{ sessionId: string; returnTo: string }> {
  const transaction = transactionId
    ? await repo.takeLoginTransaction(deps.db, hashSecret(transactionId))
    : undefined;
  const now = deps.clock.now();
  if (!transaction || transaction.expiresAt <= now) {
    throw new SignInError(
      'login_expired',
      'This sign-in was not started in this browser or took too long.',
    );
  }
  const config = await deps.oidc.configuration();
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: transaction.codeVerifier,
    expectedState: transaction.state,
    expectedNonce: transaction.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims()!;
  // Many providers put profile claims only in UserInfo; the ID token's iss and sub stay authoritative.
  const userInfo = config.serverMetadata().userinfo_endpoint
    ? await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)
    : {};
  const claims: Record<string, unknown> = { ...userInfo, ...stripEmpty(idClaims) };
  const { profile, missing } = profileFromClaims(claims);
  deps.warnMissingClaims(missing);
  const playerId = await upsertPlayerFromClaims(
    deps.db,
    { issuer: idClaims.iss, subject: idClaims.sub, ...profile },
    isOrganiser([idClaims, userInfo], deps.organisers),
    now,
  );
  // A leaver an organiser deactivated signs in no more (docs/privacy.md).
  if ((await findPlayerById(deps.db, playerId))?.deactivatedAt) {
    throw new SignInError(
      'account_deactivated',
      'This account has been deactivated. Ask the championship organisers if this is a mistake.',
    );
  }
  await repo.deleteExpired(deps.db, now);
  const sessionId = newSecret();
  await repo.insertSession(deps.db, {
    idHash: hashSecret(sessionId),
    playerId,
    ...tokenColumns(tokens, now),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + deps.session.absoluteMs),
    roleCheckDueAt: new Date(now.getTime() + ROLE_CHECK_INTERVAL_MS),
  });
  return { sessionId, returnTo: transaction.returnTo };
}

function stripEmpty(claims: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(claims).filter(
      ([, value]) => value !== undefined && value !== null && value !== '',
    ),
  );
}

function tokenColumns(
  tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
  now: Date,
) {
  const expiresIn = tokens.expiresIn();
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? null,
    idToken: tokens.id_token ?? null,
    accessTokenExpiresAt:
      expiresIn === undefined ? null : new Date(now.getTime() + expiresIn * 1000),
  };
}

export interface SignedIn {
  sessionIdHash: string;
  player: PlayerRow;
  /** The player's active weeks of a season, memoised with the session. */
  activeWeeksOf: ActiveWeeksOf;
}

/**
 * The player behind a session cookie, or null when the session is unknown, idle too long, past
 * its absolute end, or its tokens can no longer be renewed at the provider. A session this
 * instance has seen recently is decided from its memo (session-memo.ts) while nothing is due;
 * anything else (idle, ended, a token to refresh) is decided on the database's row.
 */
export async function loadSession(
  deps: AuthDeps,
  sessionId: string | undefined,
): Promise<SignedIn | null> {
  if (!sessionId || sessionId.length > 128) return null;
  const idHash = hashSecret(sessionId);
  const memoised = deps.sessions.get(idHash);
  if (memoised) {
    const now = deps.clock.now();
    if (!needsDatabase(deps, memoised, now)) {
      if (now.getTime() - memoised.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await repo.touchSession(deps.db, idHash, now);
        memoised.lastSeenAt = now;
      }
      return signedIn(deps, idHash, memoised.player);
    }
    deps.sessions.forget(idHash);
  }
  const readAt = deps.sessions.mark();
  const found = await repo.findSessionWithPlayer(deps.db, idHash);
  const now = deps.clock.now();
  if (!found) return null;
  let session: repo.SessionRow | null = found.session;
  let player = found.player;
  const idleSince = now.getTime() - session.lastSeenAt.getTime();
  if (session.expiresAt <= now || idleSince > deps.session.idleMs) {
    await repo.deleteSession(deps.db, idHash);
    return null;
  }
  if (session.roleCheckDueAt <= now) {
    const checked = await recheckRole(deps, session, player, now);
    if (!checked) return null;
    ({ session, player } = checked);
  }
  if (refreshDue(session.accessTokenExpiresAt, now)) {
    session = await refreshTokens(deps, session, now);
    if (!session) return null;
  } else if (idleSince > TOUCH_INTERVAL_MS) {
    await repo.touchSession(deps.db, idHash, now);
    session = { ...session, lastSeenAt: now };
  }
  deps.sessions.set(
    idHash,
    {
      expiresAt: session.expiresAt,
      lastSeenAt: session.lastSeenAt,
      accessTokenExpiresAt: session.accessTokenExpiresAt,
      roleCheckDueAt: session.roleCheckDueAt,
      player,
    },
    readAt,
  );
  return signedIn(deps, idHash, player);
}

function signedIn(deps: AuthDeps, idHash: string, player: PlayerRow): SignedIn {
  return {
    sessionIdHash: idHash,
    player,
    activeWeeksOf: async (seasonId) => {
      // Only from the entry the memo holds now: a change heard since drops it (session-memo.ts).
      const entry = deps.sessions.get(idHash);
      if (entry?.activeWeeks?.seasonId === seasonId) return entry.activeWeeks.flags;
      const readAt = deps.sessions.mark();
      const flags = await findActiveWeeks(deps.db, player.id, seasonId);
      if (entry && deps.sessions.mark() === readAt && deps.sessions.get(idHash) === entry)
        entry.activeWeeks = { seasonId, flags };
      return flags;
    },
  };
}

const refreshDue = (accessTokenExpiresAt: Date | null, now: Date) =>
  accessTokenExpiresAt !== null &&
  accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS <= now.getTime();

/** Whether only the database's row can decide: the session may have ended or need new tokens. */
function needsDatabase(deps: AuthDeps, memoised: MemoisedSession, now: Date): boolean {
  return (
    memoised.expiresAt <= now ||
    now.getTime() - memoised.lastSeenAt.getTime() > deps.session.idleMs ||
    refreshDue(memoised.accessTokenExpiresAt, now) ||
    memoised.roleCheckDueAt <= now
  );
}

/** An answer of the provider's token or UserInfo endpoint that refuses the grant or token. */
const refused = (error: unknown) =>
  error instanceof client.ResponseBodyError ||
  error instanceof client.WWWAuthenticateChallengeError;

/**
 * Asks the provider again whether the player is an organiser (ADR 0031): with the refresh token
 * when there is one (new tokens, a new ID token for most providers), and UserInfo. A provider
 * that refuses the refresh token or the access token ends the session; one that does not answer
 * leaves the role as it was, to be asked again a few minutes later.
 */
async function recheckRole(
  deps: AuthDeps,
  session: repo.SessionRow,
  player: PlayerRow,
  now: Date,
): Promise<{ session: repo.SessionRow; player: PlayerRow } | null> {
  let current = session;
  const claimSets: Record<string, unknown>[] = [];
  try {
    const config = await deps.oidc.configuration();
    if (current.refreshToken) {
      const tokens = await client.refreshTokenGrant(config, current.refreshToken);
      const columns = tokenColumns(tokens, now);
      columns.refreshToken ??= current.refreshToken;
      columns.idToken ??= current.idToken;
      if (
        !(await repo.replaceSessionTokens(
          deps.db,
          current.idHash,
          current.accessToken,
          columns,
          now,
        ))
      ) {
        // Another request refreshed (and maybe rotated) first, and checks the role itself.
        const latest = await repo.findSession(deps.db, current.idHash);
        return latest ? { session: latest, player } : null;
      }
      current = { ...current, ...columns, lastSeenAt: now };
      const idClaims = tokens.claims();
      if (idClaims) claimSets.push(idClaims);
    }
    if (config.serverMetadata().userinfo_endpoint) {
      claimSets.push(await client.fetchUserInfo(config, current.accessToken, player.oidcSubject));
    }
  } catch (error) {
    if (refused(error)) {
      // Unless another request rotated the tokens meanwhile: then this one's were stale.
      const latest = await repo.findSession(deps.db, session.idHash);
      if (latest && latest.accessToken !== session.accessToken) return { session: latest, player };
      await repo.deleteSession(deps.db, session.idHash);
      return null;
    }
    const retryAt = new Date(now.getTime() + ROLE_CHECK_RETRY_MS);
    await repo.setRoleCheckDue(deps.db, current.idHash, retryAt);
    return { session: { ...current, roleCheckDueAt: retryAt }, player };
  }
  const dueAt = new Date(now.getTime() + ROLE_CHECK_INTERVAL_MS);
  await repo.setRoleCheckDue(deps.db, current.idHash, dueAt);
  current = { ...current, roleCheckDueAt: dueAt };
  // Nothing to judge by (no new ID token, no UserInfo): the role stays as signed in.
  if (claimSets.length === 0) return { session: current, player };
  // ORGANISER_EMAILS holds by the address stored at sign-in when the new claims carry none.
  if (!claimSets.some((claims) => typeof claims.email === 'string')) {
    claimSets.push({ email: player.email });
  }
  const organiser = isOrganiser(claimSets, deps.organisers);
  if (organiser !== player.organiser) {
    await repo.setPlayerOrganiser(deps.db, player.id, organiser, now);
    player = { ...player, organiser };
  }
  return { session: current, player };
}

async function refreshTokens(
  deps: AuthDeps,
  session: repo.SessionRow,
  now: Date,
): Promise<repo.SessionRow | null> {
  if (session.refreshToken) {
    try {
      const config = await deps.oidc.configuration();
      const tokens = await client.refreshTokenGrant(config, session.refreshToken);
      const columns = tokenColumns(tokens, now);
      columns.refreshToken ??= session.refreshToken;
      columns.idToken ??= session.idToken;
      if (
        await repo.replaceSessionTokens(deps.db, session.idHash, session.accessToken, columns, now)
      ) {
        return { ...session, ...columns, lastSeenAt: now };
      }
    } catch {
      // Fall through: another request may have refreshed (and rotated) the tokens meanwhile.
    }
    const current = await repo.findSession(deps.db, session.idHash);
    if (current && current.accessToken !== session.accessToken) return current;
  }
  await repo.deleteSession(deps.db, session.idHash);
  return null;
}

/**
 * Ends the session here and at the provider: revokes its tokens, then returns where to send
 * the browser: the provider's end-session endpoint (with `client_id`, `post_logout_redirect_uri`
 * and `state`; `id_token_hint` only with OIDC_LOGOUT_ID_TOKEN_HINT), else home.
 */
export async function logout(deps: AuthDeps, sessionId: string | undefined): Promise<string> {
  const home = `${deps.publicOrigin}/`;
  const session = sessionId ? await repo.deleteSession(deps.db, hashSecret(sessionId)) : undefined;
  if (!session) return home;
  let config: client.Configuration;
  try {
    config = await deps.oidc.configuration();
  } catch {
    return home;
  }
  const revocations: Promise<void>[] = [];
  if (config.serverMetadata().revocation_endpoint) {
    if (session.refreshToken) {
      revocations.push(
        client.tokenRevocation(config, session.refreshToken, { token_type_hint: 'refresh_token' }),
      );
    }
    revocations.push(
      client.tokenRevocation(config, session.accessToken, { token_type_hint: 'access_token' }),
    );
  }
  // A provider that refuses a revocation must not keep the player signed in here.
  await Promise.allSettled(revocations);
  if (!config.serverMetadata().end_session_endpoint) return home;
  // The browser carries this URL: by default `client_id` (added by openid-client) identifies us,
  // as RP-Initiated Logout 1.0 allows, and no token leaves the server. Providers that honour
  // `post_logout_redirect_uri` only with an ID token get it when the operator says so.
  if (deps.oidc.logoutIdTokenHint && !session.idToken) return home;
  return client.buildEndSessionUrl(config, {
    ...(deps.oidc.logoutIdTokenHint ? { id_token_hint: session.idToken! } : {}),
    post_logout_redirect_uri: home,
    state: newSecret(),
  }).href;
}

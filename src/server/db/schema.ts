import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A person who signed in through the identity provider. */
export const players = pgTable(
  'players',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    oidcIssuer: text('oidc_issuer').notNull(),
    oidcSubject: text('oidc_subject').notNull(),
    email: text('email'),
    name: text('name'),
    givenName: text('given_name'),
    familyName: text('family_name'),
    /** The identity provider's `locale` claim, as given. */
    locale: text('locale'),
    /** The identity provider's `zoneinfo` claim, as given. */
    zoneinfo: text('zoneinfo'),
    /** Interface language chosen on the profile (en, es, fr, id, pl, th, vi); null until chosen. */
    language: text('language'),
    teamId: integer('team_id'),
    salesTeamId: integer('sales_team_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('players_oidc_identity').on(table.oidcIssuer, table.oidcSubject)],
);

/** A signed-in browser. The cookie holds a random id; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    idToken: text('id_token'),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the session, whatever the activity. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sessions_player').on(table.playerId),
    index('sessions_expiry').on(table.expiresAt),
  ],
);

/**
 * A sign-in under way: what the callback needs to check the provider's answer (state, nonce,
 * PKCE verifier) and where to send the browser afterwards. Keyed by the hash of a random id held
 * in a short-lived cookie, so a callback only completes in the browser that started it.
 */
export const loginTransactions = pgTable(
  'login_transactions',
  {
    idHash: text('id_hash').primaryKey(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnTo: text('return_to').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('login_transactions_expiry').on(table.expiresAt)],
);

/**
 * State of the embedded demo identity provider (oidc-provider's sessions, grants, codes,
 * tokens), so that it survives a restart and works with several instances.
 */
export const idpArtifacts = pgTable(
  'idp_artifacts',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('idp_artifacts_grant').on(table.grantId),
    index('idp_artifacts_uid').on(table.uid),
    index('idp_artifacts_expiry').on(table.expiresAt),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FrozenResults } from '#shared/contracts/past-seasons';
import { REGIONS } from '#shared/contracts/season';
import { LANGUAGES } from '#shared/domain/language';

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
    teamId: integer('team_id').references(() => teams.id),
    salesTeamId: integer('sales_team_id').references(() => salesTeams.id, { onDelete: 'set null' }),
    /** When the player first registered (chose a team); null until then. */
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
    /** Granted at each sign-in by the groups claim or ORGANISER_EMAILS (ADR 0009). */
    organiser: boolean('organiser').notNull().default(false),
    /**
     * Since when the current team counts the player's weeks: registration, then each team
     * change. A week closed before it was counted for the previous team (or for none).
     */
    teamSince: timestamp('team_since', { withTimezone: true }),
    /** E-mail reminders when a week opens and before it closes (ADR 0020); on by default. */
    remindersEnabled: boolean('reminders_enabled').notNull().default(true),
    /**
     * Time accommodation granted by an organiser (ADR 0037): the factor of the five minutes, in
     * percent (100 = none, up to 1000). Private to the player and the organisers.
     */
    timePercent: smallint('time_percent').notNull().default(100),
    /**
     * A player who left, deactivated by an organiser: sign-in is refused and their sessions end
     * (docs/privacy.md). Null while active.
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /**
     * Erased on request or by the retention setting (ADR 0038): the row stays as an anonymous
     * tombstone so that the answers and standings it carries keep adding up; its identity
     * (names, e-mail, the provider's subject) is gone.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('players_oidc_identity').on(table.oidcIssuer, table.oidcSubject),
    index('players_team').on(table.teamId),
    check('players_time_percent_range', sql`${table.timePercent} between 100 and 1000`),
  ],
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
    /**
     * When to ask the provider again whether the player is still an organiser (ADR 0031):
     * hourly, through the refresh token or UserInfo. Sessions from before the column: at once.
     */
    roleCheckDueAt: timestamp('role_check_due_at', { withTimezone: true }).notNull().defaultNow(),
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

/** Final results frozen when a season is archived (ADR 0039); see contracts/past-seasons.ts. */
export type { FrozenResults };

/**
 * A championship: three events of two weeks. Its life (ADR 0039): a draft prepared by the
 * organisers and seen by nobody else, then current (one at a time), then archived (read-only,
 * its final results frozen in `frozen_results`).
 */
export const seasons = pgTable(
  'seasons',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    productName: text('product_name').notNull(),
    /** IANA zone for players without a team yet. */
    timeZone: text('time_zone').notNull(),
    registrationClosesAt: timestamp('registration_closes_at', { withTimezone: true }).notNull(),
    current: boolean('current').notNull().default(false),
    /** draft → current → archived (ADR 0039); `current` is true exactly when status is current. */
    status: text('status', { enum: ['draft', 'current', 'archived'] })
      .notNull()
      .default('current'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Final standings, regional winners and statistics, written once when archived. */
    frozenResults: jsonb('frozen_results').$type<FrozenResults>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('seasons_one_current')
      .on(table.current)
      .where(sql`${table.current}`),
    // One draft at a time: two organisers preparing the next season at once get a 409.
    uniqueIndex('seasons_one_draft')
      .on(table.status)
      .where(sql`${table.status} = 'draft'`),
    check('seasons_current_status', sql`${table.current} = (${table.status} = 'current')`),
  ],
);

export const events = pgTable(
  'events',
  {
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    /** 1 canoe, 2 cyclocross, 3 marathon. */
    id: smallint('id').notNull(),
    key: text('key').notNull(),
    /** Which of the three track pictures the home screen shows. */
    track: smallint('track').notNull(),
  },
  (table) => [primaryKey({ columns: [table.seasonId, table.id] })],
);

export const weeks = pgTable(
  'weeks',
  {
    seasonId: text('season_id').notNull(),
    setNum: smallint('set_num').notNull(),
    eventId: smallint('event_id').notNull(),
    eventWeek: smallint('event_week').notNull(),
    /** Local dates: the week is open from 00:00 on opensOn to the end of closesOn, team time. */
    opensOn: date('opens_on', { mode: 'string' }).notNull(),
    closesOn: date('closes_on', { mode: 'string' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.seasonId, table.setNum] }),
    foreignKey({
      columns: [table.seasonId, table.eventId],
      foreignColumns: [events.seasonId, events.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A country team. Teams outlive seasons; players keep theirs. Codes and names are unique
 * whatever their case, in the database itself (ADR 0015).
 */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    /** Stable key used by content files (their upsert's conflict target). */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** ISO 3166-1 alpha-2, lower case. */
    flag: text('flag').notNull(),
    region: text('region', { enum: REGIONS }).notNull(),
    timeZone: text('time_zone').notNull(),
  },
  (table) => [
    uniqueIndex('teams_code_lower').on(sql`lower(${table.code})`),
    uniqueIndex('teams_name_lower').on(sql`lower(${table.name})`),
  ],
);

export const salesTeams = pgTable(
  'sales_teams',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  // A team's sales team names are unique whatever their case (ADR 0015).
  (table) => [uniqueIndex('sales_teams_name_lower').on(table.teamId, sql`lower(${table.name})`)],
);

/** The interface languages (the spec's Language entity). */
export const languages = pgTable('languages', {
  code: text('code', { enum: LANGUAGES }).primaryKey(),
  label: text('label').notNull(),
});

export interface QuestionTranslation {
  text: string;
  options: Record<string, string>;
  /** Why the correct option is right, shown in the week's review after it closes (ADR 0019). */
  explanation?: string;
}

/**
 * A translation's status as last recorded (ADR 0040). `source` and `target` are SHA-256
 * fingerprints of the English and of this language's texts at the time: when either no longer
 * matches, the status shown is derived from that (stale English, or an unreviewed edit).
 */
export interface TranslationStatusEntry {
  state: 'translated' | 'reviewed';
  source: string;
  target: string;
}

/** One of a week's five questions (kind 'main', position 1–5) or its challenger (position 1). */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    seasonId: text('season_id').notNull(),
    setNum: smallint('set_num').notNull(),
    kind: text('kind', { enum: ['main', 'challenger'] }).notNull(),
    position: smallint('position').notNull(),
    category: text('category').notNull(),
    correctOption: text('correct_option').notNull(),
    source: text('source').notNull().default(''),
    /** Language code → text and options; English is required and the fallback. */
    translations: jsonb('translations').$type<Record<string, QuestionTranslation>>().notNull(),
    /** Review (ADR 0009): a week opens only with every question approved and translated. */
    reviewStatus: text('review_status', { enum: ['draft', 'approved'] })
      .notNull()
      .default('draft'),
    /** The organiser who approved it; null with an approval means loaded from a content file. */
    approvedBy: uuid('approved_by').references(() => players.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /**
     * Per language other than English, where its translation stands (ADR 0040): translated or
     * reviewed, with fingerprints of the English and of the translation it was given for.
     */
    translationStatus: jsonb('translation_status')
      .$type<Record<string, TranslationStatusEntry>>()
      .notNull()
      .default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A corrected answer key (ADR 0041): options accepted besides `correct_option` after the
     * week opened, and when the question was voided (it then counts for nobody).
     */
    acceptedOptions: jsonb('accepted_options')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    voidedAt: timestamp('voided_at', { withTimezone: true, precision: 3 }),
    /**
     * The week's answer-key version, the same on its six questions, raised by each correction:
     * play's lock-free writes check it, so none marks an answer with an older key (ADR 0041).
     */
    keyVersion: smallint('key_version').notNull().default(0),
  },
  (table) => [
    uniqueIndex('questions_slot').on(table.seasonId, table.setNum, table.kind, table.position),
    foreignKey({
      columns: [table.seasonId, table.setNum],
      foreignColumns: [weeks.seasonId, weeks.setNum],
    }).onDelete('cascade'),
  ],
);

/** Holiday snooze: which of the six weeks a player plays (the spec's week_1..week_6). */
export const activeWeeks = pgTable(
  'active_weeks',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    week1: boolean('week_1').notNull().default(true),
    week2: boolean('week_2').notNull().default(true),
    week3: boolean('week_3').notNull().default(true),
    week4: boolean('week_4').notNull().default(true),
    week5: boolean('week_5').notNull().default(true),
    week6: boolean('week_6').notNull().default(true),
    /**
     * When the player registered for this season (ADR 0039): the per-season registration
     * marker; players.registered_at is the current season's copy, cleared at each launch.
     */
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    /**
     * The team and sales team the player chose for this season (migration 0014): written at
     * registration, at each change of either, and at the archive; a past season's export reads
     * them (players.team_id and sales_team_id are the latest choice, for the next form).
     */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    salesTeamId: integer('sales_team_id').references(() => salesTeams.id, {
      onDelete: 'set null',
    }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.seasonId] })],
);

/** An answer as stored in its attempt (`answeredAt`: the server's time, ISO 8601 in UTC). */
export interface StoredAnswer {
  position: number;
  questionId: number;
  option: string;
  correct: boolean;
  answeredAt: string;
}

/**
 * A player's one attempt at a week (unique per player and week), with the team it counts for.
 * Times are the server's; scores are in hundredths of a point.
 */
export const attempts = pgTable(
  'attempts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    seasonId: text('season_id').notNull(),
    setNum: smallint('set_num').notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true, precision: 3 }).notNull(),
    /**
     * The player's time factor when the attempt started, in percent (100 = the usual 5 minutes;
     * ADR 0037): its deadline, its challenger's and its speed bonus use it, whatever changes later.
     */
    timePercent: smallint('time_percent').notNull().default(100),
    /** Question ids in the order asked (positions 1–5) and each one's shuffled option keys. */
    questionIds: jsonb('question_ids').$type<number[]>().notNull(),
    optionOrders: jsonb('option_orders').$type<Record<string, string[]>>().notNull(),
    /**
     * The main set's answers in order, each final once written (ADR 0013): in the attempt's row,
     * so that one guarded update records an answer under the row's own lock.
     */
    answers: jsonb('answers')
      .$type<StoredAnswer[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
    timedOut: boolean('timed_out'),
    correctCount: smallint('correct_count'),
    answeredCount: smallint('answered_count'),
    /** Milliseconds from the start to the last answer. */
    elapsedMs: integer('elapsed_ms'),
    mainScore: integer('main_score'),
    challengerQuestionId: integer('challenger_question_id'),
    challengerOptionOrder: jsonb('challenger_option_order').$type<string[]>(),
    challengerStartedAt: timestamp('challenger_started_at', { withTimezone: true, precision: 3 }),
    challengerDeadlineAt: timestamp('challenger_deadline_at', { withTimezone: true, precision: 3 }),
    challengerOption: text('challenger_option'),
    challengerAnsweredAt: timestamp('challenger_answered_at', { withTimezone: true, precision: 3 }),
    /** Set once the challenger is decided: answered, or its time ran out. */
    challengerCorrect: boolean('challenger_correct'),
    /** The week's score: main set, then after the challenger. Null until the main set is scored. */
    weekScore: integer('week_score'),
  },
  (table) => [
    uniqueIndex('attempts_one_per_week').on(table.playerId, table.seasonId, table.setNum),
    index('attempts_week_team').on(table.seasonId, table.setNum, table.teamId),
    index('attempts_open_deadline')
      .on(table.deadlineAt)
      .where(sql`${table.finishedAt} is null`),
    index('attempts_challenger_deadline')
      .on(table.challengerDeadlineAt)
      .where(sql`${table.challengerStartedAt} is not null and ${table.challengerCorrect} is null`),
  ],
);

/**
 * Per team and week, kept up to date in the transactions that change them (registration,
 * profile updates, scoring), so standings never scan players. Scores in hundredths.
 */
export const teamWeekStats = pgTable(
  'team_week_stats',
  {
    seasonId: text('season_id').notNull(),
    setNum: smallint('set_num').notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Members active that week (not on holiday). */
    activeMembers: integer('active_members').notNull().default(0),
    /** Members who played it, the sum of their week scores and of their times. */
    played: integer('played').notNull().default(0),
    scoreSum: bigint('score_sum', { mode: 'number' }).notNull().default(0),
    timeSumMs: bigint('time_sum_ms', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.seasonId, table.setNum, table.teamId] })],
);

/** A player's season total, kept with each scored week; the team is the player's current one. */
export const playerTotals = pgTable(
  'player_totals',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    seasonId: text('season_id').notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    total: integer('total').notNull().default(0),
    totalTimeMs: bigint('total_time_ms', { mode: 'number' }).notNull().default(0),
    lastSubmissionAt: timestamp('last_submission_at', {
      withTimezone: true,
      precision: 3,
    }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.playerId, table.seasonId] }),
    index('player_totals_ranking').on(
      table.seasonId,
      table.teamId,
      table.total.desc(),
      table.totalTimeMs,
      table.lastSubmissionAt,
    ),
  ],
);

/**
 * A player's request for more time (ADR 0037): at most one per player, open until an organiser
 * grants a factor (the row goes) or declines it (kept as declined, so the player sees it until
 * they ask again). Private: only the player and the organisers see it.
 */
export const timeRequests = pgTable(
  'time_requests',
  {
    playerId: uuid('player_id')
      .primaryKey()
      .references(() => players.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'declined'] }).notNull(),
    note: text('note'),
    requestedAt: timestamp('requested_at', { withTimezone: true, precision: 3 }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    index('time_requests_open')
      .on(table.requestedAt)
      .where(sql`${table.status} = 'open'`),
  ],
);

/**
 * Every change an organiser makes, written in the transaction that makes it: who, what, the
 * entity before and after (JSON), the reason when one is required, and when.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id').references(() => players.id, { onDelete: 'set null' }),
    /** The actor's name when acting, so the log still reads after the player is gone. */
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [
    index('audit_log_at').on(table.at.desc(), table.id.desc()),
    index('audit_log_entity').on(table.entityType, table.entityId),
  ],
);

/**
 * A reminder e-mail (ADR 0020): one row per player, week and kind, so that "exactly once" is the
 * unique key's doing. Written when it comes due, claimed with a lease by one instance, then sent
 * (SMTP) or kept (the demo outbox). The text is stored as sent, for the organiser's outbox.
 */
export const reminders = pgTable(
  'reminders',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    seasonId: text('season_id').notNull(),
    setNum: smallint('set_num').notNull(),
    kind: text('kind', { enum: ['opening', 'closing'] }).notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The team's zone when planned: the local time shown in the outbox. */
    timeZone: text('time_zone').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true, precision: 3 }).notNull(),
    /**
     * pending → sending (claimed) → sent | skipped (no longer qualifies, or the week closed)
     * | failed (gave up after several attempts).
     */
    status: text('status', { enum: ['pending', 'sending', 'sent', 'skipped', 'failed'] })
      .notNull()
      .default('pending'),
    /** A claim lasts until then; an instance that died mid-send leaves it to expire. */
    leaseUntil: timestamp('lease_until', { withTimezone: true, precision: 3 }),
    tries: smallint('tries').notNull().default(0),
    /** Where it went: 'smtp' or 'outbox' (no SMTP_URL). */
    transport: text('transport', { enum: ['smtp', 'outbox'] }),
    recipient: text('recipient'),
    language: text('language'),
    subject: text('subject'),
    body: text('body'),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
    /** Why it was skipped or the last sending error. */
    note: text('note'),
  },
  (table) => [
    uniqueIndex('reminders_once').on(table.playerId, table.seasonId, table.setNum, table.kind),
    index('reminders_claimable')
      .on(table.dueAt)
      .where(sql`${table.status} in ('pending', 'sending')`),
    index('reminders_recent').on(table.dueAt.desc()),
  ],
);

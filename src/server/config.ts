import path from 'node:path';
import { z } from 'zod';
import { projectRoot } from './project-root';

/**
 * The one place that reads the environment. Everything else receives a `Config`.
 * An invalid or missing setting stops start-up with a message naming the variable.
 */

const booleanFlag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true');

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** How the client authenticates at the token endpoint (ADR 0032); unset: from discovery. */
export const TOKEN_AUTH_METHODS = [
  'client_secret_basic',
  'client_secret_post',
  'client_secret_jwt',
  'none',
] as const;
export type TokenAuthMethod = (typeof TOKEN_AUTH_METHODS)[number];

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const settingsSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(httpUrl.optional()),
  TRUST_PROXY: booleanFlag.default(false),
  REDIRECT_OTHER_HOSTS: booleanFlag.default(true),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  LOG_LEVEL: logLevel.default('info'),
  PROBE_LOG_LEVEL: logLevel.default('debug'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  DATABASE_POOL_IDLE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(10),
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  OIDC_ISSUER: optionalString.pipe(httpUrl.optional()),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_SCOPES: z.string().trim().min(1).default('openid profile email'),
  OIDC_LOGOUT_ID_TOKEN_HINT: booleanFlag.default(false),
  OIDC_ALLOW_HTTP: booleanFlag.default(false),
  OIDC_TOKEN_AUTH_METHOD: optionalString.pipe(z.enum(TOKEN_AUTH_METHODS).optional()),
  OIDC_ORGANISER_CLAIM: z
    .string()
    .trim()
    .regex(/^[^\s.]+(\.[^\s.]+)*$/, {
      error: 'must be a claim name or a dotted path such as realm_access.roles',
    })
    .max(200)
    .default('groups'),
  OIDC_ORGANISER_GROUP: z.string().trim().min(1).max(200).default('podium-organisers'),
  ORGANISER_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email !== ''),
    )
    .refine((emails) => emails.every((email) => z.email().safeParse(email).success), {
      error: 'must be a comma-separated list of email addresses',
    }),
  DEMO: booleanFlag.default(false),
  PRODUCT_NAME: z.string().trim().min(1).max(60).default('Podium'),
  CONTACT_EMAIL: z.email().default('podium-help@example.com'),
  SEASON_FILE: z.string().optional(),
  CLOCK_START: optionalString.pipe(
    z.iso
      .datetime({ offset: true, error: 'must be an ISO date-time such as 2025-02-03T09:00:00Z' })
      .optional(),
  ),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(43_200).default(720),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(2_160).default(168),
  RATE_LIMIT_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(0).max(1_000_000).default(300),
  RATE_LIMIT_PLAY: z.coerce.number().int().min(0).max(1_000_000).default(300),
  SMTP_URL: optionalString.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: optionalString,
  REMINDERS: booleanFlag.default(true),
  REMINDER_LOCAL_HOUR: z.coerce.number().int().min(0).max(23).default(9),
  REMINDER_HOURS_BEFORE_CLOSE: z.coerce.number().int().min(1).max(168).default(12),
  RETENTION_MONTHS: optionalString.pipe(
    z
      .string()
      .regex(/^\d+$/, { error: 'must be a whole number of months (1–120), or empty to keep' })
      .transform(Number)
      .pipe(z.number().int().min(1).max(120))
      .optional(),
  ),
  METRICS_TOKEN: optionalString.pipe(
    z
      .string()
      .regex(/^[\x21-\x7e]{32,256}$/, {
        error: 'must be 32 to 256 printable characters without spaces',
      })
      .optional(),
  ),
});

const environmentSchema = settingsSchema.superRefine((env, ctx) => {
  if (env.OIDC_ISSUER) {
    for (const key of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
      if (!env[key]) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'is required when OIDC_ISSUER is set',
        });
      }
    }
    if (env.OIDC_ISSUER.startsWith('http:') && !env.OIDC_ALLOW_HTTP) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message:
          'must be an https URL: the OpenID Connect client refuses to reach a provider over ' +
          'plain HTTP, so every sign-in would fail; for a local trial only, set OIDC_ALLOW_HTTP=1',
      });
    }
    if (/^[^/]*\/\/[^/.]*-admin\./.test(env.OIDC_ISSUER)) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'must not be the admin domain of the identity provider',
      });
    }
  } else if (env.NODE_ENV === 'production' && !env.DEMO) {
    ctx.addIssue({
      code: 'custom',
      path: ['OIDC_ISSUER'],
      message:
        'is required in production; the embedded demo identity provider runs there only with DEMO=1',
    });
  }
  if (env.PUBLIC_URL) {
    const url = new URL(env.PUBLIC_URL);
    if (url.pathname !== '/' || url.search !== '' || url.hash !== '') {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          `must be an origin without a path, such as ${url.origin}: Podium is served at the ` +
          'root of its own host name, not under a path (ADR 0033)',
      });
    }
  }
  if (!env.OIDC_SCOPES.split(/\s+/).includes('openid')) {
    ctx.addIssue({ code: 'custom', path: ['OIDC_SCOPES'], message: "must include 'openid'" });
  }
});

/** Every environment variable the server reads (scripts/configuration.test.ts checks the docs). */
export const SETTING_NAMES = Object.keys(settingsSchema.shape);

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.output<typeof environmentSchema>) {
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    /** Origin the browser sees, without a trailing slash (e.g. https://quiz.example.com). */
    publicOrigin: publicUrl.origin,
    /** Served over HTTPS: secure cookies with the __Host- prefix and HSTS. */
    https: publicUrl.protocol === 'https:',
    trustProxy: env.TRUST_PROXY,
    /** Requests for another host than PUBLIC_URL's are redirected there (ADR 0016). */
    redirectOtherHosts: env.REDIRECT_OTHER_HOSTS,
    /**
     * On SIGTERM (ADR 0016): `/health/ready` answers 503 and the server goes on serving for
     * `drainMs`, so that the load balancer stops sending it requests; then it stops listening
     * and has `timeoutMs` to finish what is under way and close the database.
     */
    shutdown: {
      drainMs: env.SHUTDOWN_DRAIN_SECONDS * 1000,
      timeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    },
    logLevel: env.LOG_LEVEL,
    /**
     * The level of the request lines of health probes and metrics scrapes (`/health/*`,
     * `/metrics`): below info by default, so that a probe every two seconds does not bury
     * the requests of people.
     */
    probeLogLevel: env.PROBE_LOG_LEVEL,
    dataDir,
    /** `undefined` means the embedded PGlite database under `dataDir`. */
    databaseUrl: env.DATABASE_URL,
    /** Connections each instance keeps to PostgreSQL (not PGlite). */
    databasePoolSize: env.DATABASE_POOL_SIZE,
    /** How long a pool connection may sit idle before it is closed; 0: until its lifetime ends. */
    databasePoolIdleMs: env.DATABASE_POOL_IDLE_SECONDS * 1000,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    oidc: env.OIDC_ISSUER
      ? {
          kind: 'external' as const,
          issuer: env.OIDC_ISSUER,
          clientId: env.OIDC_CLIENT_ID!,
          clientSecret: env.OIDC_CLIENT_SECRET!,
          scopes: env.OIDC_SCOPES,
          logoutIdTokenHint: env.OIDC_LOGOUT_ID_TOKEN_HINT,
          /** Plain HTTP to the provider, for a local trial only (ADR 0030). */
          allowHttp: env.OIDC_ALLOW_HTTP,
          /** Unset: the first of ours the provider advertises (ADR 0032). */
          tokenAuthMethod: env.OIDC_TOKEN_AUTH_METHOD,
        }
      : {
          kind: 'embedded' as const,
          scopes: env.OIDC_SCOPES,
          logoutIdTokenHint: env.OIDC_LOGOUT_ID_TOKEN_HINT,
        },
    /**
     * Who is an organiser (ADR 0031): the claim at this name or dotted path holds the value
     * (`groups`, Entra's `roles`, Keycloak's `realm_access.roles`), or one of these emails.
     */
    organisers: {
      claim: env.OIDC_ORGANISER_CLAIM,
      value: env.OIDC_ORGANISER_GROUP,
      emails: env.ORGANISER_EMAILS,
    },
    /** Season loaded at start-up when the database has none; null to load nothing. */
    seasonFile: startUpSeasonFile(env),
    /** The server's clock starts at this instant and runs on from there (demos and tests). */
    clockStart: env.CLOCK_START ? new Date(env.CLOCK_START) : null,
    productName: env.PRODUCT_NAME,
    contactEmail: env.CONTACT_EMAIL,
    session: {
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    },
    /**
     * Requests allowed per window: sign-in (/login and its callback) per client IP, play
     * (/api/weeks/…, /api/attempts/…, /api/me/stats) per signed-in player, never per IP, as a
     * whole office may share one address. 0 switches a limit off.
     */
    rateLimits: {
      windowMs: env.RATE_LIMIT_SECONDS * 1000,
      signIn: env.RATE_LIMIT_SIGN_IN,
      play: env.RATE_LIMIT_PLAY,
    },
    /**
     * Prometheus metrics at GET /metrics for a scraper sending this bearer token (ADR 0018);
     * null: no endpoint and no timing hook.
     */
    metricsToken: env.METRICS_TOKEN ?? null,
    /**
     * Reminder e-mails (ADR 0020): sent through `smtpUrl`, or kept in the organiser's outbox
     * when it is null; at `localHour` in the team's zone on the day a week opens and on the last
     * day that leaves `hoursBeforeClose` hours. `enabled` false: no scheduler on this instance.
     */
    reminders: {
      enabled: env.REMINDERS,
      smtpUrl: env.SMTP_URL ?? null,
      from: env.MAIL_FROM ?? `${env.PRODUCT_NAME} <${env.CONTACT_EMAIL}>`,
      localHour: env.REMINDER_LOCAL_HOUR,
      hoursBeforeClose: env.REMINDER_HOURS_BEFORE_CLOSE,
    },
    /**
     * Months after a season's last week closes at which players who have not signed in since
     * are erased (docs/privacy.md, ADR 0038); null keeps everyone.
     */
    retentionMonths: env.RETENTION_MONTHS ?? null,
  };
}

/** The demo season, shifted so that today is in its first week (ADR 0005). */
export const DEMO_SEASON_FILE = 'content/seasons/demo.json';

/**
 * SEASON_FILE, or when it is unset the demo season, except in production: there demo content
 * is loaded only when asked for, with DEMO=1 or SEASON_FILE naming it. Empty: nothing.
 */
function startUpSeasonFile(env: z.output<typeof settingsSchema>): string | null {
  const file =
    env.SEASON_FILE ?? (env.NODE_ENV === 'production' && !env.DEMO ? '' : DEMO_SEASON_FILE);
  return file.trim() === '' ? null : path.resolve(projectRoot, file);
}

const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'OIDC_CLIENT_SECRET',
  'METRICS_TOKEN',
  'SMTP_URL',
]);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates an environment (normally `process.env`) and returns the typed config. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  return toConfig(parseOrThrow(environmentSchema, env));
}

function parseOrThrow<Schema extends z.ZodType>(
  schema: Schema,
  env: Record<string, string | undefined>,
): z.output<Schema> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const variable = issue.path.join('.') || 'environment';
      const value = env[variable];
      const shown =
        value === undefined ? 'unset' : SECRET_VARIABLES.has(variable) ? 'set' : `'${value}'`;
      return `  ${variable} (${shown}): ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function loadConfigFromProcess(): Config {
  return loadConfig(process.env);
}

/**
 * The settings of a one-off job on the database (`content:load`): only where the database is
 * and the clock, so that a job needs neither the sign-in provider's settings nor the server's.
 */
const jobSettingsSchema = settingsSchema.pick({
  NODE_ENV: true,
  DATABASE_URL: true,
  DATA_DIR: true,
  CLOCK_START: true,
});

export type JobConfig = ReturnType<typeof toJobConfig>;

function toJobConfig(env: z.output<typeof jobSettingsSchema>) {
  return {
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR),
    clockStart: env.CLOCK_START ? new Date(env.CLOCK_START) : null,
  };
}

/** Validates a job's few settings (normally from `process.env`); others are not read. */
export function loadJobConfig(env: Record<string, string | undefined>): JobConfig {
  return toJobConfig(parseOrThrow(jobSettingsSchema, env));
}

export function loadJobConfigFromProcess(): JobConfig {
  return loadJobConfig(process.env);
}

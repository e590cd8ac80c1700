import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerEmbeddedIdp } from './auth/embedded-idp';
import { createOidcClient } from './auth/oidc-client';
import { registerAuth } from './auth/routes';
import type { CustomFetch } from 'openid-client';
import { createMissingClaimWarnings } from './auth/profile-claims';
import { createSessionMemo } from './auth/session-memo';
import { startingClock, systemClock, type Clock } from './clock';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { migrateDatabase } from './db/migrate';
import { ContentError } from './features/content/read-content';
import { currentSeasonExists } from './features/content/repository';
import { loadSeasonFile } from './features/content/service';
import { registerOrganiseRoutes } from './features/organise/routes';
import { registerPastSeasonRoutes } from './features/past-seasons/routes';
import { registerPlayerRoutes } from './features/players/routes';
import { registerPlayRoutes } from './features/play/routes';
import { createMailer } from './features/reminders/mailer';
import { registerReminderRoutes } from './features/reminders/routes';
import { startReminderScheduler } from './features/reminders/scheduler';
import { startRetention } from './features/privacy/retention';
import { registerPrivacyRoutes } from './features/privacy/routes';
import { registerReviewRoutes } from './features/review/routes';
import { startAttemptSweep } from './features/play/sweep';
import { cacheContent } from './features/season/content-cache';
import { registerSeasonRoutes } from './features/season/routes';
import { createStandingsCache } from './features/standings/cache';
import { registerStandingsRoutes } from './features/standings/routes';
import { registerTimeRoutes } from './features/time-accommodations/routes';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/errors';
import { createReadiness, registerHealthRoutes, type Readiness } from './http/health';
import { createMetrics, registerMetrics } from './http/metrics';
import { registerOpenApi } from './http/openapi';
import { registerTextGuard } from './http/input-text';
import { probeLogController, requestSerializer } from './http/logging';
import { registerPublicHostRedirect } from './http/public-host';
import { registerRateLimits } from './http/rate-limits';
import { registerCsrfProtection, registerSecurityHeaders } from './http/security';
import { readIndexHtml, registerSpa } from './http/spa';
import { databaseLocation, EXIT_CODES, shortReason, StartUpError } from './start-up-error';

export interface AppDeps {
  /** An open, migrated database; by default one is opened from the config and closed with the app. */
  database?: DatabaseHandle;
  clock?: Clock;
  /** Sees every route as it is registered, schemas included (the hostile-input suite's inventory). */
  onRoute?: (route: RouteOptions) => void;
  /** Told by server.ts when SIGTERM starts the drain; by default one that never drains. */
  readiness?: Readiness;
  /**
   * The fetch for every request to an external identity provider; by default Node's, which
   * trusts the system's CAs and NODE_EXTRA_CA_CERTS. Tests trust their own CA with it.
   */
  oidcFetch?: CustomFetch;
  /** Where the log lines go; by default standard output (tests read them here). */
  logStream?: { write(line: string): void };
}

/** Builds the whole server. Plugins and routes are registered here, in order, explicitly. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: requestSerializer },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    logController: probeLogController(config.probeLogLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    forceCloseConnections: 'idle',
    // A request that reached the process while it closes is served, not refused (ADR 0016).
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  // First of all hooks: nothing (cookies, CSRF, rate limits) runs for a host that is not ours.
  if (config.redirectOtherHosts) registerPublicHostRedirect(app, config.publicOrigin);
  registerErrorHandling(app);
  registerTextGuard(app);
  // Before any route: the description and the timing hook must see every one.
  await registerOpenApi(app);
  const metrics = config.metricsToken ? createMetrics() : null;
  if (metrics) registerMetrics(app, metrics, config.metricsToken!);

  const clock = deps.clock ?? (config.clockStart ? startingClock(config.clockStart) : systemClock);
  const database = deps.database ?? (await openOwnDatabase(config, app, clock));
  metrics?.observe({ database });

  const indexHtml = readIndexHtml(config.webDistDir);
  registerSecurityHeaders(app, config.https, indexHtml);
  await app.register(cookie);
  registerCsrfProtection(app, config.publicOrigin);
  const limits = await registerRateLimits(app, config.rateLimits);
  registerHealthRoutes(app, database, deps.readiness ?? createReadiness());

  const embedded =
    config.oidc.kind === 'embedded'
      ? registerEmbeddedIdp(app, {
          publicOrigin: config.publicOrigin,
          dataDir: config.dataDir,
          db: database.db,
          clock,
        })
      : null;
  const oidc = createOidcClient({
    issuer: embedded?.issuer ?? (config.oidc.kind === 'external' ? config.oidc.issuer : ''),
    clientId: embedded?.clientId ?? (config.oidc.kind === 'external' ? config.oidc.clientId : ''),
    clientSecret:
      embedded?.clientSecret ?? (config.oidc.kind === 'external' ? config.oidc.clientSecret : ''),
    scopes: config.oidc.scopes,
    logoutIdTokenHint: config.oidc.logoutIdTokenHint,
    ...(config.oidc.kind === 'external'
      ? { allowHttp: config.oidc.allowHttp, tokenAuthMethod: config.oidc.tokenAuthMethod }
      : {}),
    inProcess: embedded ? app : undefined,
    fetch: deps.oidcFetch,
  });

  const sendIndex = await registerSpa(app, config.webDistDir, indexHtml);
  const sessions = await createSessionMemo(database);
  app.addHook('onClose', () => sessions.close());
  metrics?.observe({ sessionMemoSize: sessions.size });
  const { authenticate } = registerAuth(app, {
    db: database.db,
    oidc,
    clock,
    publicOrigin: config.publicOrigin,
    session: config.session,
    organisers: config.organisers,
    sessions,
    warnMissingClaims: createMissingClaimWarnings(app.log),
    https: config.https,
    sendIndex,
    signInLimit: limits.signIn,
  });

  const stopContentCache = await cacheContent(database);
  app.addHook('onClose', () => stopContentCache());
  registerPlayerRoutes(app, { db: database.db, clock, authenticate });
  registerTimeRoutes(app, { db: database.db, clock, authenticate });
  registerPrivacyRoutes(app, { db: database.db, clock, authenticate });
  if (config.retentionMonths !== null) {
    startRetention(app, { db: database.db, clock, months: config.retentionMonths });
  }
  registerSeasonRoutes(app, { db: database.db, authenticate, site: config });
  registerPastSeasonRoutes(app, { db: database.db, authenticate });
  registerPlayRoutes(app, {
    db: database.db,
    clock,
    metrics,
    authenticate,
    playLimit: limits.play,
  });
  registerReviewRoutes(app, { db: database.db, clock, authenticate });
  startAttemptSweep(app, { db: database.db, clock, metrics });
  const standingsCache = await createStandingsCache(database, clock);
  app.addHook('onClose', () => standingsCache.close());
  registerStandingsRoutes(app, { cache: standingsCache, authenticate });
  registerOrganiseRoutes(app, { db: database.db, clock, authenticate });
  const mailer = await createMailer(config.reminders.smtpUrl);
  registerReminderRoutes(app, {
    db: database.db,
    clock,
    authenticate,
    transport: mailer.transport,
    localHour: config.reminders.localHour,
    hoursBeforeClose: config.reminders.hoursBeforeClose,
  });
  if (config.reminders.enabled) {
    startReminderScheduler(app, {
      db: database.db,
      clock,
      mailer,
      times: config.reminders,
      from: config.reminders.from,
      productName: config.productName,
      publicOrigin: config.publicOrigin,
    });
  }

  return app;
}

/** Opens and migrates the configured database; on an empty one, loads the start-up season. */
async function openOwnDatabase(
  config: Config,
  app: FastifyInstance,
  clock: Clock,
): Promise<DatabaseHandle> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    poolIdleMs: config.databasePoolIdleMs,
    dataDir: config.dataDir,
    onConnectionError: (error) => app.log.warn({ err: error }, 'database connection lost'),
  });
  app.addHook('onClose', () => database.close());
  await database.ping().catch(async (error: unknown) => {
    await database.close().catch(() => {});
    const where = config.databaseUrl ? databaseLocation(config.databaseUrl) : 'PGlite';
    throw new StartUpError(
      EXIT_CODES.databaseUnreachable,
      `the database at ${where} did not answer (${shortReason(error)}); check DATABASE_URL and ` +
        'that PostgreSQL runs and accepts this user',
    );
  });
  await migrateDatabase(database);
  if (config.seasonFile && !(await currentSeasonExists(database.db))) {
    const summary = await loadSeasonFile(database.db, config.seasonFile, clock).catch(
      (error: unknown) => {
        if (!(error instanceof ContentError)) throw error;
        throw new StartUpError(
          error.missingFile ? EXIT_CODES.contentMissing : EXIT_CODES.contentRefused,
          `the season file (SEASON_FILE) was ${error.missingFile ? 'not found' : 'refused'}, ` +
            `nothing was loaded: ${error.message.replaceAll('\n', '; ')}`,
        );
      },
    );
    app.log.info(
      { file: config.seasonFile, season: summary.seasonId },
      'season loaded into the empty database',
    );
  }
  return database;
}

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadJobConfig } from './config';
import { projectRoot } from './project-root';

/** The message of the ConfigError that `env` causes (fails the test if none is thrown). */
function configErrorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected loadConfig to refuse this environment');
}

const externalIdp = {
  OIDC_ISSUER: 'https://login.example.com/realms/acme',
  OIDC_CLIENT_ID: 'podium',
  OIDC_CLIENT_SECRET: 'client-secret-value',
};

describe('loadConfig', () => {
  it('runs with no settings at all: embedded database and provider on localhost:3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      publicOrigin: 'http://localhost:3000',
      https: false,
      trustProxy: false,
      logLevel: 'info',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      webDistDir: path.resolve('./dist/web'),
      oidc: { kind: 'embedded', scopes: 'openid profile email', logoutIdTokenHint: false },
      productName: 'Podium',
      contactEmail: 'podium-help@example.com',
      session: { idleMs: 720 * 60_000, absoluteMs: 168 * 3_600_000 },
    });
  });

  it('derives the public origin and HTTPS from PUBLIC_URL, with or without a trailing slash', () => {
    for (const value of ['https://quiz.example.com', 'https://quiz.example.com/']) {
      const config = loadConfig({ PUBLIC_URL: value });
      expect(config.publicOrigin).toBe('https://quiz.example.com');
      expect(config.https).toBe(true);
    }
  });

  it('refuses a PUBLIC_URL with a path, a query or a fragment, naming the origin to use', () => {
    // The sign-in redirects, cookies and the web app's links all live at the host's root: a
    // path would be dropped on the way back from the identity provider (ADR 0033).
    for (const value of [
      'https://host.example.com/podium',
      'https://host.example.com/podium/',
      'https://host.example.com/?x=1',
      'https://host.example.com/#top',
    ]) {
      expect(configErrorOf({ PUBLIC_URL: value })).toContain(
        `PUBLIC_URL ('${value}'): must be an origin without a path, such as https://host.example.com:`,
      );
    }
  });

  it('follows PORT in the default public origin', () => {
    expect(loadConfig({ PORT: '8080' }).publicOrigin).toBe('http://localhost:8080');
  });

  it('reads the session timeouts from SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_HOURS', () => {
    const config = loadConfig({ SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '2' });
    expect(config.session).toEqual({ idleMs: 30 * 60_000, absoluteMs: 2 * 3_600_000 });
  });

  it('limits sign-in per IP and play per player, 300 a minute each, and 0 switches a limit off', () => {
    expect(loadConfig({}).rateLimits).toEqual({ windowMs: 60_000, signIn: 300, play: 300 });
    const config = loadConfig({
      RATE_LIMIT_SECONDS: '2',
      RATE_LIMIT_SIGN_IN: '0',
      RATE_LIMIT_PLAY: '5',
    });
    expect(config.rateLimits).toEqual({ windowMs: 2_000, signIn: 0, play: 5 });
    expect(configErrorOf({ RATE_LIMIT_PLAY: '-1' })).toContain('RATE_LIMIT_PLAY');
    expect(configErrorOf({ RATE_LIMIT_SECONDS: '0' })).toContain('RATE_LIMIT_SECONDS');
  });

  it('closes idle pool connections after DATABASE_POOL_IDLE_SECONDS (default 10), 0 never', () => {
    expect(loadConfig({}).databasePoolIdleMs).toBe(10_000);
    expect(loadConfig({ DATABASE_POOL_IDLE_SECONDS: '60' }).databasePoolIdleMs).toBe(60_000);
    expect(loadConfig({ DATABASE_POOL_IDLE_SECONDS: '0' }).databasePoolIdleMs).toBe(0);
    expect(configErrorOf({ DATABASE_POOL_IDLE_SECONDS: '-1' })).toContain(
      'DATABASE_POOL_IDLE_SECONDS',
    );
  });

  it('treats empty optional settings as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', OIDC_ISSUER: ' ', PUBLIC_URL: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.oidc.kind).toBe('embedded');
  });

  it('uses an external provider when OIDC_ISSUER and its client are set', () => {
    expect(loadConfig(externalIdp).oidc).toEqual({
      kind: 'external',
      issuer: externalIdp.OIDC_ISSUER,
      clientId: 'podium',
      clientSecret: 'client-secret-value',
      scopes: 'openid profile email',
      logoutIdTokenHint: false,
      allowHttp: false,
      tokenAuthMethod: undefined,
    });
    expect(
      loadConfig({ ...externalIdp, OIDC_LOGOUT_ID_TOKEN_HINT: 'true' }).oidc.logoutIdTokenHint,
    ).toBe(true);
  });

  it('refuses OIDC_ISSUER without OIDC_CLIENT_ID and names the missing variable', () => {
    const message = configErrorOf({ ...externalIdp, OIDC_CLIENT_ID: '' });
    expect(message).toMatch(/OIDC_CLIENT_ID \(.*\): is required when OIDC_ISSUER is set/);
  });

  it('refuses OIDC_ISSUER without OIDC_CLIENT_SECRET and names the missing variable', () => {
    const { OIDC_CLIENT_SECRET: _omitted, ...env } = externalIdp;
    expect(configErrorOf(env)).toMatch(/OIDC_CLIENT_SECRET \(unset\)/);
  });

  it('refuses production without OIDC_ISSUER unless DEMO=1', () => {
    expect(configErrorOf({ NODE_ENV: 'production' })).toMatch(/OIDC_ISSUER.*DEMO=1/);
    expect(loadConfig({ NODE_ENV: 'production', DEMO: '1' }).oidc.kind).toBe('embedded');
  });

  it('accepts production with an external provider', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...externalIdp }).env).toBe('production');
  });

  it("refuses the identity provider's admin domain as the issuer", () => {
    const message = configErrorOf({ ...externalIdp, OIDC_ISSUER: 'https://acme-admin.okta.com' });
    expect(message).toMatch(/OIDC_ISSUER .*admin domain/);
    expect(loadConfig({ ...externalIdp, OIDC_ISSUER: 'https://acme.okta.com' }).oidc).toMatchObject(
      {
        issuer: 'https://acme.okta.com',
      },
    );
  });

  it('refuses an issuer that is not an http(s) URL', () => {
    expect(configErrorOf({ ...externalIdp, OIDC_ISSUER: 'ftp://idp.example' })).toMatch(
      /OIDC_ISSUER \('ftp:\/\/idp\.example'\): must be an http\(s\) URL/,
    );
  });

  it('refuses a plain-HTTP issuer, with the reason, unless OIDC_ALLOW_HTTP says it is a trial', () => {
    const message = configErrorOf({ ...externalIdp, OIDC_ISSUER: 'http://idp.example:8080' });
    expect(message).toMatch(/OIDC_ISSUER \('http:\/\/idp\.example:8080'\): must be an https URL/);
    expect(message).toContain('OIDC_ALLOW_HTTP=1');
    const trial = { ...externalIdp, OIDC_ISSUER: 'http://localhost:8080', OIDC_ALLOW_HTTP: '1' };
    expect(loadConfig(trial).oidc).toMatchObject({
      issuer: 'http://localhost:8080',
      allowHttp: true,
    });
    // The embedded demo provider needs no such flag, over http on localhost.
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).oidc.kind).toBe('embedded');
  });

  it('reads the token endpoint authentication method, or leaves it to discovery', () => {
    const env = { ...externalIdp, OIDC_TOKEN_AUTH_METHOD: 'client_secret_post' };
    expect(loadConfig(env).oidc).toMatchObject({ tokenAuthMethod: 'client_secret_post' });
    expect(configErrorOf({ ...env, OIDC_TOKEN_AUTH_METHOD: 'private_key_jwt' })).toContain(
      'OIDC_TOKEN_AUTH_METHOD',
    );
  });

  it('refuses scopes without openid', () => {
    expect(configErrorOf({ OIDC_SCOPES: 'profile email' })).toMatch(/OIDC_SCOPES.*openid/);
  });

  it('names PORT and shows its value when it is not a number', () => {
    expect(configErrorOf({ PORT: 'abc' })).toMatch(/PORT \('abc'\)/);
  });

  it('names every invalid variable at once', () => {
    const message = configErrorOf({ PORT: '70000', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe' });
    for (const variable of ['PORT', 'LOG_LEVEL', 'TRUST_PROXY'])
      expect(message).toContain(variable);
  });

  it('refuses session timeouts outside their bounds', () => {
    expect(configErrorOf({ SESSION_IDLE_MINUTES: '1' })).toContain('SESSION_IDLE_MINUTES');
    expect(configErrorOf({ SESSION_ABSOLUTE_HOURS: '0' })).toContain('SESSION_ABSOLUTE_HOURS');
  });

  it('names DATABASE_URL without echoing its secret value', () => {
    const message = configErrorOf({
      DATABASE_URL: 'mysql://admin:hunter2-secret@db.example/podium',
    });
    expect(message).toContain('DATABASE_URL (set)');
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('db.example');
  });

  it('switches metrics on with a METRICS_TOKEN of 32+ characters, never echoing it', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    const token = 'k'.repeat(31) + '7';
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    const message = configErrorOf({ METRICS_TOKEN: 'short-secret-token' });
    expect(message).toContain('METRICS_TOKEN (set): must be 32 to 256 printable characters');
    expect(message).not.toContain('short-secret-token');
    expect(configErrorOf({ METRICS_TOKEN: `${'k'.repeat(20)} ${'k'.repeat(20)}` })).toContain(
      'METRICS_TOKEN',
    );
  });

  it('reads who is an organiser: a claim holding a value (default groups holding podium-organisers) and a list of emails', () => {
    expect(loadConfig({}).organisers).toEqual({
      claim: 'groups',
      value: 'podium-organisers',
      emails: [],
    });
    expect(loadConfig({ OIDC_ORGANISER_CLAIM: 'realm_access.roles' }).organisers.claim).toBe(
      'realm_access.roles',
    );
    expect(configErrorOf({ OIDC_ORGANISER_CLAIM: 'realm_access..roles' })).toContain(
      'OIDC_ORGANISER_CLAIM',
    );
    const config = loadConfig({
      OIDC_ORGANISER_GROUP: 'quiz-admins',
      ORGANISER_EMAILS: ' Morgan.Lee@Example.com, ,ana@example.com ',
    });
    expect(config.organisers).toEqual({
      claim: 'groups',
      value: 'quiz-admins',
      emails: ['morgan.lee@example.com', 'ana@example.com'],
    });
    expect(configErrorOf({ ORGANISER_EMAILS: 'morgan, ana@example.com' })).toContain(
      "ORGANISER_EMAILS ('morgan, ana@example.com'): must be a comma-separated list of email addresses",
    );
  });

  it('loads the demo season into an empty database outside production, and in production only when asked', () => {
    const demo = path.resolve(projectRoot, 'content/seasons/demo.json');
    const season2025 = path.resolve(projectRoot, 'content/seasons/2025.json');
    expect(loadConfig({}).seasonFile).toBe(demo);
    expect(loadConfig({ NODE_ENV: 'test' }).seasonFile).toBe(demo);
    expect(loadConfig({ SEASON_FILE: '' }).seasonFile).toBeNull();
    // Production: no demo content unless DEMO=1 or SEASON_FILE names it.
    expect(loadConfig({ NODE_ENV: 'production', ...externalIdp }).seasonFile).toBeNull();
    expect(
      loadConfig({ NODE_ENV: 'production', ...externalIdp, SEASON_FILE: '' }).seasonFile,
    ).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production', DEMO: '1' }).seasonFile).toBe(demo);
    expect(
      loadConfig({ NODE_ENV: 'production', DEMO: '1', SEASON_FILE: '' }).seasonFile,
    ).toBeNull();
    expect(
      loadConfig({
        NODE_ENV: 'production',
        ...externalIdp,
        SEASON_FILE: 'content/seasons/2025.json',
      }).seasonFile,
    ).toBe(season2025);
  });
});

describe('loadJobConfig (content:load and other one-off jobs)', () => {
  it('needs no sign-in provider in production: only the database, the data folder and the clock', () => {
    const job = loadJobConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://podium:secret@db.internal:5432/podium',
      CLOCK_START: '2025-02-03T09:00:00Z',
    });
    expect(job).toEqual({
      databaseUrl: 'postgres://podium:secret@db.internal:5432/podium',
      dataDir: path.resolve('./data'),
      clockStart: new Date('2025-02-03T09:00:00Z'),
    });
    // The server itself refuses the same environment: it would need OIDC_ISSUER.
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/OIDC_ISSUER/);
  });

  it("ignores the server's settings, even wrong ones, and still refuses a wrong database URL", () => {
    expect(() => loadJobConfig({ PUBLIC_URL: 'not a url', OIDC_SCOPES: 'profile' })).not.toThrow();
    expect(() => loadJobConfig({ DATABASE_URL: 'mysql://db/podium' })).toThrow(
      'DATABASE_URL (set): must be a postgres:// URL',
    );
  });
});

describe('RETENTION_MONTHS', () => {
  it('keeps everyone without RETENTION_MONTHS, and takes 1 to 120 months', () => {
    expect(loadConfig({}).retentionMonths).toBeNull();
    expect(loadConfig({ RETENTION_MONTHS: '' }).retentionMonths).toBeNull();
    expect(loadConfig({ RETENTION_MONTHS: '24' }).retentionMonths).toBe(24);
    for (const wrong of ['0', '121', '6.5', 'six']) {
      expect(configErrorOf({ RETENTION_MONTHS: wrong })).toContain('RETENTION_MONTHS');
    }
  });
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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

  it('derives the public origin and HTTPS from PUBLIC_URL, without path or trailing slash', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://quiz.example.com/some/path/' });
    expect(config.publicOrigin).toBe('https://quiz.example.com');
    expect(config.https).toBe(true);
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

  it('reads who is an organiser: a group (default podium-organisers) and a list of emails', () => {
    expect(loadConfig({}).organisers).toEqual({ group: 'podium-organisers', emails: [] });
    const config = loadConfig({
      OIDC_ORGANISER_GROUP: 'quiz-admins',
      ORGANISER_EMAILS: ' Morgan.Lee@Example.com, ,ana@example.com ',
    });
    expect(config.organisers).toEqual({
      group: 'quiz-admins',
      emails: ['morgan.lee@example.com', 'ana@example.com'],
    });
    expect(configErrorOf({ ORGANISER_EMAILS: 'morgan, ana@example.com' })).toContain(
      "ORGANISER_EMAILS ('morgan, ana@example.com'): must be a comma-separated list of email addresses",
    );
  });

  it('keeps everyone without RETENTION_MONTHS, and takes 1 to 120 months', () => {
    expect(loadConfig({}).retentionMonths).toBeNull();
    expect(loadConfig({ RETENTION_MONTHS: '' }).retentionMonths).toBeNull();
    expect(loadConfig({ RETENTION_MONTHS: '24' }).retentionMonths).toBe(24);
    for (const wrong of ['0', '121', '6.5', 'six']) {
      expect(configErrorOf({ RETENTION_MONTHS: wrong })).toContain('RETENTION_MONTHS');
    }
  });
});

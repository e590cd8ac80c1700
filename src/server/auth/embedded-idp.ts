import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import Provider, { type Configuration } from 'oidc-provider';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { findDemoAccount } from './demo-accounts';
import { idpAdapterFactory } from './idp-adapter';
import { idpTexts } from './idp-texts';
import {
  IDP_STYLESHEET_PATH,
  idpStylesheet,
  renderErrorPage,
  renderLogoutPage,
  renderPickAccountPage,
  renderSignedOutPage,
} from './idp-pages';

export const EMBEDDED_IDP_PATH = '/idp';
export const EMBEDDED_CLIENT_ID = 'podium';

interface IdpSecrets {
  jwks: { keys: Record<string, unknown>[] };
  cookieKeys: string[];
  clientSecret: string;
}

/**
 * Signing keys, cookie keys and the client secret of the embedded provider. Kept under the data
 * folder so that tokens stay valid across a restart; generated when there are none yet.
 */
function loadOrCreateSecrets(dataDir: string): IdpSecrets {
  const file = path.join(dataDir, 'idp', 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as IdpSecrets;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  const secrets: IdpSecrets = {
    jwks: { keys: [{ ...jwk, kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }] },
    cookieKeys: [randomBytes(32).toString('base64url')],
    clientSecret: randomBytes(32).toString('base64url'),
  };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

export interface EmbeddedIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Mounts oidc-provider at /idp with the demo accounts, a sign-in page that lists them, and one
 * confidential client: this server. For demos and tests only (ADR 0002).
 */
export function registerEmbeddedIdp(
  app: FastifyInstance,
  options: { publicOrigin: string; dataDir: string; db: Database; clock: Clock },
): EmbeddedIdp {
  const issuer = options.publicOrigin + EMBEDDED_IDP_PATH;
  const secrets = loadOrCreateSecrets(options.dataDir);

  const configuration: Configuration = {
    adapter: idpAdapterFactory(options.db, options.clock),
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        client_secret: secrets.clientSecret,
        redirect_uris: [`${options.publicOrigin}/login/callback`],
        post_logout_redirect_uris: [`${options.publicOrigin}/`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: secrets.jwks as Configuration['jwks'],
    // The provider's default for its long-lived `_session` cookie is SameSite=None (with a
    // `.legacy` copy without SameSite), which browsers accept only with Secure: over plain http
    // Firefox and WebKit refuse it. The provider shares this server's origin, so Lax is enough
    // for every step of sign-in and sign-out; Secure follows the request's scheme
    // (X-Forwarded-Proto behind a proxy). ADR 0036.
    cookies: {
      keys: secrets.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      // `groups` rides on the profile scope, as many corporate providers do (ADR 0009).
      profile: ['name', 'given_name', 'family_name', 'locale', 'zoneinfo', 'groups'],
      email: ['email', 'email_verified'],
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          const { language, t } = idpTexts(ctx.get('accept-language'));
          ctx.type = 'html';
          ctx.body = renderLogoutPage(t, language, form);
        },
        postLogoutSuccessSource: (ctx) => {
          const { language, t } = idpTexts(ctx.get('accept-language'));
          ctx.type = 'html';
          ctx.body = renderSignedOutPage(t, language, options.publicOrigin);
        },
      },
    },
    interactions: {
      url: (_ctx, interaction) => `${EMBEDDED_IDP_PATH}/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx, sub) => {
      const account = findDemoAccount(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          name: `${account.givenName} ${account.familyName}`,
          given_name: account.givenName,
          family_name: account.familyName,
          email: account.email,
          email_verified: true,
          locale: account.locale,
          zoneinfo: account.zoneinfo,
          ...(account.organiser ? { groups: ['podium-organisers'] } : {}),
        }),
      };
    },
    // This server is the provider's only client and a first party: no consent screen.
    loadExistingGrant: async (ctx) => {
      const grantId =
        ctx.oidc.result?.consent?.grantId ??
        ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    renderError: (ctx, out) => {
      const { language, t } = idpTexts(ctx.get('accept-language'));
      ctx.type = 'html';
      ctx.body = renderErrorPage(t, language, out, options.publicOrigin);
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      RefreshToken: 14 * 24 * 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = true;
  const callback = provider.callback();

  app.register(async (idp) => {
    // oidc-provider reads request bodies itself: leave the stream untouched.
    idp.removeAllContentTypeParsers();
    idp.addContentTypeParser('*', (_request, _payload, done) => done(null));

    idp.get(IDP_STYLESHEET_PATH, (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(idpStylesheet),
    );

    idp.get('/idp/interaction/:uid', async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const { language, t } = idpTexts(
        (details.params.ui_locales as string | undefined) ?? request.headers['accept-language'],
      );
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderPickAccountPage(t, language, details.uid));
    });

    idp.post('/idp/interaction/:uid/login', async (request, reply) => {
      const body = new URLSearchParams(await readBody(request.raw));
      const account = findDemoAccount(body.get('account') ?? '');
      const result = account
        ? { login: { accountId: account.sub } }
        : { error: 'access_denied', error_description: 'Unknown demo account' };
      const target = await provider.interactionResult(request.raw, reply.raw, result, {
        mergeWithLastSubmission: false,
      });
      return reply.redirect(target, 303);
    });

    idp.all('/idp/*', (request, reply) => {
      reply.hijack();
      // As Express would when mounting: oidc-provider derives its mount path from the difference.
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(EMBEDDED_IDP_PATH.length) || '/';
      void callback(request.raw, reply.raw);
    });
    idp.all('/idp', (request, reply) =>
      reply.redirect(`${EMBEDDED_IDP_PATH}/.well-known/openid-configuration`),
    );
  });

  return { issuer, clientId: EMBEDDED_CLIENT_ID, clientSecret: secrets.clientSecret };
}

async function readBody(stream: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > 16_384) throw Object.assign(new Error('Form too large'), { statusCode: 413 });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

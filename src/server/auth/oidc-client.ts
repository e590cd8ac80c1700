import * as client from 'openid-client';
import type { FastifyInstance } from 'fastify';
import type { TokenAuthMethod } from '../config';

/**
 * The server's side of OpenID Connect: discovery of the provider, done once and lazily (so the
 * server starts even while the provider is briefly unreachable) and retried after a failure.
 * A discovery that can never succeed (plain HTTP, an untrusted certificate, another issuer, no
 * token endpoint authentication we speak) fails with a `ProviderMisconfiguredError` naming the
 * reason, apart from a provider that did not answer (ADR 0030).
 */
export interface OidcClient {
  configuration(): Promise<client.Configuration>;
  scopes: string;
  /**
   * Whether sign-out sends the ID token to the provider's end-session endpoint as
   * `id_token_hint` (through the browser). Only for providers that honour
   * `post_logout_redirect_uri` with nothing else; by default `client_id` identifies us (ADR 0001).
   */
  logoutIdTokenHint: boolean;
}

/** The provider answered, or could be reached, but in a way no retry will change. */
export class ProviderMisconfiguredError extends Error {
  override name = 'ProviderMisconfiguredError';
}

/** Token endpoint authentication methods in the order this client prefers them (ADR 0032). */
const PREFERRED_AUTH_METHODS: readonly TokenAuthMethod[] = [
  'client_secret_basic',
  'client_secret_post',
  'client_secret_jwt',
  'none',
];

/**
 * The method to authenticate at the token endpoint: the operator's, else the first of ours that
 * the provider advertises in `token_endpoint_auth_methods_supported` (absent: the standard's
 * default, client_secret_basic). Null when the provider advertises none of ours.
 */
export function chooseTokenAuthMethod(
  advertised: readonly string[] | undefined,
  configured: TokenAuthMethod | undefined,
): TokenAuthMethod | null {
  if (configured) return configured;
  if (!advertised || advertised.length === 0) return 'client_secret_basic';
  return PREFERRED_AUTH_METHODS.find((method) => advertised.includes(method)) ?? null;
}

function clientAuth(method: TokenAuthMethod, secret: string): client.ClientAuth {
  switch (method) {
    case 'client_secret_basic':
      return client.ClientSecretBasic(secret);
    case 'client_secret_post':
      return client.ClientSecretPost(secret);
    case 'client_secret_jwt':
      return client.ClientSecretJwt(secret);
    case 'none':
      return client.None();
  }
}

export function createOidcClient(options: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  logoutIdTokenHint: boolean;
  /** Plain HTTP to the provider (OIDC_ALLOW_HTTP, or the embedded provider in-process). */
  allowHttp?: boolean;
  /** OIDC_TOKEN_AUTH_METHOD; unset: from the provider's discovery document. */
  tokenAuthMethod?: TokenAuthMethod | undefined;
  /** When the provider is this very server (the embedded one), talk to it in-process. */
  inProcess?: FastifyInstance | undefined;
  /** Another fetch for every request to the provider (tests trust their own CA with it). */
  fetch?: client.CustomFetch | undefined;
}): OidcClient {
  let pending: Promise<client.Configuration> | null = null;
  const fetch = options.inProcess ? injectFetch(options.inProcess) : options.fetch;
  // The embedded provider lives on this server, which may be served over plain HTTP.
  const allowHttp = options.allowHttp === true || options.inProcess !== undefined;

  async function discover(): Promise<client.Configuration> {
    const discoveryOptions: client.DiscoveryRequestOptions = { timeout: 10 };
    if (fetch) discoveryOptions[client.customFetch] = fetch;
    if (allowHttp) discoveryOptions.execute = [client.allowInsecureRequests];
    let discovered: client.Configuration;
    try {
      discovered = await client.discovery(
        new URL(options.issuer),
        options.clientId,
        undefined,
        undefined,
        discoveryOptions,
      );
    } catch (error) {
      const reason = misconfiguration(error, options.issuer);
      throw reason ? new ProviderMisconfiguredError(reason, { cause: error }) : error;
    }
    const metadata = discovered.serverMetadata();
    const method = chooseTokenAuthMethod(
      metadata.token_endpoint_auth_methods_supported,
      options.tokenAuthMethod,
    );
    if (!method) {
      throw new ProviderMisconfiguredError(
        `the provider accepts none of the token endpoint authentication methods this client ` +
          `supports (it advertises ${metadata.token_endpoint_auth_methods_supported!.join(', ')}; ` +
          `supported: ${PREFERRED_AUTH_METHODS.join(', ')})`,
      );
    }
    const config = new client.Configuration(
      metadata,
      options.clientId,
      method === 'none' ? undefined : { client_secret: options.clientSecret },
      clientAuth(method, options.clientSecret),
    );
    config.timeout = 10;
    if (fetch) config[client.customFetch] = fetch;
    if (allowHttp) client.allowInsecureRequests(config);
    return config;
  }

  return {
    scopes: options.scopes,
    logoutIdTokenHint: options.logoutIdTokenHint,
    configuration() {
      pending ??= discover().catch((error: unknown) => {
        pending = null;
        throw error;
      });
      return pending;
    },
  };
}

/** Node's codes for a TLS certificate it does not trust, or that does not fit the host. */
const CERTIFICATE_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The codes of an error and of its causes, outermost first. */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') codes.push(code);
    current = cause;
  }
  return codes;
}

/**
 * Why a failed discovery will fail again whatever the provider's health, or null when the
 * provider may simply not have answered (refused, timed out, a 5xx).
 */
export function misconfiguration(error: unknown, issuer: string): string | null {
  const codes = codesOf(error);
  const certificate = codes.find((code) => CERTIFICATE_CODES.has(code));
  if (certificate) {
    return (
      `the provider's TLS certificate is not trusted (${certificate}); if an internal ` +
      'certificate authority signed it, give that CA to Node.js with NODE_EXTRA_CA_CERTS'
    );
  }
  if (codes.includes('OAUTH_HTTP_REQUEST_FORBIDDEN')) {
    return 'the provider is reached over plain HTTP, which is refused (OIDC_ALLOW_HTTP=1 for a local trial only)';
  }
  if (codes.includes('OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED')) {
    return `the provider's discovery document names another issuer than OIDC_ISSUER (${issuer}); set OIDC_ISSUER to the issuer it names`;
  }
  const notADocument = [
    'OAUTH_RESPONSE_IS_NOT_JSON',
    'OAUTH_INVALID_RESPONSE',
    'OAUTH_MISSING_SERVER_METADATA',
    'OAUTH_INVALID_SERVER_METADATA',
  ];
  if (codes.some((code) => notADocument.includes(code))) {
    return `${issuer}/.well-known/openid-configuration is not an OpenID Connect discovery document; check OIDC_ISSUER`;
  }
  const status = statusOf(error);
  if (status !== null && status >= 400 && status < 500) {
    return `${issuer}/.well-known/openid-configuration answered HTTP ${status}; check OIDC_ISSUER`;
  }
  return null;
}

function statusOf(error: unknown): number | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof Response) return current.status;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** A fetch that answers from the app itself through `inject`, with no network round trip. */
function injectFetch(app: FastifyInstance): client.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const response = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: target.pathname + target.search,
      headers: {
        ...Object.fromEntries(new Headers(options.headers).entries()),
        host: target.host,
        // The provider trusts this header (proxy mode) to build https URLs for an https issuer.
        'x-forwarded-proto': target.protocol.slice(0, -1),
      },
      ...(options.body === undefined || options.body === null
        ? {}
        : { payload: typeof options.body === 'string' ? options.body : String(options.body) }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined)
        headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const body = [204, 304].includes(response.statusCode)
      ? null
      : new Uint8Array(response.rawPayload);
    return new Response(body, { status: response.statusCode, headers });
  };
}

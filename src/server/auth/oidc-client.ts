import * as client from 'openid-client';
import type { FastifyInstance } from 'fastify';

/**
 * The server's side of OpenID Connect: discovery of the provider, done once and lazily (so the
 * server starts even while the provider is briefly unreachable) and retried after a failure.
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

export function createOidcClient(options: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  logoutIdTokenHint: boolean;
  /** When the provider is this very server (the embedded one), talk to it in-process. */
  inProcess?: FastifyInstance | undefined;
}): OidcClient {
  let pending: Promise<client.Configuration> | null = null;
  const discoveryOptions: client.DiscoveryRequestOptions = { timeout: 10 };
  if (options.inProcess) {
    discoveryOptions[client.customFetch] = injectFetch(options.inProcess);
    // The embedded provider lives on this server, which may be served over plain HTTP.
    discoveryOptions.execute = [client.allowInsecureRequests];
  }
  return {
    scopes: options.scopes,
    logoutIdTokenHint: options.logoutIdTokenHint,
    configuration() {
      pending ??= client
        .discovery(
          new URL(options.issuer),
          options.clientId,
          undefined,
          client.ClientSecretBasic(options.clientSecret),
          discoveryOptions,
        )
        .catch((error: unknown) => {
          pending = null;
          throw error;
        });
      return pending;
    },
  };
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

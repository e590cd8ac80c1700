import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { logoutResponseSchema } from '#shared/contracts/me';
import { documentAccess } from '../http/openapi';
import { AppError } from '../http/errors';
import { ProviderMisconfiguredError } from './oidc-client';
import {
  completeLogin,
  loadSession,
  logout,
  SignInError,
  startLogin,
  type AuthDeps,
  type SignedIn,
} from './service';

declare module 'fastify' {
  interface FastifyRequest {
    signedIn: SignedIn | null;
  }
}

export interface CookieNames {
  session: string;
  login: string;
}

export const cookieNames = (https: boolean): CookieNames =>
  https
    ? { session: '__Host-podium_session', login: '__Host-podium_login' }
    : { session: 'podium_session', login: 'podium_login' };

/**
 * Sign-in routes (backend-for-frontend: the server is the OIDC client, tokens never reach the
 * browser) and the `authenticate` pre-handler that every player route uses.
 */
export function registerAuth(
  app: FastifyInstance,
  deps: AuthDeps & {
    https: boolean;
    sendIndex: (reply: FastifyReply) => FastifyReply;
    /** The per-IP sign-in rate limit, or null when switched off. */
    signInLimit?: onRequestAsyncHookHandler | null;
  },
) {
  const names = cookieNames(deps.https);
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: deps.https };
  app.decorateRequest('signedIn', null);

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const limited = deps.signInLimit ? { onRequest: browserFacing(deps.signInLimit) } : {};

  typed.get(
    '/login',
    {
      ...limited,
      schema: { querystring: z.object({ returnTo: z.string().max(4096).optional() }) },
    },
    async (request, reply) => {
      let started;
      try {
        started = await startLogin(deps, request.query.returnTo);
      } catch (error) {
        return failProvider(request, reply, error);
      }
      return reply
        .setCookie(names.login, started.transactionId, { ...cookieOptions, maxAge: 600 })
        .header('cache-control', 'no-store')
        .redirect(started.authorizationUrl, 303);
    },
  );

  typed.get('/login/callback', limited, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    // Without `state` this is not the provider's answer but the web app's own page.
    if (typeof query.state !== 'string') return deps.sendIndex(reply);
    const callbackUrl = new URL(request.url, deps.publicOrigin);
    reply.clearCookie(names.login, cookieOptions).header('cache-control', 'no-store');
    try {
      const done = await completeLogin(deps, request.cookies[names.login], callbackUrl);
      return reply
        .setCookie(names.session, done.sessionId, {
          ...cookieOptions,
          maxAge: Math.floor(deps.session.absoluteMs / 1000),
        })
        .redirect(done.returnTo, 303);
    } catch (error) {
      if (providerFailure(error)) return failProvider(request, reply, error);
      const { failure, message } = describeSignInFailure(error);
      request.log.warn({ failure, message }, 'sign-in failed');
      return failSignIn(reply, failure, message);
    }
  });

  // The provider sends the browser back from its sign-out to `/?state=…` (RP-Initiated Logout);
  // the state has done its job, so the address bar is cleaned before the page loads.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.url.startsWith('/?')) return;
    const query = new URLSearchParams(request.url.slice(2));
    if ([...query.keys()].every((key) => key === 'state')) {
      return reply.header('cache-control', 'no-store').redirect('/', 303);
    }
  });

  typed.post(
    '/logout',
    { schema: { response: { 200: logoutResponseSchema } } },
    async (request, reply) => {
      const redirectTo = await logout(deps, request.cookies[names.session]);
      return reply
        .clearCookie(names.session, cookieOptions)
        .header('cache-control', 'no-store')
        .send({ redirectTo });
    },
  );

  // At start-up, not at the first sign-in: a provider set up wrongly is in the log at once.
  app.addHook('onListen', () => {
    deps.oidc.configuration().then(
      () => app.log.info('identity provider discovered'),
      (error: unknown) => logProviderFailure(app.log, error),
    );
  });

  return {
    /** Pre-handler: the signed-in player, or 401. */
    authenticate: documentAccess(async (request: FastifyRequest, reply: FastifyReply) => {
      const signedIn = await loadSession(deps, request.cookies[names.session]);
      if (!signedIn) {
        if (request.cookies[names.session]) reply.clearCookie(names.session, cookieOptions);
        throw new AppError('UNAUTHENTICATED', 'You are not signed in.');
      }
      request.signedIn = signedIn;
    }, 'signed-in'),
  };
}

/**
 * The sign-in limit as a browser meets it: a page load past the limit lands on the sign-in
 * failure screen (translated) instead of a JSON body; other clients keep the JSON 429. The
 * failure screen itself (/login/callback without `state`) is not counted, or it would refuse too.
 */
function browserFacing(limit: onRequestAsyncHookHandler): onRequestAsyncHookHandler {
  return async function (request, reply) {
    const query = request.query as Record<string, unknown>;
    if (request.routeOptions.url === '/login/callback' && typeof query.state !== 'string') return;
    try {
      await limit.call(this, request, reply);
    } catch (error) {
      if (
        error instanceof AppError &&
        error.code === 'RATE_LIMITED' &&
        request.headers.accept?.includes('text/html')
      ) {
        return failSignIn(reply, 'rate_limited', error.message);
      }
      throw error;
    }
  };
}

/**
 * Whether the provider itself failed: discovery (misconfigured or not answering), a refused
 * client (wrong secret, wrong authentication method), or no answer at the token endpoint.
 */
function providerFailure(error: unknown): boolean {
  if (error instanceof ProviderMisconfiguredError) return true;
  if (error instanceof SignInError) return false;
  const code = (error as { error?: unknown }).error;
  if (code === 'invalid_client' || code === 'unauthorized_client') return true;
  // fetch's own failure (refused, reset, timed out, TLS): the provider never answered.
  return error instanceof TypeError || (error as { name?: unknown }).name === 'TimeoutError';
}

/** A misconfiguration is logged and shown as one: trying again will not help (ADR 0030). */
function logProviderFailure(
  log: FastifyBaseLogger,
  error: unknown,
): 'misconfigured' | 'unavailable' {
  const code = (error as { error?: unknown }).error;
  if (error instanceof ProviderMisconfiguredError) {
    log.error({ reason: error.message }, `identity provider misconfigured: ${error.message}`);
    return 'misconfigured';
  }
  if (code === 'invalid_client' || code === 'unauthorized_client') {
    const reason =
      `the provider refused this client (${String(code)}): check OIDC_CLIENT_ID, ` +
      'OIDC_CLIENT_SECRET and OIDC_TOKEN_AUTH_METHOD';
    log.error({ reason }, `identity provider misconfigured: ${reason}`);
    return 'misconfigured';
  }
  log.error({ err: error }, 'identity provider unavailable');
  return 'unavailable';
}

function failProvider(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  return logProviderFailure(request.log, error) === 'misconfigured'
    ? failSignIn(
        reply,
        'provider_misconfigured',
        'Sign-in is not set up correctly on this server, so trying again will not help. Please tell the person who runs it.',
      )
    : failSignIn(
        reply,
        'provider_unavailable',
        'The sign-in service did not answer. Try again in a minute.',
      );
}

function failSignIn(reply: FastifyReply, failure: string, message: string) {
  const query = new URLSearchParams({ failure, message });
  return reply.redirect(`/login/callback?${query.toString()}`, 303);
}

/** Turns whatever went wrong into the spec's 'name: message' pair. */
function describeSignInFailure(error: unknown): { failure: string; message: string } {
  if (error instanceof SignInError) return { failure: error.failure, message: error.message };
  const details = error as {
    error?: unknown;
    error_description?: unknown;
    code?: unknown;
    message?: unknown;
    name?: unknown;
  };
  const failure = [details.error, details.code, details.name].find(
    (value) => typeof value === 'string',
  ) as string;
  const message = [details.error_description, details.message].find(
    (value) => typeof value === 'string',
  ) as string;
  return { failure: failure ?? 'sign_in_failed', message: message ?? 'Sign-in failed.' };
}

import type {
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
        request.log.error({ err: error }, 'identity provider unavailable');
        return failSignIn(
          reply,
          'provider_unavailable',
          'The sign-in service did not answer. Try again in a minute.',
        );
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
      const { failure, message } = describeSignInFailure(error);
      request.log.warn({ failure, message }, 'sign-in failed');
      return failSignIn(reply, failure, message);
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

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Config } from '../config';
import { AppError } from './errors';

export interface RateLimitHooks {
  /** Per client IP, on /login and /login/callback; null when switched off. */
  signIn: onRequestAsyncHookHandler | null;
  /** Per signed-in player, after `authenticate`, on the play endpoints; null when switched off. */
  play: onRequestAsyncHookHandler | null;
}

/**
 * Rate limits (@fastify/rate-limit, counted in this process: with N instances a client gets up
 * to N times the limit, which is still far below what could hurt). A refusal is our usual
 * JSON error, 429 RATE_LIMITED, with Retry-After in seconds.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  limits: Config['rateLimits'],
): Promise<RateLimitHooks> {
  await app.register(rateLimit, {
    global: false,
    // Only Retry-After: the x-ratelimit-* headers would be noise on every play response.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Too many requests. Try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} s.`,
      ),
  });
  const limiter = (max: number, keyGenerator?: (request: FastifyRequest) => string) =>
    max === 0
      ? null
      : (app.rateLimit({
          max,
          timeWindow: limits.windowMs,
          ...(keyGenerator ? { keyGenerator } : {}),
        }) as unknown as onRequestAsyncHookHandler);
  return {
    signIn: limiter(limits.signIn),
    // One bucket per player across all play routes and all their sessions.
    play: limiter(limits.play, (request) => `player:${request.signedIn!.player.id}`),
  };
}

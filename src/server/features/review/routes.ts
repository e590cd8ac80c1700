import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reviewParamsSchema, weekReviewSchema } from '#shared/contracts/review';
import { languageOf } from '../../http/request-language';
import type { PlayDeps } from '../play/play-deps';
import { weekReview } from './service';

/** A closed week's answers, explanations and sources for the signed-in player (ADR 0019). */
export function registerReviewRoutes(
  app: FastifyInstance,
  deps: PlayDeps & { authenticate: onRequestAsyncHookHandler },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/weeks/:setNum/review',
    {
      onRequest: deps.authenticate,
      schema: { params: reviewParamsSchema, response: { 200: weekReviewSchema } },
    },
    async (request, reply) =>
      reply
        .headers({ 'cache-control': 'no-store' })
        .send(
          await weekReview(
            deps,
            request.signedIn!.player,
            request.signedIn!.activeWeeksOf,
            request.params.setNum,
            languageOf(request),
          ),
        ),
  );
}

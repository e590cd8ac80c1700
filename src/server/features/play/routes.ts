import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  answerInputSchema,
  attemptParamsSchema,
  attemptSchema,
  challengerAnswerInputSchema,
  currentWeekSchema,
  playerStatsSchema,
} from '#shared/contracts/play';
import { languageOf } from '../../http/request-language';
import * as actions from './play-actions';
import type { PlayDeps } from './play-deps';
import type { AttemptRow } from './repository';
import * as play from './service';

export function registerPlayRoutes(
  app: FastifyInstance,
  deps: PlayDeps & {
    authenticate: onRequestAsyncHookHandler;
    /** The per-player rate limit, or null when switched off. */
    playLimit?: onRequestAsyncHookHandler | null;
  },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Authentication runs first, before the body is even parsed: no session, no further work;
  // then the player's rate limit.
  const onRequest = deps.playLimit ? [deps.authenticate, deps.playLimit] : deps.authenticate;
  const attemptResponse = { response: { 200: attemptSchema } };
  const withAttempt = { ...attemptResponse, params: attemptParamsSchema };
  const noStore = { 'cache-control': 'no-store' };

  typed.get(
    '/api/weeks/current',
    { onRequest, schema: { response: { 200: currentWeekSchema } } },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(
          await play.currentWeek(deps, request.signedIn!.player, request.signedIn!.activeWeeksOf),
        ),
  );

  typed.get(
    '/api/me/stats',
    { onRequest, schema: { response: { 200: playerStatsSchema } } },
    async (request, reply) =>
      reply.headers(noStore).send(await play.stats(deps, request.signedIn!.player)),
  );

  typed.post(
    '/api/weeks/current/attempt',
    { onRequest, schema: attemptResponse },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(
          await play.startAttempt(
            deps,
            request.signedIn!.player,
            request.signedIn!.activeWeeksOf,
            languageOf(request),
          ),
        ),
  );

  /** Every play action answers with the whole attempt as it now stands. */
  const sendAttempt = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    attempt?: AttemptRow,
  ) =>
    reply
      .headers(noStore)
      .send(
        await play.attemptView(deps, request.signedIn!.player, id, languageOf(request), attempt),
      );

  typed.get('/api/attempts/:id', { onRequest, schema: withAttempt }, async (request, reply) =>
    sendAttempt(request, reply, request.params.id),
  );

  typed.post(
    '/api/attempts/:id/answers',
    { onRequest, schema: { ...withAttempt, body: answerInputSchema } },
    async (request, reply) => {
      const attempt = await actions.answer(
        deps,
        request.signedIn!.player,
        request.params.id,
        request.body,
      );
      return sendAttempt(request, reply, request.params.id, attempt);
    },
  );

  typed.post(
    '/api/attempts/:id/finish',
    { onRequest, schema: withAttempt },
    async (request, reply) => {
      const attempt = await actions.finish(deps, request.signedIn!.player, request.params.id);
      return sendAttempt(request, reply, request.params.id, attempt);
    },
  );

  typed.post(
    '/api/attempts/:id/challenger',
    { onRequest, schema: withAttempt },
    async (request, reply) => {
      const attempt = await actions.startChallenger(
        deps,
        request.signedIn!.player,
        request.params.id,
      );
      return sendAttempt(request, reply, request.params.id, attempt);
    },
  );

  typed.post(
    '/api/attempts/:id/challenger/answer',
    { onRequest, schema: { ...withAttempt, body: challengerAnswerInputSchema } },
    async (request, reply) => {
      const attempt = await actions.answerChallenger(
        deps,
        request.signedIn!.player,
        request.params.id,
        request.body.option,
      );
      return sendAttempt(request, reply, request.params.id, attempt);
    },
  );
}

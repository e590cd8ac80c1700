import type { FastifyInstance, FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  myTeamSchema,
  regionalWinnersSchema,
  standingsSchema,
  trackQuerySchema,
  trackStandingsSchema,
} from '#shared/contracts/standings';
import { sendBody, serializeBody, type SharedBody } from '../../http/json-body';
import type { StandingsCache } from './cache';
import * as service from './service';
import type { StandingsSnapshot } from './snapshot';

/**
 * Each body is serialised once per snapshot and key: every player reads the same standings (or
 * their team's tiles) until they change, so only the first read after a change pays for it,
 * and the first that asks for it gzipped for the gzip.
 */
const bodies = new WeakMap<StandingsSnapshot, Map<string, SharedBody>>();

function bodyOf<T extends z.ZodType>(
  snapshot: StandingsSnapshot | null,
  key: string,
  schema: T,
  build: () => z.input<T>,
): SharedBody {
  if (!snapshot) return serializeBody(schema, build());
  let known = bodies.get(snapshot);
  if (!known) bodies.set(snapshot, (known = new Map()));
  let body = known.get(key);
  if (body === undefined) known.set(key, (body = serializeBody(schema, build())));
  return body;
}

export function registerStandingsRoutes(
  app: FastifyInstance,
  deps: { cache: StandingsCache; authenticate: onRequestAsyncHookHandler },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Authentication runs first, before the body is even parsed: no session, no further work.
  const onRequest = deps.authenticate;

  /** Answers from the current snapshot, with the body serialised once per snapshot and key. */
  const sendFromSnapshot = async <T extends z.ZodType>(
    reply: FastifyReply,
    key: string,
    schema: T,
    build: (snapshot: StandingsSnapshot | null) => z.input<T>,
  ) => {
    const snapshot = await deps.cache.get();
    const body = bodyOf(snapshot, key, schema, () => build(snapshot));
    return sendBody(reply.header('cache-control', 'no-store'), body);
  };

  typed.get(
    '/api/standings',
    { onRequest, schema: { response: { 200: standingsSchema } } },
    (_request, reply) => sendFromSnapshot(reply, 'standings', standingsSchema, service.standings),
  );
  typed.get(
    '/api/standings/track',
    {
      onRequest,
      schema: { querystring: trackQuerySchema, response: { 200: trackStandingsSchema } },
    },
    (request, reply) => {
      const { eventId, eventWeek } = request.query;
      const key = `track:${eventId}:${eventWeek}`;
      return sendFromSnapshot(reply, key, trackStandingsSchema, (snapshot) =>
        service.trackStandings(snapshot, eventId, eventWeek),
      );
    },
  );
  typed.get(
    '/api/standings/my-team',
    { onRequest, schema: { response: { 200: myTeamSchema } } },
    (request, reply) => {
      const player = request.signedIn!.player;
      return sendFromSnapshot(reply, `team:${player.teamId}`, myTeamSchema, (snapshot) =>
        service.myTeam(snapshot, player),
      );
    },
  );
  typed.get(
    '/api/standings/winners',
    { onRequest, schema: { response: { 200: regionalWinnersSchema } } },
    (_request, reply) =>
      sendFromSnapshot(reply, 'winners', regionalWinnersSchema, service.regionalWinners),
  );
}

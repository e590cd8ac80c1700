import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * A response body serialised ahead of time, for answers many requests share (the standings):
 * through the route's response schema, as fastify-type-provider-zod's serializer does, so that
 * what the schema omits still never leaves the server.
 */
export function serializeBody<T extends z.ZodType>(schema: T, value: z.input<T>): string {
  return JSON.stringify(schema.parse(value));
}

/** Sends a body from `serializeBody` as it is (Fastify does not serialise a JSON string again). */
export function sendBody(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

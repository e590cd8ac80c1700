import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * A response body serialised ahead of time, for answers many requests share (the standings):
 * through the route's response schema, as fastify-type-provider-zod's serializer does, so that
 * what the schema omits still never leaves the server.
 */
export function serializeBody<T extends z.ZodType>(schema: T, value: z.input<T>): Buffer {
  // Encoded once too: a string would be encoded to UTF-8 again for every response.
  return Buffer.from(JSON.stringify(schema.parse(value)));
}

/** Sends a body from `serializeBody` as it is. */
export function sendBody(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

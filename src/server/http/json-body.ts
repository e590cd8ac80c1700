import { gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * A response body serialised ahead of time, for answers many requests share (the standings),
 * and its gzipped copy once a client has asked for it.
 */
export interface SharedBody {
  /** Encoded once: a string would be encoded to UTF-8 again for every response. */
  json: Buffer;
  gzipped?: Buffer;
}

/**
 * From this size on, a shared body goes gzipped to a client that accepts it (the leaderboard's
 * 2.2 KB become 0.45 KB on a phone's connection); below it, the headers that say so cost about
 * what the bytes would save (@fastify/compress's threshold too).
 */
export const GZIP_FROM_BYTES = 1024;

/**
 * Serialises `value` through the route's response schema, as fastify-type-provider-zod's
 * serializer does, so that what the schema omits still never leaves the server.
 */
export function serializeBody<T extends z.ZodType>(schema: T, value: z.input<T>): SharedBody {
  return { json: Buffer.from(JSON.stringify(schema.parse(value))) };
}

/**
 * Sends a body from `serializeBody`: gzipped when it is large enough and the request accepts
 * gzip, compressed once per body however many requests share it.
 */
export function sendBody(reply: FastifyReply, body: SharedBody): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (body.json.length < GZIP_FROM_BYTES) return reply.send(body.json);
  // Whichever copy this client gets, a cache must keep the two apart.
  reply.header('vary', 'accept-encoding');
  if (!acceptsGzip(reply.request.headers['accept-encoding'])) return reply.send(body.json);
  body.gzipped ??= gzipSync(body.json);
  return reply.header('content-encoding', 'gzip').send(body.gzipped);
}

/** Answers for the Accept-Encoding values seen lately: a browser sends the same one each time. */
const acceptsGzipMemo = new Map<string, boolean>();
const ACCEPTS_GZIP_MEMO_SIZE = 64;

/**
 * Whether an Accept-Encoding header accepts gzip (RFC 9110 §12.5.3): named (or as x-gzip) with
 * a weight above 0, or, when not named, through `*` with a weight above 0. Names are
 * case-insensitive; a weight that is not a number refuses.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let accepted = acceptsGzipMemo.get(header);
  if (accepted === undefined) {
    accepted = parseAcceptsGzip(header);
    if (acceptsGzipMemo.size >= ACCEPTS_GZIP_MEMO_SIZE) acceptsGzipMemo.clear();
    acceptsGzipMemo.set(header, accepted);
  }
  return accepted;
}

function parseAcceptsGzip(header: string): boolean {
  let byWildcard = false;
  for (const item of header.split(',')) {
    const [coding = '', ...parameters] = item.split(';');
    const name = coding.trim().toLowerCase();
    if (name !== 'gzip' && name !== 'x-gzip' && name !== '*') continue;
    const weight = parameters
      .map((parameter) => parameter.trim().toLowerCase())
      .find((parameter) => parameter.startsWith('q='));
    const positive = weight === undefined || Number(weight.slice(2)) > 0;
    if (name !== '*') return positive;
    byWildcard = positive;
  }
  return byWildcard;
}

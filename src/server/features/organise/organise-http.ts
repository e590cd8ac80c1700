import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  onRequestAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';

/** What every organiser sub-folder's routes share (routes.ts registers them all). */

export interface OrganiseDeps {
  db: Database;
  clock: Clock;
  authenticate: onRequestAsyncHookHandler;
}

export type OrganiseApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Route options shared by every organiser route: signed in (401), then an organiser (403). */
export type Guard = { onRequest: onRequestAsyncHookHandler[] };

export const noStore = { 'cache-control': 'no-store' };

/** Sends a file download (text as UTF-8, or bytes) that the browser saves under `filename`. */
export function sendFile(
  reply: FastifyReply,
  file: { filename: string; type: string; body: string | Buffer },
): FastifyReply {
  const type = typeof file.body === 'string' ? `${file.type}; charset=utf-8` : file.type;
  return reply
    .headers(noStore)
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);
}

import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { meSchema } from '../../../shared/contracts/me';
import { toMe } from './service';

export function registerPlayerRoutes(
  app: FastifyInstance,
  deps: { authenticate: preHandlerAsyncHookHandler },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/me',
    { preHandler: deps.authenticate, schema: { response: { 200: meSchema } } },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(toMe(request.signedIn!.player)),
  );
}

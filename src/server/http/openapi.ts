import { readFileSync } from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { projectRoot } from '../project-root';

/** Where the API description is served (docs/api.md links here). */
export const OPENAPI_PATH = '/api/openapi.json';

/**
 * The OpenAPI 3.1 description, generated from the zod schemas every route declares (ADR 0018):
 * @fastify/swagger collects the routes as they are registered, and fastify-type-provider-zod's
 * transform turns their zod schemas into JSON Schema. Built on the first request for it and
 * kept: nothing runs on other requests. Must be registered before the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const { version } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Podium API',
        version,
        description:
          'The JSON API of Podium, the weekly team quiz championship. Signed-in calls need the ' +
          'session cookie that the /login redirects set; state-changing calls also need the ' +
          '`x-podium-csrf: 1` header. Errors answer `{ error: { code, message, details? } }`.',
      },
    },
    // The embedded identity provider (demo only) speaks OpenID Connect, described by its own
    // discovery document at /idp/.well-known/openid-configuration.
    transform: (route) =>
      route.url === '/idp' || route.url.startsWith('/idp/')
        ? { schema: { ...route.schema, hide: true }, url: route.url }
        : jsonSchemaTransform(route),
  });

  let document: string | null = null;
  app.get(OPENAPI_PATH, async (_request, reply) => {
    document ??= JSON.stringify(app.swagger());
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(document);
  });
}

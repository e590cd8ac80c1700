import { readFileSync } from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '#shared/contracts/errors';
import { projectRoot } from '../project-root';
import { OPERATION_SUMMARIES } from './openapi-operations';

/** Where the API description is served (docs/api.md links here). */
export const OPENAPI_PATH = '/api/openapi.json';

/** Who may call a route, as its onRequest hooks decide (ADR 0034). */
export type Access = 'public' | 'signed-in' | 'organiser';

const hookAccess = new WeakMap<object, Access>();

/** Marks a hook (authenticate, requireOrganiser) so that the document says who may call. */
export function documentAccess<Hook extends object>(hook: Hook, access: Access): Hook {
  hookAccess.set(hook, access);
  return hook;
}

function accessOf(route: RouteOptions): Access {
  const hooks = [route.onRequest, route.preHandler].flat().filter(Boolean) as object[];
  const kinds = hooks.map((hook) => hookAccess.get(hook));
  if (kinds.includes('organiser')) return 'organiser';
  return kinds.includes('signed-in') ? 'signed-in' : 'public';
}

/** `/api/attempts/:id` → `/api/attempts/{id}`, as OpenAPI writes a path. */
export const openApiPath = (url: string) =>
  url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

/** `GET /api/weeks/{setNum}/review` → `getApiWeeksSetNumReview`: unique, URL-safe. */
function operationIdOf(method: string, openapiPath: string): string {
  const words = openapiPath.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return (
    method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('')
  );
}

const TAGS = [
  { name: 'Players', description: 'The signed-in player: profile, registration, reminders.' },
  { name: 'Season', description: 'The public season: product, launch, calendar, teams.' },
  { name: 'Play', description: "This week's attempt: questions, answers, challenger, review." },
  { name: 'Standings', description: 'Leaderboards and the race track, shared by all players.' },
  { name: 'Organise', description: 'The organiser tools; organisers only (403 to players).' },
  { name: 'Sign-in', description: 'The OpenID Connect sign-in redirects and sign-out.' },
  { name: 'Operations', description: 'Health probes, Prometheus metrics and this document.' },
];

function tagOf(openapiPath: string): string {
  if (/^\/(health|metrics)\b/.test(openapiPath) || openapiPath === OPENAPI_PATH)
    return 'Operations';
  if (/^\/(login|logout)\b/.test(openapiPath)) return 'Sign-in';
  if (openapiPath.startsWith('/api/organise')) return 'Organise';
  if (openapiPath.startsWith('/api/standings')) return 'Standings';
  if (/^\/api\/(weeks|attempts|me\/stats)\b/.test(openapiPath)) return 'Play';
  if (openapiPath.startsWith('/api/me')) return 'Players';
  return 'Season';
}

/** Play and sign-in routes answer 429 past their rate limits (http/rate-limits.ts). */
const RATE_LIMITED = /^\/(login(\/callback)?|api\/(weeks|attempts)\/.*|api\/me\/stats)$/;
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const ERROR_RESPONSES = {
  BadRequest: 'A malformed request: invalid body, query or path, or text the server refuses.',
  Unauthenticated: 'Not signed in (no session cookie, or an ended session).',
  Forbidden: 'Signed in, but not allowed: not an organiser, or the CSRF header is missing.',
  NotFound: 'No such resource, or one that is not the signed-in player’s.',
  Conflict: 'Refused in the current state (a closed week, a name taken…); see the code.',
  PayloadTooLarge: 'The body is over 64 KB.',
  UnsupportedMediaType: 'The body is not JSON.',
  TooManyRequests: 'Past the rate limit; Retry-After says when to try again.',
  Unavailable: 'The database is away; Retry-After says when to try again.',
} as const;

type Operation = {
  security?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};

const errorRef = (name: keyof typeof ERROR_RESPONSES) => ({
  $ref: `#/components/responses/${name}`,
});

/** The house error responses an operation can give, by what it is (ADR 0034). */
function addErrorResponses(
  openapiPath: string,
  method: string,
  operation: Operation,
  access: Access,
): void {
  const api = openapiPath.startsWith('/api/') && openapiPath !== OPENAPI_PATH;
  const errors: Record<string, ReturnType<typeof errorRef>> = { 400: errorRef('BadRequest') };
  // A request for another host than PUBLIC_URL's is sent there first (ADR 0016).
  if (!/^\/(health|metrics)\b/.test(openapiPath))
    errors[307] = { $ref: '#/components/responses/OtherHost' };
  if (access !== 'public') errors[401] = errorRef('Unauthenticated');
  // Any state-changing call: the CSRF check (403) and the body parser (413, 415) come first.
  if (access === 'organiser' || UNSAFE.has(method)) errors[403] = errorRef('Forbidden');
  if (api) errors[404] = errorRef('NotFound');
  // Reads too: a week's review before it closed, a week not open yet.
  if (api) errors[409] = errorRef('Conflict');
  if (UNSAFE.has(method)) {
    errors[413] = errorRef('PayloadTooLarge');
    errors[415] = errorRef('UnsupportedMediaType');
  }
  if (RATE_LIMITED.test(openapiPath)) errors[429] = errorRef('TooManyRequests');
  if (api || openapiPath.startsWith('/login')) errors[503] = errorRef('Unavailable');
  operation.responses = { ...errors, ...operation.responses };
}

const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'podium_session',
    description:
      'The session cookie that the sign-in redirects set (`__Host-podium_session` when ' +
      'PUBLIC_URL is https).',
  },
  csrf: {
    type: 'apiKey',
    in: 'header',
    name: 'x-podium-csrf',
    description: 'Any state-changing call sends `x-podium-csrf: 1` (and a same-origin Origin).',
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The METRICS_TOKEN setting.',
  },
} as const;

/** What the generated document cannot know from the routes' schemas (ADR 0034). */
function completeDocument(
  document: Record<string, unknown>,
  accessByOperation: Map<string, Access>,
): Record<string, unknown> {
  const paths = document.paths as Record<string, Record<string, Operation>>;
  for (const [openapiPath, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const key = `${method.toUpperCase()} ${openapiPath}`;
      addErrorResponses(openapiPath, method.toUpperCase(), operation, accessByOperation.get(key)!);
    }
  }
  const redirect = {
    description:
      'Redirects the browser (Location): to the provider, back into the app, or to the sign-in failure screen.',
    headers: { Location: { schema: { type: 'string' } } },
  };
  for (const signIn of ['/login', '/login/callback']) {
    const operation = paths[signIn]?.get;
    if (!operation) continue;
    delete operation.responses[200];
    operation.responses[303] = redirect;
  }
  const page = paths['/login/callback']?.get;
  if (page) {
    page.responses[200] = {
      description: 'Without `state`: the web app, which shows the sign-in failure screen.',
      content: { 'text/html': { schema: { type: 'string' } } },
    };
    page.responses[404] = errorRef('NotFound');
  }
  const ready = paths['/health/ready']?.get;
  if (ready) {
    ready.responses[503] = {
      description: 'Draining after SIGTERM, or the database does not answer.',
      content: (ready.responses[200] as { content: unknown }).content,
    };
  }
  const metrics = paths['/metrics']?.get;
  if (metrics) {
    metrics.responses = {
      200: {
        description: 'The metrics in the Prometheus text format.',
        content: { 'text/plain': { schema: { type: 'string' } } },
      },
      401: errorRef('Unauthenticated'),
    };
  }
  const errorSchema = z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12' });
  delete errorSchema.$schema;
  const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  return {
    ...document,
    components: {
      ...(document.components as object),
      schemas: { Error: errorSchema },
      responses: {
        OtherHost: {
          description: "Another host than PUBLIC_URL's: the same path and query there (Location).",
          headers: { Location: { schema: { type: 'string' } } },
        },
        ...Object.fromEntries(
          Object.entries(ERROR_RESPONSES).map(([name, description]) => [
            name,
            { description, content: errorContent },
          ]),
        ),
      },
    },
  };
}

/**
 * The OpenAPI 3.1 description, generated from the zod schemas every route declares (ADR 0018):
 * @fastify/swagger collects the routes as they are registered, and fastify-type-provider-zod's
 * transform turns their zod schemas into JSON Schema. Each operation gets an id, a summary
 * (OPERATION_SUMMARIES, unless the route declares one), a tag, its security and the house
 * error responses (ADR 0034). Built on the first request for it and kept: nothing runs on
 * other requests. Must be registered before the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const { version } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const accessByOperation = new Map<string, Access>();
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
      servers: [{ url: '/', description: 'The Podium instance serving this document' }],
      tags: TAGS,
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    // The embedded identity provider (demo only) speaks OpenID Connect, described by its own
    // discovery document at /idp/.well-known/openid-configuration.
    transform: (input) => {
      const { route, url } = input;
      if (url === '/idp' || url.startsWith('/idp/')) {
        return { schema: { ...input.schema, hide: true }, url };
      }
      const schema = (jsonSchemaTransform(input).schema ?? {}) as FastifySchema &
        Record<string, unknown>;
      const method = [route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
      const openapiPath = openApiPath(url);
      const key = `${method} ${openapiPath}`;
      const access = accessOf(route);
      accessByOperation.set(key, access);
      const security =
        openapiPath === '/metrics'
          ? [{ metricsToken: [] }]
          : access === 'public'
            ? UNSAFE.has(method) && openapiPath.startsWith('/api/')
              ? [{ csrf: [] }]
              : []
            : [UNSAFE.has(method) ? { session: [], csrf: [] } : { session: [] }];
      return {
        url,
        schema: {
          ...schema,
          operationId: schema.operationId ?? operationIdOf(method, openapiPath),
          summary: schema.summary ?? OPERATION_SUMMARIES[key],
          tags: schema.tags ?? [tagOf(openapiPath)],
          security: schema.security ?? security,
        } as FastifySchema,
      };
    },
  });

  let document: string | null = null;
  app.get(OPENAPI_PATH, async (_request, reply) => {
    document ??= JSON.stringify(
      completeDocument(app.swagger() as unknown as Record<string, unknown>, accessByOperation),
    );
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(document);
  });
}

import { gunzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { openApiPath } from '../src/server/http/openapi';

/**
 * Every response the API tests receive is checked against the OpenAPI document (ADR 0034):
 * its status must be documented for its operation, and a JSON body must match the schema
 * documented for that status. A mismatch fails the request in the test that made it, with a
 * message saying what to document where.
 */

type Responses = Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
type OpenApiDocument = {
  paths: Record<string, Record<string, { responses: Responses }>>;
  components?: { responses?: Responses };
};

export interface ResponseCheck {
  /** For `onRoute`: adds the check to each route the document describes. */
  onRoute(route: RouteOptions): void;
  /** Arms the check once the app is ready, with the document it serves. */
  arm(document: OpenApiDocument): void;
  /** The mismatch found for the request behind an `inject` response, if any. */
  mismatchOf(rawRequest: object): string | undefined;
}

export function createResponseCheck(): ResponseCheck {
  let document: OpenApiDocument | null = null;
  let ajv: Ajv2020 | null = null;
  const validators = new Map<string, ValidateFunction>();
  const mismatches = new WeakMap<object, string>();

  function check(request: FastifyRequest, reply: FastifyReply, payload: unknown): string | null {
    const method = request.method.toLowerCase();
    const url = request.routeOptions.url;
    if (!document || !ajv || !url || method === 'head') return null;
    const openapiPath = openApiPath(url);
    const operation = document.paths[openapiPath]?.[method];
    if (!operation) return null;
    const operationName = `${request.method} ${openapiPath}`;
    const status = String(reply.statusCode);
    let response = operation.responses[status];
    if (response?.$ref) {
      response = document.components?.responses?.[response.$ref.split('/').at(-1)!];
    }
    if (!response) {
      return (
        `${operationName} answered ${status}, which its OpenAPI description does not list ` +
        `(it lists ${Object.keys(operation.responses).join(', ')}). Document it: a response ` +
        "schema in the route's `schema.response`, or the house error responses that " +
        'src/server/http/openapi.ts adds (ADR 0034).'
      );
    }
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (!contentType.startsWith('application/json') || !response.content?.['application/json'])
      return null;
    const pointer = ['paths', openapiPath, method, 'responses', status]
      .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
      .join('/');
    const ref = operation.responses[status]?.$ref
      ? `openapi${operation.responses[status].$ref}/content/application~1json/schema`
      : `openapi#/${pointer}/content/application~1json/schema`;
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      validators.set(ref, validate);
    }
    if (
      payload === null ||
      payload === undefined ||
      (typeof payload === 'object' && !Buffer.isBuffer(payload))
    )
      return null;
    const raw = Buffer.isBuffer(payload) ? payload : Buffer.from(String(payload));
    const text = reply.getHeader('content-encoding') === 'gzip' ? gunzipSync(raw) : raw;
    const body: unknown = JSON.parse(text.toString('utf8'));
    if (validate(body)) return null;
    return (
      `${operationName} answered ${status} with a body that does not match its documented ` +
      `schema: ${ajv.errorsText(validate.errors)}. Fix the route's response schema or the ` +
      'answer (ADR 0034).'
    );
  }

  const hook: onSendHookHandler = (request, reply, payload, done) => {
    try {
      const mismatch = check(request, reply, payload);
      if (mismatch) mismatches.set(request.raw, mismatch);
    } catch (error) {
      mismatches.set(request.raw, `the response check failed: ${String(error)}`);
    }
    done(null, payload);
  };

  return {
    onRoute(route) {
      route.onSend = [...[route.onSend ?? []].flat(), hook] as RouteOptions['onSend'];
    },
    arm(served) {
      document = served;
      ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
      ajv.addSchema(served as object, 'openapi');
    },
    mismatchOf: (rawRequest) => mismatches.get(rawRequest),
  };
}

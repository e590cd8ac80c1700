import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { OPENAPI_PATH } from './openapi';

/**
 * The OpenAPI 3.1 description (ADR 0018) is generated from the routes' zod schemas: every
 * route the app registers is in it with each of its methods, and its shapes are the schemas'.
 */

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
}

/** `/api/attempts/:id` → `/api/attempts/{id}`, as OpenAPI writes a path. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

/** Served files (@fastify/static hides them) and the demo identity provider (OIDC). */
const notApi = (route: RouteOptions) =>
  (route.schema as { hide?: boolean } | undefined)?.hide === true ||
  route.url === '/idp' ||
  route.url.startsWith('/idp/');

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: 'test-metrics-token-0123456789abcdef' } });
  const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  doc = response.json();
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and names the API and its version', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Podium API', version: expect.any(String) });
  });

  it('lists every registered route with each of its methods', () => {
    const routes = t.routes!.filter((route) => !notApi(route));
    expect(routes.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const route of routes) {
      const methods = [route.method].flat().map((method) => method.toLowerCase());
      // Fastify adds a HEAD route beside each GET by itself; OpenAPI leaves those implicit.
      const implicitHead = methods.length === 1 && methods[0] === 'head';
      if (implicitHead) continue;
      for (const method of methods) {
        if (!doc.paths[openApiPath(route.url)]?.[method])
          missing.push(`${method.toUpperCase()} ${route.url}`);
      }
    }
    expect(missing).toEqual([]);
    // And nothing else: the document is the routes, not a hand-written list.
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    const registered = new Set(
      routes.flatMap((route) =>
        [route.method].flat().map((m) => `${m.toLowerCase()} ${openApiPath(route.url)}`),
      ),
    );
    expect(documented.filter((entry) => !registered.has(entry))).toEqual([]);
  });

  it('keeps out only served files and the demo identity provider', () => {
    const hidden = t.routes!.filter(notApi).map((route) => route.url);
    expect(hidden.length).toBeGreaterThan(0);
    for (const url of hidden) expect(url).toMatch(/^\/(idp\b|flags\/|assets\/|[^/]+\.\w+$)/);
    for (const path of Object.keys(doc.paths)) expect(path).not.toMatch(/^\/(idp|flags)\b/);
    expect(doc.paths['/metrics']?.get).toBeDefined();
    expect(doc.paths['/health/ready']?.get).toBeDefined();
  });

  it('takes its shapes from the zod schemas: parameters, request body and response', () => {
    const answer = doc.paths['/api/attempts/{id}/answers']!.post!;
    expect(answer.parameters).toEqual([
      expect.objectContaining({ in: 'path', name: 'id', required: true }),
    ]);
    const body = answer.requestBody!.content['application/json']!.schema;
    expect(body.required?.sort()).toEqual(['option', 'position']);
    const view = answer.responses['200']!.content!['application/json']!.schema;
    expect(view.properties?.status?.enum).toEqual(['pending', 'done']);
    // What a response schema omits never leaves the server, nor appears here.
    expect(JSON.stringify(doc)).not.toContain('correct_option');
    expect(Object.keys(doc.paths['/api/me']!.get!.responses)).toContain('200');
  });

  it('gives every operation an id, a summary, a tag and its security, naming any that lacks one', () => {
    const lacking: string[] = [];
    const ids = new Set<string>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations) as [
        string,
        OpenApiOperation & Record<string, unknown>,
      ][]) {
        const name = `${method.toUpperCase()} ${path}`;
        if (typeof operation.summary !== 'string' || operation.summary === '')
          lacking.push(
            `${name}: a summary (OPERATION_SUMMARIES in openapi-operations.ts, or schema.summary)`,
          );
        if (typeof operation.operationId !== 'string') lacking.push(`${name}: an operationId`);
        else if (ids.has(operation.operationId)) lacking.push(`${name}: a unique operationId`);
        else ids.add(operation.operationId);
        if (!Array.isArray(operation.tags) || operation.tags.length === 0)
          lacking.push(`${name}: a tag`);
        if (!Array.isArray(operation.security)) lacking.push(`${name}: its security`);
      }
    }
    expect(lacking).toEqual([]);
  });

  it('documents the session, the CSRF header, the error envelope and the redirects', () => {
    const me = doc.paths['/api/me']!.get! as OpenApiOperation & { security: unknown };
    expect(me.security).toEqual([{ session: [] }]);
    expect(me.responses['401']).toEqual({ $ref: '#/components/responses/Unauthenticated' });
    const registration = doc.paths['/api/me/registration']!.post! as OpenApiOperation & {
      security: unknown;
    };
    expect(registration.security).toEqual([{ session: [], csrf: [] }]);
    const teams = doc.paths['/api/organise/teams']!.get!;
    expect(teams.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
    expect(Object.keys(doc.paths['/login']!.get!.responses)).toContain('303');
    expect(doc.paths['/login']!.get!.responses['200']).toBeUndefined();
    expect(doc.paths['/health/ready']!.get!.responses['503']).toBeDefined();
    expect(doc.paths['/metrics']!.get!.responses['401']).toBeDefined();
  });
});

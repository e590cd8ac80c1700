import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { parse as parseQuery } from 'fast-querystring';
import type { ZodType } from 'zod';
import type { Database } from '../src/server/db/client';
import { findUnsafeText } from '../src/server/http/input-text';
import { ERROR_CODES } from '#shared/contracts/errors';

/**
 * The hostile-input suite's generator (docs/hostile-input.md): the app's own route inventory, bad
 * inputs derived from each route's schemas and a known-good body, and a fingerprint of every table
 * to prove that a refused request wrote nothing.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface ApiRoute {
  method: Method;
  url: string;
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  /** The route's own body limit, when it has one (the app's is 64 KB). */
  bodyLimit?: number;
}

/**
 * Every route a client can call, from the routes the app registered: /api/**, /health/**,
 * /login, /login/callback and /logout. The embedded identity provider (/idp, demos only) and
 * static files are left out; automatic HEAD routes too (they answer as GET, without a body).
 */
export function apiRoutes(routes: RouteOptions[]): ApiRoute[] {
  const found = new Map<string, ApiRoute>();
  for (const route of routes) {
    const { url } = route;
    if (!/^\/(api|health)\/|^\/(login|login\/callback|logout)$/.test(url)) continue;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = (route.schema ?? {}) as Record<string, ZodType | undefined>;
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      found.set(`${method} ${url}`, {
        method: method as Method,
        url,
        ...(schema.params ? { params: schema.params } : {}),
        ...(schema.querystring ? { querystring: schema.querystring } : {}),
        ...(schema.body ? { body: schema.body } : {}),
        ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      });
    }
  }
  return [...found.values()];
}

export const routeName = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
export const hasBody = (method: Method) => method !== 'GET';

// Values ------------------------------------------------------------------------------------

/** Values of the wrong type, or at the edges of what a number or a database integer holds. */
export const WRONG_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e308,
  -1e308,
  '',
  '1',
  'null',
  [],
  [1, 'a', null],
  {},
  { nested: { deeper: [1] } },
];

/** Text that breaks databases, logs or screens: NUL, broken UTF-16, bidi, huge and odd forms. */
export const HOSTILE_TEXT: Record<string, string> = {
  nul: '\u0000',
  'embedded nul': 'a\u0000b',
  'lone high surrogate': '\uD800',
  'lone low surrogate': 'a\uDC00b',
  'reversed surrogates': '\uDC00\uD800',
  'rtl override': '\u202Egnp.exe',
  'emoji zwj sequence': '👩‍👩‍👧‍👦🏳️‍🌈',
  'zero-width and bom': '\u200B\u200C\u200D\uFEFF',
  'combining marks': 'e\u0301'.repeat(300),
  'thai 20k': 'ก'.repeat(20_000),
  'ascii 50k': 'x'.repeat(50_000),
  'line separators': '\u0085\u2028\u2029',
  'crlf header injection': 'a\r\nSet-Cookie: evil=1',
  html: '<script>alert(1)</script>',
  sql: "'; drop table players; --",
  'format string': '%s%n%x%d',
  'path traversal': '../../etc/passwd',
  'math letters': '𝕳𝖊𝖑𝖑𝖔',
  'arabic ligature': 'ﷺ'.repeat(1000),
  'c0 controls': '\u0001\u0007\u001b[31m',
};

/** Fewer values for deeply nested fields, so that big bodies stay within a few hundred cases. */
const NESTED_VALUES: unknown[] = [
  null,
  42,
  [],
  {},
  HOSTILE_TEXT.nul,
  HOSTILE_TEXT['lone high surrogate'],
  HOSTILE_TEXT['ascii 50k'],
  HOSTILE_TEXT['rtl override'],
];

/** Path parameters: not numbers, too big, negative, uuid look-alikes, encodings that break. */
export const BAD_PARAMS: string[] = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
  '99999999999999999999',
  String(2 ** 31),
  String(2 ** 53 + 2),
  '%201',
  '00000000-0000-0000-0000-00000000000g',
  '6f0e1a9c8d0b4b479a4e2f6d1c3b5a70',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-0000-0000-000000000000',
  '%00',
  '1%00',
  '%ff',
  '%C0%AF',
  '%ED%A0%80',
  '%E2%80%AE1',
  '%F0%9F%8E%89',
  '..%2F..%2Fetc%2Fpasswd',
  "1'%20or%201=1--",
  'a'.repeat(120),
];

/** Query values; each is sent alone, repeated (an array) and as an object (`key[x]=`). */
export const BAD_QUERY_VALUES: string[] = [
  '',
  'abc',
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999',
  String(2 ** 31),
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%ff',
  '%E2%80%AE',
  '%F0%9F%98%80',
  'a'.repeat(5000),
  "'%20or%201=1--",
];

// Cases -------------------------------------------------------------------------------------

export interface HostileCase {
  label: string;
  method: Method;
  /** Path and query, already encoded. */
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  /**
   * The route's own schemas accept this input: the server may act on it (and write), so only
   * "never a 5xx" is asserted. Every other case must be refused with a 4xx and write nothing.
   */
  contractValid: boolean;
}

/** A route with the values that make its path, query and body valid. */
export interface RouteBase {
  params: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/** What the server accepts: the route's schema, and the text guard on every string. */
const accepts = (schema: ZodType | undefined, value: unknown) =>
  findUnsafeText(value) === null && (schema ? schema.safeParse(value).success : true);

/** The query as the server parses it (Fastify's own parser). */
const parsedQuery = (query: string) => ({ ...parseQuery(query) }) as Record<string, unknown>;

const APP_BODY_LIMIT = 64 * 1024;

/** The body as the server's JSON parser sees it, or undefined when it cannot parse it. */
function parsedJson(payload: string | Buffer, limit: number): { value: unknown } | undefined {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  if (bytes.length > limit || bytes.length === 0) return undefined;
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (/"(__proto__|constructor)"/.test(text)) return undefined;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

function fillPath(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${url}`);
    return value;
  });
}

function decodeOrNull(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

const queryString = (query: Record<string, string>) =>
  Object.entries(query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');

/** Every path to a value inside `value`, with its depth (top-level fields are depth 1). */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const here = prefix.length > 0 ? [prefix] : [];
  if (Array.isArray(value))
    return [...here, ...value.flatMap((item, index) => leafPaths(item, [...prefix, index]))];
  if (value !== null && typeof value === 'object')
    return [
      ...here,
      ...Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...prefix, key])),
    ];
  return here;
}

function setAt(root: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

/**
 * The bad inputs for one route: its path parameters, its query and its body, each broken in
 * every way above while the rest of the request stays valid (so that a case reaches as deep
 * into the service as it can).
 */
export function hostileCases(route: ApiRoute, base: RouteBase): HostileCase[] {
  const cases: HostileCase[] = [];
  const query = base.query ?? {};
  const path = fillPath(route.url, base.params);
  const withQuery = (p: string, q: string) => (q ? `${p}?${q}` : p);
  const goodUrl = withQuery(path, queryString(query));
  const bodyValid = route.body ? accepts(route.body, base.body ?? {}) : true;
  const goodJson = hasBody(route.method) ? JSON.stringify(base.body ?? {}) : undefined;
  const baseValid = bodyValid && accepts(route.querystring, query);
  const add = (c: Omit<HostileCase, 'method'>) => cases.push({ method: route.method, ...c });

  // Path parameters.
  for (const name of Object.keys(base.params)) {
    for (const raw of BAD_PARAMS) {
      const decoded = decodeOrNull(raw);
      const params = { ...base.params, [name]: raw };
      // The router refuses a parameter it cannot decode, or one over 100 characters.
      add({
        label: `param ${name}=${raw.slice(0, 40)}`,
        url: withQuery(fillPath(route.url, params), queryString(query)),
        ...(goodJson !== undefined ? { payload: goodJson } : {}),
        contractValid:
          decoded !== null &&
          raw.length <= 100 &&
          baseValid &&
          accepts(route.params, { ...base.params, [name]: decoded }) &&
          accepts(route.querystring, query),
      });
    }
  }

  // Query strings: each known key broken, repeated, nested; unknown keys.
  const queryKeys = new Set([...Object.keys(query), ...schemaKeys(route.querystring)]);
  const queryCase = (label: string, qs: string) =>
    add({
      label,
      url: withQuery(path, qs),
      ...(goodJson !== undefined ? { payload: goodJson } : {}),
      contractValid: bodyValid && accepts(route.querystring, parsedQuery(qs)),
    });
  for (const key of queryKeys) {
    const rest = queryString(omit(query, key));
    const join = (extra: string) => [rest, extra].filter(Boolean).join('&');
    for (const raw of BAD_QUERY_VALUES) {
      queryCase(`query ${key}=${raw.slice(0, 30)}`, join(`${key}=${raw}`));
      queryCase(`query ${key} twice=${raw.slice(0, 30)}`, join(`${key}=${raw}&${key}=1`));
      queryCase(`query ${key}[x]=${raw.slice(0, 30)}`, join(`${key}[x]=${raw}`));
    }
  }
  for (const extra of [
    'zzz=1',
    'zzz=%00',
    '__proto__[x]=1',
    '__proto__=1',
    'constructor[prototype][x]=1',
  ]) {
    queryCase(`query extra ${extra}`, [queryString(query), extra].filter(Boolean).join('&'));
  }

  // Headers the server reads itself: the language and the cookies.
  const hostileHeaders: [string, Record<string, string>][] = [
    ['accept-language 8 KB', { 'accept-language': 'x-'.repeat(4000) }],
    ['accept-language odd', { 'accept-language': ',,;q=NaN,*;q=-1,zz-ZZ-x-yy;q=2,;;,=' }],
    ['accept-language latin-1', { 'accept-language': '\u00e9\u00ff-\u00c0' }],
    ['cookie without =', { cookie: 'podium_session' }],
    ['cookie full of separators', { cookie: '=;=;;;podium_session==;%' }],
    ['cookie 500 times', { cookie: Array(500).fill('a=1').join('; ') }],
  ];
  for (const [label, headers] of hostileHeaders) {
    add({
      label: `header ${label}`,
      url: goodUrl,
      ...(goodJson !== undefined ? { payload: goodJson } : {}),
      headers,
      contractValid: baseValid,
    });
  }
  // A method the route does not have (no route in the app uses PATCH): 404 in our shape.
  if (route.method !== 'PATCH') {
    cases.push({
      label: 'method PATCH',
      method: 'PATCH',
      url: goodUrl,
      payload: goodJson ?? '{}',
      contractValid: false,
    });
  }

  if (!hasBody(route.method)) {
    // A GET with a body: the body is ignored, never parsed into a 500.
    add({ label: 'GET with a broken JSON body', url: goodUrl, payload: '{', contractValid: true });
    return cases;
  }

  // Whole bodies: not JSON, not an object, the wrong content type, too big.
  const rawBodies: [string, string | Buffer, string][] = [
    ['empty', '', 'application/json'],
    ['truncated', '{"a":', 'application/json'],
    ['not json', 'hello', 'application/json'],
    ['trailing garbage', `${goodJson}}`, 'application/json'],
    ['single quotes', "{'a':1}", 'application/json'],
    ['NaN literal', '{"a":NaN}', 'application/json'],
    ['deep nesting', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'application/json'],
    ['__proto__', '{"__proto__":{"polluted":true}}', 'application/json'],
    [
      'constructor.prototype',
      '{"constructor":{"prototype":{"polluted":true}}}',
      'application/json',
    ],
    ['byte-order mark', `\uFEFF${goodJson}`, 'application/json'],
    [
      'overlong utf-8',
      Buffer.from([0x7b, 0x22, 0xc0, 0xaf, 0x22, 0x3a, 0x31, 0x7d]),
      'application/json',
    ],
    [
      'invalid utf-8',
      Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
      'application/json',
    ],
    [
      'cesu-8 surrogate',
      Buffer.from([0x7b, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x3a, 0x31, 0x7d]),
      'application/json',
    ],
    ['utf-16 body', Buffer.from(`\uFEFF${goodJson}`, 'utf16le'), 'application/json'],
    ['json over 64 KB', JSON.stringify({ pad: 'x'.repeat(70 * 1024) }), 'application/json'],
    ['json over 2 MB', JSON.stringify({ pad: 'x'.repeat(2_200_000) }), 'application/json'],
    ['text/plain', goodJson!, 'text/plain'],
    ['xml', '<a>1</a>', 'application/xml'],
    ['form', 'a=1&b=2', 'application/x-www-form-urlencoded'],
    [
      'multipart',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      'multipart/form-data; boundary=x',
    ],
    ['json with latin-1 charset', goodJson!, 'application/json; charset=latin1'],
    ['json with a bogus type', goodJson!, 'application/json-but-not'],
    ['no content type', goodJson!, ''],
  ];
  for (const scalar of ['null', 'true', '42', '"text"', '[]', `[${goodJson}]`]) {
    rawBodies.push([`json ${scalar.slice(0, 12)}`, scalar, 'application/json']);
  }
  const limit = route.bodyLimit ?? APP_BODY_LIMIT;
  for (const [label, payload, contentType] of rawBodies) {
    const json = contentType.startsWith('application/json;') || contentType === 'application/json';
    const parsed = json
      ? parsedJson(payload, limit)
      : contentType === 'text/plain' && payload.length <= limit
        ? { value: String(payload) }
        : undefined;
    add({
      label: `body ${label}`,
      url: goodUrl,
      payload,
      contentType,
      contractValid:
        parsed !== undefined &&
        accepts(route.querystring, query) &&
        accepts(route.body, parsed.value),
    });
  }

  // Fields: each one missing, of the wrong type, hostile text; extra fields.
  const body = base.body;
  if (body !== null && typeof body === 'object') {
    for (const path of leafPaths(body)) {
      const current = path.reduce<unknown>(
        (node, key) => (node as Record<string, unknown>)[key],
        body,
      );
      // Every wrong value for the fields near the top, hostile text for their strings; a few
      // for containers and deeper fields, so that big bodies stay within a few hundred cases.
      const values =
        path.length > 2 || (current !== null && typeof current === 'object')
          ? NESTED_VALUES
          : typeof current === 'string'
            ? [...WRONG_VALUES, ...Object.values(HOSTILE_TEXT)]
            : WRONG_VALUES;
      const field = path.join('.');
      const variants: [string, unknown][] = [
        ['missing', setAt(body, path, undefined, true)],
        ...values.map((value, index): [string, unknown] => [
          `value #${index} ${describe(value)}`,
          setAt(body, path, value),
        ]),
      ];
      if (Array.isArray(current)) {
        variants.push(['huge array', setAt(body, path, Array(20_000).fill(current[0] ?? 0))]);
        variants.push(['array + 1', setAt(body, path, [...current, current[0] ?? 0])]);
      }
      if (current !== null && typeof current === 'object' && !Array.isArray(current)) {
        variants.push(['extra field', setAt(body, path, { ...current, unexpected: 1 })]);
      }
      for (const [what, mutated] of variants) {
        const payload = JSON.stringify(mutated);
        add({
          label: `field ${field} ${what}`,
          url: goodUrl,
          payload,
          contentType: 'application/json',
          contractValid:
            Buffer.byteLength(payload) <= limit &&
            accepts(route.querystring, query) &&
            accepts(route.body, mutated),
        });
      }
    }
    add({
      label: 'field extra at the top',
      url: goodUrl,
      payload: JSON.stringify({ ...(body as object), unexpected: 1 }),
      contentType: 'application/json',
      contractValid: baseValid && accepts(route.body, { ...(body as object), unexpected: 1 }),
    });
  }
  return cases;
}

function omit(record: Record<string, string>, key: string) {
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));
}

function schemaKeys(schema: ZodType | undefined): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

function describe(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? '');
  return text.length > 24 ? `${text.slice(0, 20)}…(${text.length})` : text;
}

// Checks ------------------------------------------------------------------------------------

/** A refusal in our shape: a JSON `{ error: { code, message } }` with a known code. */
export function expectJsonError(response: LightMyRequestResponse, label: string): void {
  expect(response.headers['content-type'], label).toMatch(/^application\/json/);
  const body = response.json() as { error?: { code?: unknown; message?: unknown } };
  expect(ERROR_CODES as readonly unknown[], `${label}: ${response.body}`).toContain(
    body.error?.code,
  );
  expect(typeof body.error?.message, label).toBe('string');
  expect((body.error!.message as string).trim(), label).not.toBe('');
  // No stack trace, file path or SQL reaches the client.
  expect(response.body, label).not.toMatch(
    /node_modules|\bat \S+ \(|\.ts:\d+|\bselect\b.*\bfrom\b/i,
  );
}

/**
 * A fingerprint of every table's whole content: equal before and after a batch of requests
 * means the batch wrote nothing. One query, so that it stays cheap enough to take often.
 */
export async function databaseFingerprint(db: Database): Promise<Record<string, string>> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const columns = tables.rows
    .map(
      ({ table_name: name }) =>
        `(select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') from "${name}" t) as "${name}"`,
    )
    .join(', ');
  const result = (await db.execute(sql.raw(`select ${columns}`))) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows[0]!;
}

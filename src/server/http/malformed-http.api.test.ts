import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#shared/contracts/errors';
import { createTestApp, signIn, TEST_ORIGIN, type TestApp } from '../../../tests/test-app';
import { CSRF_HEADER } from './security';

/**
 * Malformed HTTP answers in the house format `{ error: { code, message } }`, never Fastify's
 * `{ error, message, statusCode }`: framing errors that Node's parser refuses before Fastify
 * (on a raw socket), and body errors that Fastify refuses (through inject).
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Writes `text` on a new connection and reads everything until the server closes it. */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (out += chunk));
    socket.on('close', () => resolve(out));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      // The server may close while a large request is still being written.
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? resolve(out) : reject(error),
    );
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
  });
}

function parse(response: string) {
  const [head = '', body = ''] = response.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

const HOST = `Host: ${new URL(TEST_ORIGIN).host}\r\n`;
/**
 * A request whose framing breaks only in its body must get past the CSRF check, which answers
 * as soon as the headers are in: the body is then read, and its bad framing is what is answered.
 */
const PASSES_CSRF = `${CSRF_HEADER}: 1\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: application/json\r\n`;
const FRAMING: [string, string, number, string][] = [
  ['an unknown method token', `GET\t/ HTTP/1.1\r\n${HOST}\r\n`, 400, 'BAD_REQUEST'],
  ['a garbage request line', `HELLO\r\n\r\n`, 400, 'BAD_REQUEST'],
  ['an HTTP version that does not exist', `GET / HTTP/9.9\r\n${HOST}\r\n`, 400, 'BAD_REQUEST'],
  [
    'a header line without a colon',
    `GET / HTTP/1.1\r\n${HOST}Bad Header\r\n\r\n`,
    400,
    'BAD_REQUEST',
  ],
  ['a NUL in the URL', `GET /a\0b HTTP/1.1\r\n${HOST}\r\n`, 400, 'BAD_REQUEST'],
  [
    'Content-Length with Transfer-Encoding (request smuggling)',
    `POST /logout HTTP/1.1\r\n${HOST}Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    400,
    'BAD_REQUEST',
  ],
  [
    'two different Content-Lengths',
    `POST /logout HTTP/1.1\r\n${HOST}Content-Length: 1\r\nContent-Length: 2\r\n\r\nab`,
    400,
    'BAD_REQUEST',
  ],
  [
    'a Content-Length that is not a number',
    `POST /logout HTTP/1.1\r\n${HOST}Content-Length: abc\r\n\r\n`,
    400,
    'BAD_REQUEST',
  ],
  [
    'a chunk size that is not hexadecimal',
    `POST /logout HTTP/1.1\r\n${HOST}${PASSES_CSRF}Transfer-Encoding: chunked\r\n\r\nZZ\r\nab\r\n`,
    400,
    'BAD_REQUEST',
  ],
  [
    'a transfer coding other than chunked last',
    `POST /logout HTTP/1.1\r\n${HOST}${PASSES_CSRF}Transfer-Encoding: gzip\r\n\r\n`,
    400,
    'BAD_REQUEST',
  ],
  [
    'headers over 16 KB',
    `GET / HTTP/1.1\r\n${HOST}X-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    431,
    'HEADERS_TOO_LARGE',
  ],
  [
    'a URL over 16 KB',
    `GET /${'a'.repeat(20_000)} HTTP/1.1\r\n${HOST}\r\n`,
    431,
    'HEADERS_TOO_LARGE',
  ],
];

describe('framing errors, on a raw socket', () => {
  it.each(FRAMING)('answers %s in the house format', async (_name, request, status, code) => {
    const response = parse(await raw(request));
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.connection).toBe('close');
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body));
    expect(JSON.parse(response.body)).toEqual({ error: { code, message: expect.any(String) } });
    expect(ERROR_CODES).toContain(code);
  });

  it('still serves a well-formed request on the same port afterwards', async () => {
    const response = parse(
      await raw(`GET /health/live HTTP/1.1\r\n${HOST}Connection: close\r\n\r\n`),
    );
    expect(response.status).toBe(200);
  });

  it('answers a bad request that follows a good one on a kept-alive connection', async () => {
    const text = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write(`GET /health/live HTTP/1.1\r\n${HOST}\r\n`),
      );
      let out = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        // The first answer is in: the same connection then sends a malformed request.
        if (!out) socket.write(`GET / HTTP/1.1\r\n${HOST}Bad Header\r\n\r\n`);
        out += chunk;
      });
      socket.on('close', () => resolve(out));
      socket.on('error', reject);
    });
    const second = text.slice(text.indexOf('HTTP/1.1', 10));
    expect(parse(text).status).toBe(200);
    expect(parse(second).status).toBe(400);
    expect(JSON.parse(parse(second).body).error.code).toBe('BAD_REQUEST');
  });
});

describe('body errors, through Fastify', () => {
  let cookie: string;
  beforeAll(async () => {
    ({ cookie } = await signIn(t.app, 'demo-ana'));
  });
  const post = (payload: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/weeks/current/attempt',
      headers: { cookie, [CSRF_HEADER]: '1', origin: TEST_ORIGIN, ...headers },
      payload,
    });

  const BODIES: [string, string, Record<string, string>, number, string][] = [
    [
      'JSON that does not parse',
      '{"a":',
      { 'content-type': 'application/json' },
      400,
      'INVALID_JSON',
    ],
    ['an empty JSON body', '', { 'content-type': 'application/json' }, 400, 'INVALID_JSON'],
    [
      'a __proto__ key',
      '{"__proto__":{"admin":true}}',
      { 'content-type': 'application/json' },
      400,
      'INVALID_JSON',
    ],
    [
      'a constructor.prototype key',
      '{"constructor":{"prototype":{"admin":true}}}',
      { 'content-type': 'application/json' },
      400,
      'INVALID_JSON',
    ],
    ['an XML body', '<a/>', { 'content-type': 'application/xml' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    [
      'a form body',
      'a=1',
      { 'content-type': 'application/x-www-form-urlencoded' },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a content type that is not one',
      '{}',
      { 'content-type': '???' },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a body over 64 KB',
      JSON.stringify({ a: 'x'.repeat(70 * 1024) }),
      { 'content-type': 'application/json' },
      413,
      'PAYLOAD_TOO_LARGE',
    ],
  ];

  it.each(BODIES)(
    'answers %s in the house format',
    async (_name, payload, headers, status, code) => {
      const response = await post(payload, headers);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error: { code, message: expect.any(String) } });
    },
  );
});

import type { FastifyRequest } from 'fastify';

/** Query parameters that carry secrets (authorization codes, tokens) and must not be logged. */
const SECRET_PARAMS = [
  'code',
  'state',
  'nonce',
  'id_token_hint',
  'token',
  'access_token',
  'refresh_token',
  'code_verifier',
  'message',
];

/** The request URL as logged: secret parameters masked. Headers (cookies) are never logged. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of SECRET_PARAMS) if (params.has(name)) params.set(name, '[redacted]');
  return `${url.slice(0, at)}?${params.toString()}`;
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});

import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { redactUrl, requestSerializer } from './logging';

describe('redactUrl', () => {
  it('masks the authorization code and state of a sign-in callback', () => {
    const logged = redactUrl('/login/callback?code=SECRET_CODE&state=SECRET_STATE&iss=x');
    expect(logged).not.toContain('SECRET');
    const params = new URL(logged, 'http://x').searchParams;
    expect(params.get('code')).toBe('[redacted]');
    expect(params.get('state')).toBe('[redacted]');
    expect(params.get('iss')).toBe('x');
  });

  it('masks the ID token hint of an end-session URL', () => {
    const logged = redactUrl(
      '/idp/session/end?id_token_hint=eyJ.SECRET.sig&post_logout_redirect_uri=http%3A%2F%2Fpodium.test%2F',
    );
    expect(logged).not.toContain('SECRET');
    const params = new URL(logged, 'http://x').searchParams;
    expect(params.get('id_token_hint')).toBe('[redacted]');
    expect(params.get('post_logout_redirect_uri')).toBe('http://podium.test/');
  });

  it('masks tokens, nonces and PKCE verifiers', () => {
    const logged = redactUrl(
      '/x?access_token=A1&refresh_token=R1&token=T1&nonce=N1&code_verifier=V1',
    );
    for (const secret of ['A1', 'R1', 'T1', 'N1', 'V1']) expect(logged).not.toContain(secret);
  });

  it('leaves URLs without a query untouched', () => {
    expect(redactUrl('/api/me')).toBe('/api/me');
    expect(redactUrl('/leaderboard?week=2')).toBe('/leaderboard?week=2');
  });
});

describe('requestSerializer', () => {
  it('logs method, redacted URL and address, and never headers such as cookies', () => {
    const request = {
      method: 'GET',
      url: '/login/callback?code=SECRET',
      ip: '127.0.0.1',
      headers: { cookie: 'podium_session=SECRET', authorization: 'Bearer SECRET' },
    } as unknown as FastifyRequest;
    const logged = requestSerializer(request);
    expect(logged).toEqual({
      method: 'GET',
      url: '/login/callback?code=%5Bredacted%5D',
      remoteAddress: '127.0.0.1',
    });
    expect(JSON.stringify(logged)).not.toContain('SECRET');
  });
});
